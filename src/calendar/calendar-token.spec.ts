import { createHmac } from 'node:crypto';
import { CalendarTokens } from './calendar-token';

const SECRET = 'test-secret-that-is-long-enough-for-hs256';

describe('CalendarTokens', () => {
  const tokens = new CalendarTokens(SECRET);

  it('reads back the member and version it signed, as a URL-safe token', () => {
    const token = tokens.sign({ userId: 42, version: 7 });
    expect(token).toMatch(/^[A-Za-z0-9_-]{54}$/);
    expect(tokens.verify(token)).toEqual({ userId: 42, version: 7 });
    expect(tokens.sign({ userId: 42, version: 8 })).not.toBe(token);
  });

  it('refuses a token with any byte changed, cut short, re-spelled or signed under another secret', () => {
    const token = tokens.sign({ userId: 42, version: 7 });
    const bytes = Buffer.from(token, 'base64url');
    for (const index of [0, 3, 7, 8, 39]) {
      const changed = Buffer.from(bytes);
      changed[index] ^= 1;
      expect(tokens.verify(changed.toString('base64url'))).toBeNull();
    }
    expect(tokens.verify(token.slice(0, -1))).toBeNull();
    expect(tokens.verify(`${token}A`)).toBeNull();
    expect(tokens.verify(`${token}=`)).toBeNull();
    expect(tokens.verify('')).toBeNull();
    expect(tokens.verify('../../etc/passwd')).toBeNull();
    expect(new CalendarTokens(`${SECRET}!`).verify(token)).toBeNull();
  });

  it('keys its HMAC apart from the raw server secret (key separation)', () => {
    const token = tokens.sign({ userId: 42, version: 7 });
    const payload = Buffer.from(token, 'base64url').subarray(0, 8);
    const underRawSecret = Buffer.concat([payload, createHmac('sha256', SECRET).update(payload).digest()]).toString('base64url');
    expect(underRawSecret).not.toBe(token);
    expect(tokens.verify(underRawSecret)).toBeNull();
  });

  it('refuses to sign a claim that does not fit in four bytes', () => {
    expect(() => tokens.sign({ userId: -1, version: 0 })).toThrow(RangeError);
    expect(() => tokens.sign({ userId: 1, version: 2 ** 32 })).toThrow(RangeError);
  });
});
