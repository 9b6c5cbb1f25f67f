import { api } from './client';
import type { Session } from './types';
export { ENROLMENT_PATH } from '../session/enrolmentRedirect';

/** The admin's second factor in the web app: the sign-in's code step, the set-up page, the lock-out's landing. */
export const SECOND_FACTOR_TEXTS = {
  codeLabel: 'Enter the 6-digit code from your authenticator app',
  recoveryLabel: 'Enter one of your recovery codes',
  useRecovery: 'Use a recovery code',
  useApp: 'Use your authenticator app',
  verify: 'Verify',
  verifying: 'Verifying...',
  failed: 'That code did not work',
  startOver: 'Start over',
  passkeyOnly: 'This admin account finishes signing in with its passkey: choose “Sign in with a passkey”.',
} as const;

/** The password step's answer for an admin with a second factor. */
export interface SecondFactorChallenge {
  second_factor_required: true;
  challenge: string;
  methods: ('totp' | 'recovery_code' | 'passkey')[];
}

export type LoginAnswer = Session | SecondFactorChallenge;

export const isChallenge = (answer: LoginAnswer): answer is SecondFactorChallenge => 'second_factor_required' in answer;

/** An admin whose only strong factor is a passkey has no code to give: the passkey sign-in is their way in. */
export const passkeyOnly = (challenge: SecondFactorChallenge): boolean => !challenge.methods.includes('totp');

/** The second step: the challenge with a code (an app's 6 digits or a recovery code) gives the session. */
export const finishSignIn = (challenge: string, code: string) =>
  api<Session>('/users/login/second_factor', { method: 'POST', body: { challenge, code }, isLogin: true });
