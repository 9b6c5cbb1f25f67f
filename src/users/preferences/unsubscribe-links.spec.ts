import { UnsubscribeLinks } from './unsubscribe-links';

describe('UnsubscribeLinks', () => {
  const links = new UnsubscribeLinks('a-server-secret-long-enough-for-this', 'https://pool.example');

  it('verifies what it signed, and names the member and the kind', () => {
    const token = links.sign({ userId: 42, kind: 'reminders' });
    expect(links.verify(token)).toEqual({ userId: 42, kind: 'reminders' });
    expect(links.url({ userId: 42, kind: 'picks_sheet' })).toMatch(/^https:\/\/pool\.example\/api\/unsubscribe\?token=[A-Za-z0-9_-]{50}$/);
  });

  it('refuses a token that was altered, signed with another secret, malformed or for a kind without one-click', () => {
    const token = links.sign({ userId: 42, kind: 'weekly_email' });
    const bytes = Buffer.from(token, 'base64url');
    bytes[3] ^= 1; // another member
    expect(links.verify(bytes.toString('base64url'))).toBeNull();
    expect(new UnsubscribeLinks('another-server-secret-long-enough', 'https://pool.example').verify(token)).toBeNull();
    for (const bad of ['', 'not a token', token.slice(1), `${token}A`, 42, undefined]) expect(links.verify(bad)).toBeNull();
    expect(links.verify(links.sign({ userId: 42, kind: 'pick_overrides' }))).toBeNull();
  });
});
