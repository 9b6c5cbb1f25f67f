import { authenticatorCode, newRecoveryCodes, recoveryCodeHash, recoveryCodeMatches } from './recovery-codes';

describe('recovery codes', () => {
  it('makes 10 different codes of 64 random bits', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-f]{4}(-[0-9a-f]{4}){3}$/);
  });

  it('stores each salted: the same code twice gives two forms, both matching it, typed with or without dashes', () => {
    const [code] = newRecoveryCodes();
    const one = recoveryCodeHash(code);
    const two = recoveryCodeHash(code);
    expect(one).not.toBe(two);
    expect(one).not.toContain(code.replace(/-/g, ''));
    expect(recoveryCodeMatches(one, code)).toBe(true);
    expect(recoveryCodeMatches(two, code.toUpperCase().replace(/-/g, ' '))).toBe(true);
    expect(recoveryCodeMatches(one, newRecoveryCodes()[0])).toBe(false);
    expect(recoveryCodeMatches('garbage', code)).toBe(false);
  });

  it('tells an authenticator code from a recovery code', () => {
    expect(authenticatorCode('123 456')).toBe('123456');
    expect(authenticatorCode('12345')).toBeNull();
    expect(authenticatorCode('abcd-ef01-2345-6789')).toBeNull();
  });
});
