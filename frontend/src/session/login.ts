import type { SessionUser } from './session';
import { ENROLMENT_PATH } from './enrolmentRedirect';

/**
 * The login screen's words and its landing rule, shared by the app's login page (pages/LoginPage.tsx, reached inside
 * the app) and the light one the server sends when /login is opened directly (account/LoginScreen.tsx).
 */
export const LOGIN_TEXTS = { failed: 'Login failed', signIn: 'Sign In', signingIn: 'Signing In...', forgot: 'Forgot your password?' } as const;

/** What other screens may hand to the login page through navigation state. */
export interface LoginState {
  /** A success message to show (a finished password reset). */
  message?: string;
  /** The e-mail to fill in (after registering or resetting). */
  email?: string;
  /** Set by the session-expired flow (docs/product.md#states). */
  sessionExpired?: boolean;
  /** The page (path and query) the visitor was on when the session ended or a protected page sent them here. */
  from?: string;
  /** Whose session ended: only the same user is returned to `from` after a session expired. */
  fromUserId?: number;
}

/**
 * Where a successful login goes: back to the page the session ended on (or the protected page that sent the visitor
 * here), else the landing of docs/product.md#screens: /admin for an admin, /dashboard for anyone else. A session that expired returns
 * only the user it belonged to; another account signing in on the same device lands as usual.
 */
export function landingAfterLogin(user: Pick<SessionUser, 'id' | 'role' | 'second_factor_enrolment_required'>, state: LoginState | null): string {
  // An admin who must set up a second factor can do nothing else first.
  if (user.second_factor_enrolment_required) return ENROLMENT_PATH;
  const home = user.role === 'admin' ? '/admin' : '/dashboard';
  const from = state?.from;
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/login')) return home;
  if (state.fromUserId !== undefined && state.fromUserId !== user.id) return home;
  return from;
}

