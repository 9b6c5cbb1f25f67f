import type { AppConfig } from '../config/app-config';
import { MessageSeal } from './message-seal';

const sealWith = (jwtSecret: string) => new MessageSeal({ jwtSecret } as AppConfig);

describe('MessageSeal', () => {
  const seal = sealWith('a-server-secret-long-enough-for-hs256');
  const message = { context: { link: 'http://pool.test/register?invitation_token=SECRET-TOKEN' }, oneTimeLink: true };

  it('keeps the context unreadable at rest and gives it back to the same server', () => {
    const stored = seal.seal(message, 'fan@pool.test');
    expect(stored).not.toContain('SECRET-TOKEN');
    expect(stored).not.toContain('invitation_token');
    expect(seal.open(stored, 'fan@pool.test')).toEqual(message);
  });

  it('opens for neither another recipient nor another server secret', () => {
    const stored = seal.seal(message, 'fan@pool.test');
    expect(() => seal.open(stored, 'other@pool.test')).toThrow();
    expect(() => sealWith('another-server-secret-long-enough').open(stored, 'fan@pool.test')).toThrow();
  });

  it('reads a row written before messages were sealed', () => {
    expect(seal.open('{"name":"Fan"}', 'fan@pool.test')).toEqual({ context: { name: 'Fan' }, oneTimeLink: false });
  });
});
