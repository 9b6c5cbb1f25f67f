import { createHash, hkdfSync, randomBytes } from 'node:crypto';

/** A random URL-safe token for e-mailed links; only its hash is stored. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A 32-byte key for one use, derived from the server's secret by HKDF-SHA256 with that use's label as `info`: a key
 * derived for one purpose (a calendar feed's MAC, the outbox's seal) can never stand in for another or for a session
 * signature. A changed server secret changes every such key.
 */
export function derivedKey(serverSecret: string, label: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, Buffer.alloc(0), label, 32));
}
