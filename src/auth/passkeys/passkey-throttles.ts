import { ThrottlePolicy, tryAgainIn } from '../../security/throttles.service';

const refused = (waitMs: number) => `Too many failed passkey attempts. ${tryAgainIn(waitMs)}`;

/**
 * Passkey throttles, per address. Sign-ins and confirmations count failures only: members behind one office address
 * share it, and a passkey cannot be guessed, so only broken or replayed assertions are worth slowing down.
 */
export const PASSKEY_THROTTLES = {
  login: { name: 'passkey-login-ip', points: 30, durationSeconds: 15 * 60, blockSeconds: 15 * 60, message: refused },
  reauthenticate: { name: 'passkey-reauth-ip', points: 30, durationSeconds: 15 * 60, blockSeconds: 15 * 60, message: refused },
  /** Challenges are rows: handing them out is bounded too (each is kept 5 minutes). */
  options: { name: 'passkey-options-ip', points: 300, durationSeconds: 15 * 60, message: (waitMs: number) => `Too many requests. ${tryAgainIn(waitMs)}` },
} satisfies Record<string, ThrottlePolicy>;
