import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull, LessThan, MoreThan } from 'typeorm';
import { Clock } from '../../common/clock';
import { ChallengePurpose, WebauthnChallenge } from './entities/webauthn-challenge.entity';

/** How long a challenge can be answered: a ceremony takes seconds, a slow one a minute or two. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/**
 * The challenges handed out (docs/decisions.md, "Passkeys"): stored server-side so every instance sees them,
 * answered once (the DELETE that consumes one is the check: two answers cannot both win), and bound to the asking
 * session where there is one.
 */
@Injectable()
export class WebauthnChallengesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  async issue(challenge: string, purpose: ChallengePurpose, sessionId: string | null): Promise<void> {
    const now = this.clock.now();
    // Leftovers nobody answered go with the next challenge handed out.
    await this.dataSource.manager.delete(WebauthnChallenge, { expires_at: LessThan(now) });
    await this.dataSource.manager.insert(WebauthnChallenge, {
      challenge,
      purpose,
      session_id: sessionId,
      expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS),
    });
  }

  /** Uses up the challenge if it was handed out for this purpose (and session) and is still fresh; answers whether it was. */
  async consume(challenge: string, purpose: ChallengePurpose, sessionId: string | null): Promise<boolean> {
    if (!challenge || challenge.length > 64) return false;
    const result = await this.dataSource.manager.delete(WebauthnChallenge, {
      challenge,
      purpose,
      session_id: sessionId ?? IsNull(),
      expires_at: MoreThan(this.clock.now()),
    });
    return (result.affected ?? 0) === 1;
  }
}
