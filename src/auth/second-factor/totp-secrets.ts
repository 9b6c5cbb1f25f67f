import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { derivedKey } from '../../common/tokens';

const FORMAT = 'v1';

/**
 * Encrypts TOTP secrets at rest with AES-256-GCM under a key derived (HKDF-SHA-256) from the app's JWT_SECRET, so a
 * copy of the database alone (a backup, a dump) does not give the admins' authenticator secrets away
 * (docs/decisions.md, "Admin second factor"). A changed JWT_SECRET makes the stored secrets unreadable: the admins then
 * sign in with a recovery code and set the app up again.
 */
export class TotpSecrets {
  private readonly key: Buffer;

  constructor(appSecret: string) {
    this.key = derivedKey(appSecret, 'tailgate-picks totp secret v1');
  }

  seal(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [FORMAT, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
  }

  /** The secret, or null when it cannot be read (another key, a damaged value). */
  open(stored: string): string | null {
    const [format, iv, tag, sealed] = stored.split('.');
    if (format !== FORMAT || !iv || !tag || !sealed) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
