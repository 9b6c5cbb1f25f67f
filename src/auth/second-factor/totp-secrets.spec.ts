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
    expect(secrets.open(sealed.slice(0, -2) + 'AA')).toBeNull();
    expect(secrets.open('garbage')).toBeNull();
  });
});
