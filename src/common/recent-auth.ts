import { ForbiddenException } from '@nestjs/common';

/** How long a proof of identity (a sign-in, a password, a passkey or a code given again) lets a session make sensitive changes. */
export const RECENT_AUTH_WINDOW_MS = 5 * 60 * 1000;

export const REAUTHENTICATION_REQUIRED_MESSAGE = "Confirm it's you to make this change.";

/** Until when a proof made at `at` counts. */
export const recentAuthUntil = (at: Date): Date => new Date(at.getTime() + RECENT_AUTH_WINDOW_MS);

/**
 * A sensitive change asked of a session whose last proof is too old: 403 with `reauthentication_required`, on which
 * the web app asks for the password (or a passkey, a code) and sends the change again.
 */
export class ReauthenticationRequiredException extends ForbiddenException {
  constructor() {
    super({ errors: [REAUTHENTICATION_REQUIRED_MESSAGE], reauthentication_required: true });
  }
}

/**
 * Whether the session behind a request proved who its owner is within RECENT_AUTH_WINDOW_MS. The auth domain
 * provides it to the whole app; it is declared here so that a service below auth (users) can ask it when only the
 * service can tell whether a change is sensitive (a role or an e-mail that actually changes).
 */
export abstract class RecentAuthCheck {
  /** Resolves when the session (its public id) proved its owner recently; else throws ReauthenticationRequiredException. */
  abstract require(sessionId: string | undefined): Promise<void>;
}
