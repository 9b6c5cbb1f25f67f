import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateVAPIDKeys } from 'web-push';

/** In development the JWT secret is generated once and kept beside the data, so sessions survive restarts. */
export function developmentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The file in DATA_DIR that keeps the generated VAPID keys. */
export const VAPID_KEYS_FILE = 'vapid-keys.json';

/**
 * VAPID keys generated once into DATA_DIR and kept, in production too: a browser's subscription is bound to the
 * public key it was made with, so new keys would silence every device. Written to a temporary file and linked into
 * place, so instances starting together on one DATA_DIR all end up with the keys of whichever linked first.
 */
export function dataDirVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = join(dataDir, VAPID_KEYS_FILE);
  if (!existsSync(file)) {
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(temporary, JSON.stringify(generateVAPIDKeys()), { mode: 0o600 });
    try {
      linkSync(temporary, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(temporary, { force: true });
    }
  }
  const { publicKey, privateKey } = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  return { publicKey, privateKey };
}
