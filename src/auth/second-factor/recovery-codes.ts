import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from './second-factor.constants';

/**
 * Recovery codes: 64 random bits each, shown as four groups of four hex digits. Each is stored as SHA-256 over a
 * random salt of its own and the code (`salt$hash`), as ASVS 2.6.2 asks of look-up secrets under 112 bits: a slow
 * hash guards guessable secrets (passwords), not 2^64 random values, and the sign-in's throttle bounds guesses
 * online (docs/decisions.md, "Admin second factor").
 */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => (randomBytes(8).toString('hex').match(/.{4}/g) as string[]).join('-'));
}

/** What a typed code is compared as: lower case, without the dashes and spaces people add or drop. */
const normalized = (code: string) => code.toLowerCase().replace(/[^0-9a-f]/g, '');
const digest = (salt: string, code: string) => createHash('sha256').update(`${salt}$${normalized(code)}`).digest('hex');

/** The stored form of a new code: `salt$sha256(salt$code)`. */
export function recoveryCodeHash(code: string): string {
  const salt = randomBytes(16).toString('base64url');
  return `${salt}$${digest(salt, code)}`;
}

/** Whether a typed code is the one a stored form was made from. */
export function recoveryCodeMatches(stored: string, code: string): boolean {
  const [salt, hash] = stored.split('$');
  if (!salt || !hash) return false;
  return timingSafeEqual(Buffer.from(digest(salt, code), 'hex'), Buffer.from(hash, 'hex'));
}

/** Six digits (spaces allowed, as apps show "123 456") is an authenticator code; anything else a recovery code. */
export function authenticatorCode(code: string): string | null {
  const digits = code.replace(/\s/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}
