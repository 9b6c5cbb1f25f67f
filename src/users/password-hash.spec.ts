import * as bcrypt from 'bcrypt';
import { hashPassword, verifyPassword } from './password-hash';

describe('password hashes', () => {
  const long = 'a'.repeat(72) + 'tail one';
  const sameStart = 'a'.repeat(72) + 'tail two';

  it('hash passwords of up to 72 bytes as plain bcrypt, so hashes made before keep verifying', async () => {
    const old = await bcrypt.hash('secret', 4);
    await expect(verifyPassword('secret', old)).resolves.toBe(true);
    const hash = await hashPassword('twelve chars', 4);
    expect(hash).toMatch(/^\$2b\$04\$/);
    await expect(bcrypt.compare('twelve chars', hash)).resolves.toBe(true);
  });

  it('never cut a longer password: every byte past the 72nd counts', async () => {
    const hash = await hashPassword(long, 4);
    expect(hash).toMatch(/^\$hs256\$\$2b\$04\$/);
    await expect(verifyPassword(long, hash)).resolves.toBe(true);
    await expect(verifyPassword(sameStart, hash)).resolves.toBe(false);
    await expect(verifyPassword('a'.repeat(72), hash)).resolves.toBe(false);
  });
});
