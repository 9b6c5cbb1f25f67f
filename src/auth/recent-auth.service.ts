import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock';
import { RECENT_AUTH_WINDOW_MS, RecentAuthCheck, ReauthenticationRequiredException } from '../common/recent-auth';
import { Session } from './entities/session.entity';

/**
 * The check behind @RecentAuth() and the services that decide for themselves (docs/decisions.md, "Re-authentication"):
 * the session's `reauthenticated_at` within RECENT_AUTH_WINDOW_MS of the Clock's now.
 *
 * The row is read afresh by its public id, not taken from the session check's cache: sensitive changes are rare, the
 * read is one indexed row, and a confirmation made through another instance then counts at once, with no cache to
 * keep in step (the cached check never looks at `reauthenticated_at`).
 */
@Injectable()
export class RecentAuthService implements RecentAuthCheck {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  async require(sessionId: string | undefined): Promise<void> {
    const session = sessionId
      ? await this.dataSource.manager.findOne(Session, { select: { id: true, reauthenticated_at: true }, where: { public_id: sessionId } })
      : null;
    if (!this.isRecent(session?.reauthenticated_at ?? null)) throw new ReauthenticationRequiredException();
  }

  /** Whether a proof made at `at` still counts now (a session from before the column has none). */
  isRecent(at: Date | null): boolean {
    return at !== null && this.clock.now().getTime() - at.getTime() < RECENT_AUTH_WINDOW_MS;
  }
}
