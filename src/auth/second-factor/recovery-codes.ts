import { createHash, randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from './second-factor.constants';

/**
 * Recovery codes: 64 random bits each, shown as four groups of four hex digits. They are stored as plain SHA-256: a
 * slow hash guards guessable secrets (passwords); 2^64 random values cannot be walked through from a stolen hash,
 * and the sign-in's throttle bounds guesses online (docs/decisions.md, "Admin second factor").
 */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => (randomBytes(8).toString('hex').match(/.{4}/g) as string[]).join('-'));
}

/** What a typed code is compared as: lower case, without the dashes and spaces people add or drop. */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code.toLowerCase().replace(/[^0-9a-f]/g, '')).digest('hex');
}

/** Six digits (spaces allowed, as apps show "123 456") is an authenticator code; anything else a recovery code. */
export function authenticatorCode(code: string): string | null {
  const digits = code.replace(/\s/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}
