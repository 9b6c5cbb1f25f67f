import { TotpSecrets } from './totp-secrets';

describe('TotpSecrets', () => {
  const secrets = new TotpSecrets('a-secret-that-is-long-enough-for-the-tests');

  it('opens what it sealed, and the sealed form does not show the secret', () => {
    const sealed = secrets.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(secrets.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('seals the same secret differently each time', () => {
    expect(secrets.seal('JBSWY3DPEHPK3PXP')).not.toBe(secrets.seal('JBSWY3DPEHPK3PXP'));
  });

  it('cannot open under another app secret, nor a damaged value', () => {
    const sealed = secrets.seal('JBSWY3DPEHPK3PXP');
    expect(new TotpSecrets('another-secret-that-is-long-enough-too').open(sealed)).toBeNull();
    // One bit of the ciphertext flipped (replacing its last characters could leave its bytes as they were).
    const [format, iv, tag, body] = sealed.split('.');
    const damaged = Buffer.from(body, 'base64url');
    damaged[0] ^= 1;
    expect(secrets.open([format, iv, tag, damaged.toString('base64url')].join('.'))).toBeNull();
    expect(secrets.open('garbage')).toBeNull();
  });
});
