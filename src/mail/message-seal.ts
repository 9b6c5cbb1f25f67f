import { Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { derivedKey } from '../common/tokens';
import { AppConfig } from '../config/app-config';

/** The label the outbox's key is derived under (derivedKey). */
const KEY_LABEL = 'tailgate-picks outbox message v1';
const FORMAT = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** What an outbox row keeps to render its e-mail when it is sent. */
export interface StoredMessage {
  context: Record<string, unknown>;
  /** The context carries a one-time link (invitation, password reset): it is not kept once the e-mail failed for good. */
  oneTimeLink: boolean;
}

/**
 * Seals an outbox row's message (its template context, which may hold a link's secret token) with AES-256-GCM under
 * a key derived from the server's secret, bound to the row's recipient. A changed server secret leaves waiting
 * e-mails unreadable, as it voids every session: they fail rather than go out.
 */
@Injectable()
export class MessageSeal {
  private readonly key: Buffer;

  constructor(config: AppConfig) {
    this.key = derivedKey(config.jwtSecret, KEY_LABEL);
  }

  seal(message: StoredMessage, recipient: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv).setAAD(Buffer.from(recipient));
    const sealed = Buffer.concat([cipher.update(JSON.stringify(message), 'utf8'), cipher.final()]);
    return FORMAT + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
  }

  /** The message of a row; a row written before messages were sealed holds the plain context and still sends. */
  open(stored: string, recipient: string): StoredMessage {
    if (!stored.startsWith(FORMAT)) return { context: JSON.parse(stored) as Record<string, unknown>, oneTimeLink: false };
    const bytes = Buffer.from(stored.slice(FORMAT.length), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES)).setAAD(Buffer.from(recipient));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    return JSON.parse(plain.toString('utf8')) as StoredMessage;
  }
}
