import { createHmac, timingSafeEqual } from 'node:crypto';
import { derivedKey } from '../common/tokens';

/** What a feed token names: whose feed, and which version of its URL (rotating bumps it). */
export interface CalendarClaims {
  userId: number;
  version: number;
}

/** The label the feed's key is derived under (derivedKey). */
const KEY_LABEL = 'tailgate-picks calendar feed token v1';
const PAYLOAD_BYTES = 8;
const MAC_BYTES = 32;
const TOKEN_BYTES = PAYLOAD_BYTES + MAC_BYTES;
const UINT32_MAX = 0xffff_ffff;

/**
 * The calendar feed's tokens (docs/saturday.md#deadline-calendar): base64url of the member's id and feed version
 * (4 bytes each) followed by their HMAC-SHA256 under a key derived from the server's secret. Nothing secret is
 * stored, so the profile page can show the URL again at any time; rotating bumps the version, and the old token no
 * longer matches the member's row. A changed server secret voids every feed URL, as it voids every session.
 */
export class CalendarTokens {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    this.key = derivedKey(serverSecret, KEY_LABEL);
  }

  sign(claims: CalendarClaims): string {
    const payload = payloadOf(claims);
    return Buffer.concat([payload, this.mac(payload)]).toString('base64url');
  }

  /** The claims of a token this server signed; null for anything else (malformed, tampered, foreign key). */
  verify(token: string): CalendarClaims | null {
    if (!/^[A-Za-z0-9_-]+$/.test(token)) return null;
    const bytes = Buffer.from(token, 'base64url');
    // One spelling per token: base64url decoding ignores stray trailing bits, the comparison below does not.
    if (bytes.length !== TOKEN_BYTES || bytes.toString('base64url') !== token) return null;
    const payload = bytes.subarray(0, PAYLOAD_BYTES);
    if (!timingSafeEqual(bytes.subarray(PAYLOAD_BYTES), this.mac(payload))) return null;
    return { userId: payload.readUInt32BE(0), version: payload.readUInt32BE(4) };
  }

  private mac(payload: Buffer): Buffer {
    return createHmac('sha256', this.key).update(payload).digest();
  }
}

function payloadOf({ userId, version }: CalendarClaims): Buffer {
  for (const value of [userId, version]) {
    if (!Number.isInteger(value) || value < 0 || value > UINT32_MAX) throw new RangeError(`Calendar token claim out of range: ${value}`);
  }
  const payload = Buffer.alloc(PAYLOAD_BYTES);
  payload.writeUInt32BE(userId, 0);
  payload.writeUInt32BE(version, 4);
  return payload;
}
