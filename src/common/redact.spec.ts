import { maskEmail, maskEmails, redactTokens } from './redact';

describe('redactTokens', () => {
  it.each([
    ['GET /api/invitation_tokens/AbC-12_x failed', 'GET /api/invitation_tokens/[redacted] failed'],
    ['PATCH /api/password_resets/AbC-12_x?x=1', 'PATCH /api/password_resets/[redacted]?x=1'],
    ['http://pool.test/reset-password/AbC-12_x', 'http://pool.test/reset-password/[redacted]'],
    ['GET /api/calendar/AbC-12_x.ics failed', 'GET /api/calendar/[redacted] failed'],
    ['http://pool.test/register?invitation_token=AbC-12_x&x=1', 'http://pool.test/register?invitation_token=[redacted]&x=1'],
    ['GET /api/games?week_id=3', 'GET /api/games?week_id=3'],
  ])('%s', (text, expected) => {
    expect(redactTokens(text)).toBe(expected);
  });
});

describe('maskEmail', () => {
  it.each([
    ['alice@pool.test', 'a***@pool.test'],
    ['a@pool.test', 'a***@pool.test'],
    ['not-an-address', '***'],
  ])('%s', (email, expected) => {
    expect(maskEmail(email)).toBe(expected);
  });
});

describe('maskEmails', () => {
  it('shortens every address in a text', () => {
    expect(maskEmails('550 5.1.1 <alice@pool.test>: Recipient rejected; bob.smith@mail.example.com too')).toBe(
      '550 5.1.1 <a***@pool.test>: Recipient rejected; b***@mail.example.com too',
    );
  });
});
