import { ThrottlePolicy, tryAgainIn } from '../security/throttles.service';

/** A password reset link works for this long, once. */
export const PASSWORD_RESET_TTL_MS = 2 * 60 * 60 * 1000;
/** How long a login stays throttled after too many failures from one address. */
export const LOGIN_BLOCK_SECONDS = 15 * 60;
/** The first wait of the per-account delay; each further attempt past the limit doubles it, up to LOGIN_DELAY_MAX. */
export const LOGIN_DELAY_FIRST_MS = 1000;
/** How long an address that logged in to an account is spared that account's delay. */
export const LOGIN_KNOWN_ADDRESS_SECONDS = 30 * 24 * 3600;
/** At most this many reset requests per e-mail address per hour. */
export const PASSWORD_RESET_REQUESTS_PER_HOUR = 5;
/** The answer to every reset request, whether or not the account exists. */
export const PASSWORD_RESET_REQUESTED_MESSAGE =
  'If an account exists for that e-mail address, a link to reset the password has been sent to it.';
/** The first admin's one-time setup link (printed once at the first start) works for this long, once. */
export const FIRST_ADMIN_SETUP_TTL_MS = 24 * 60 * 60 * 1000;
/** A session's last_seen_at is written at most this often: the list of sessions needs minutes, not every request. */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export const loginRefused = (waitMs: number) => `Too many failed login attempts. ${tryAgainIn(waitMs)}`;
export const passwordChangeRefused = (waitMs: number) => `Too many failed password attempts. ${tryAgainIn(waitMs)}`;
/**
 * Current passwords tried by a signed-in session (a password change, a re-authentication), per account and shared by
 * both, as a login's per e-mail and address: LOGIN_MAX_FAILURES in 15 minutes, then 429 for 15 minutes. Only someone
 * signed in to the account can try, so no delay spares others. A right password clears the count.
 */
export const currentPasswordChecks = (maxFailures: number): ThrottlePolicy => ({
  name: 'password-change',
  points: maxFailures,
  durationSeconds: LOGIN_BLOCK_SECONDS,
  blockSeconds: LOGIN_BLOCK_SECONDS,
  message: passwordChangeRefused,
});
const requestsRefused = (waitMs: number) => `Too many requests. ${tryAgainIn(waitMs)}`;

/** The throttles of the account routes besides login (docs/decisions.md, "ThrottlesService"). */
export const ACCOUNT_THROTTLES = {
  /** POST /register, per address: failed registrations only (a made-up, used or expired link, a bad body). */
  register: { name: 'register-ip', points: 20, durationSeconds: 3600, message: requestsRefused },
  /** POST /password_resets, per e-mail address asked for (known or not, so the answer tells nothing). */
  resetByEmail: {
    name: 'reset-email',
    points: PASSWORD_RESET_REQUESTS_PER_HOUR,
    durationSeconds: 3600,
    message: (waitMs: number) => `Too many password reset requests. ${tryAgainIn(waitMs)}`,
  },
  /** POST /password_resets, per address. */
  resetByAddress: { name: 'reset-ip', points: 20, durationSeconds: 3600, message: requestsRefused },
  /** GET and PATCH /password_resets/:token, per address: failures only (an unknown or spent link, a bad body). */
  resetToken: { name: 'reset-token-ip', points: 30, durationSeconds: 15 * 60, message: requestsRefused },
} satisfies Record<string, ThrottlePolicy>;
