import { tryAgainIn, type ThrottlePolicy } from '../../security/throttles.service';

/** How many recovery codes an admin gets at a time. */
export const RECOVERY_CODE_COUNT = 10;
/** The sign-in's second step must follow the password within this long. */
export const SECOND_FACTOR_CHALLENGE_TTL_SECONDS = 5 * 60;
/** The challenge's JWT audience: no other token of the app carries it, and it carries no session. */
export const SECOND_FACTOR_CHALLENGE_AUDIENCE = 'second-factor';
/** An authenticator's code is accepted one 30-second step either side of the server's time (clock drift). */
export const TOTP_TOLERANCE_SECONDS = 30;
/** The issuer an authenticator app shows beside the account. */
export const TOTP_ISSUER_FALLBACK = 'Tailgate Picks';

export const SECOND_FACTOR_MESSAGES = {
  enrolmentRequired: 'Set up a second factor to continue.',
  wrongCode: 'That code is not valid. Check your authenticator app and try again.',
  challengeExpired: 'Your sign-in has expired. Enter your e-mail and password again.',
  noEnrolment: 'Start setting up the authenticator app first.',
  alreadyEnrolled: 'An authenticator app is already set up. Remove it first to set up another one.',
  notEnrolled: 'No authenticator app is set up.',
  keepRequired: 'Admins must keep a second factor on this server.',
  notYourself: 'Change your own second factor on your profile page.',
  notAdmin: 'Only admins have a second factor.',
} as const;

/**
 * Wrong codes per account (the sign-in's second step, and the code confirmations): 5 in 15 minutes, then 429 for
 * 15 minutes. Counted before the code is checked; a right code wipes the count.
 */
export const SECOND_FACTOR_THROTTLE: ThrottlePolicy = {
  name: 'second-factor',
  points: 5,
  durationSeconds: 15 * 60,
  blockSeconds: 15 * 60,
  message: (waitMs: number) => `Too many wrong codes. ${tryAgainIn(waitMs)}`,
};
