import type { AuthProvider } from 'react-admin';
import { logOut } from '../api/logout';
import { session } from '../session/session';

/**
 * The admin console signs in through the app's own login page and session (one login for both sides). A 401 is
 * already handled by the shared API client (session-expired notice, then /login), so react-admin only reads it.
 */
export const authProvider: AuthProvider = {
  login: () => Promise.reject(new Error('Sign in on the login page')),
  logout: () => {
    void logOut();
    return Promise.resolve('/login');
  },
  checkAuth: () => (session.token() ? Promise.resolve() : Promise.reject({ redirectTo: '/login', message: false })),
  // The API client already ran the session-expired flow on a 401; other failures are the screens' to show.
  checkError: () => Promise.resolve(),
  getIdentity: () => {
    const user = session.user();
    return user ? Promise.resolve({ id: user.id, fullName: user.name || user.email }) : Promise.reject(new Error('No session'));
  },
  getPermissions: () => Promise.resolve(session.user()?.role ?? null),
};
