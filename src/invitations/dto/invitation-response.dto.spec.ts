import { Invitation } from '../entities/invitation.entity';
import { effectiveStatus } from './invitation-response.dto';

describe('effectiveStatus', () => {
  const now = new Date('2026-09-05T12:00:00Z');
  const invitation = (status: Invitation['status'], expires: string) => ({ status, expires_at: new Date(expires) }) as Invitation;

  it.each([
    ['pending', '2026-09-05T12:00:01Z', 'pending'],
    ['pending', '2026-09-05T12:00:00Z', 'expired'],
    ['pending', '2026-09-01T00:00:00Z', 'expired'],
    ['accepted', '2026-09-01T00:00:00Z', 'accepted'],
    ['revoked', '2026-09-01T00:00:00Z', 'revoked'],
  ] as const)('a %s invitation expiring %s is %s', (status, expires, expected) => {
    expect(effectiveStatus(invitation(status, expires), now)).toBe(expected);
  });
});
