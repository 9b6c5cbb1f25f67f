import { createHmac, timingSafeEqual } from 'node:crypto';
import { derivedKey } from '../../common/tokens';
import { NOTIFICATION_KINDS, NotificationKind } from './notification-kinds';

/** What an unsubscribe token names: whose e-mail, and which kind of it. */
export interface UnsubscribeClaims {
  userId: number;
  kind: NotificationKind;
}

/** The kinds whose e-mails carry a one-click unsubscribe (RFC 8058): the weekly e-mail, reminders and the picks sheet. */
export const ONE_CLICK_KINDS: ReadonlySet<NotificationKind> = new Set(['weekly_email', 'reminders', 'picks_sheet']);

/** The label the unsubscribe key is derived under (derivedKey). */
const KEY_LABEL = 'tailgate-picks unsubscribe token v1';
const PAYLOAD_BYTES = 5;
const MAC_BYTES = 32;
const TOKEN_BYTES = PAYLOAD_BYTES + MAC_BYTES;
const UINT32_MAX = 0xffff_ffff;

/** The path of the one-click unsubscribe endpoint, under the API prefix. */
export const UNSUBSCRIBE_PATH = '/api/unsubscribe';

/**
 * Signed one-click unsubscribe links (docs/security.md#one-click-unsubscribe): base64url of the member's id (4 bytes)
 * and the kind's index (1 byte), followed by their HMAC-SHA256 under a key derived from the server's secret. Nothing
 * is stored: the link in any e-mail keeps working (mail providers may POST it days later), a forged or altered one
 * fails the MAC, and all a link can ever do is turn one kind of e-mail off for one member, which the member can turn
 * back on. A changed server secret voids every link, as it voids every session.
 */
export class UnsubscribeLinks {
  private readonly key: Buffer;

  constructor(
    serverSecret: string,
    private readonly appUrl: string,
  ) {
    this.key = derivedKey(serverSecret, KEY_LABEL);
  }

  /** The absolute https (APP_URL) link a mail client POSTs to. */
  url(claims: UnsubscribeClaims): string {
    return `${this.appUrl}${UNSUBSCRIBE_PATH}?token=${this.sign(claims)}`;
  }

  sign({ userId, kind }: UnsubscribeClaims): string {
    if (!Number.isInteger(userId) || userId < 0 || userId > UINT32_MAX) throw new RangeError(`Unsubscribe token member out of range: ${userId}`);
    const payload = Buffer.alloc(PAYLOAD_BYTES);
    payload.writeUInt32BE(userId, 0);
    payload.writeUInt8(NOTIFICATION_KINDS.indexOf(kind), 4);
    return Buffer.concat([payload, this.mac(payload)]).toString('base64url');
  }

  /** The claims of a token this server signed for a one-click kind; null for anything else (malformed, tampered, foreign key). */
  verify(token: unknown): UnsubscribeClaims | null {
    if (typeof token !== 'string' || !/^[A-Za-z0-9_-]+$/.test(token)) return null;
    const bytes = Buffer.from(token, 'base64url');
    // One spelling per token: base64url decoding ignores stray trailing bits, the comparison below does not.
    if (bytes.length !== TOKEN_BYTES || bytes.toString('base64url') !== token) return null;
    const payload = bytes.subarray(0, PAYLOAD_BYTES);
    if (!timingSafeEqual(bytes.subarray(PAYLOAD_BYTES), this.mac(payload))) return null;
    const kind = NOTIFICATION_KINDS[payload.readUInt8(4)];
    if (!kind || !ONE_CLICK_KINDS.has(kind)) return null;
    return { userId: payload.readUInt32BE(0), kind };
  }

  private mac(payload: Buffer): Buffer {
    return createHmac('sha256', this.key).update(payload).digest();
  }
}
