import * as bcrypt from 'bcrypt';
import { createHmac } from 'node:crypto';

/** bcrypt reads only the first 72 bytes of a password: the rest would be cut without a word. */
const BCRYPT_MAX_BYTES = 72;

/** Marks a hash of a password longer than bcrypt reads, hashed through HMAC-SHA256 first. */
const LONG_PASSWORD_PREFIX = '$hs256$';

/**
 * A password longer than 72 bytes of UTF-8 is reduced to 44 characters (base64 of HMAC-SHA256 under a fixed label,
 * so the digest is not a plain SHA-256 found in leaked lists) before bcrypt, which then sees every byte of it.
 * Passwords of up to 72 bytes are hashed as they always were, so every stored hash keeps verifying.
 */
const preHash = (password: string): string =>
  createHmac('sha256', 'tailgate-picks password v1').update(password, 'utf8').digest('base64');

const isLong = (password: string): boolean => Buffer.byteLength(password, 'utf8') > BCRYPT_MAX_BYTES;

export async function hashPassword(password: string, rounds: number): Promise<string> {
  if (!isLong(password)) return bcrypt.hash(password, rounds);
  return LONG_PASSWORD_PREFIX + (await bcrypt.hash(preHash(password), rounds));
}

/** Whether `password` is the one `hash` was made from: every password check (logins, confirmations) comes here. */
export function verifyPassword(password: string, hash: string): Promise<boolean> {
  if (hash.startsWith(LONG_PASSWORD_PREFIX)) return bcrypt.compare(preHash(password), hash.slice(LONG_PASSWORD_PREFIX.length));
  // Hashes made before long passwords were pre-hashed (every one of up to 72 bytes, and older longer ones): as before.
  return bcrypt.compare(password, hash);
}
