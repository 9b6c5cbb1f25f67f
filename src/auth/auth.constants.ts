/** A password reset link works for this long, once. */
export const PASSWORD_RESET_TTL_MS = 2 * 60 * 60 * 1000;
/** How long a login stays throttled after too many failures. */
export const LOGIN_BLOCK_SECONDS = 15 * 60;
/** At most this many reset e-mails per address per hour; more requests are answered but not sent. */
export const PASSWORD_RESET_REQUESTS_PER_HOUR = 5;
/** The answer to every reset request, whether or not the account exists. */
export const PASSWORD_RESET_REQUESTED_MESSAGE =
  'If an account exists for that e-mail address, a link to reset the password has been sent to it.';
/** The first admin's one-time setup link (printed once at the first start) works for this long, once. */
export const FIRST_ADMIN_SETUP_TTL_MS = 24 * 60 * 60 * 1000;
/** A session's last_seen_at is written at most this often: the list of sessions needs minutes, not every request. */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60 * 1000;
