import { Injectable, NotFoundException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource, EntityManager, In, IsNull, Not } from 'typeorm';
import { Clock } from '../common/clock';
import { AppConfig } from '../config/app-config';
import { SecurityLogService } from '../security/security-log.service';
import { User } from '../users/entities/user.entity';
import { ActiveSessionDto } from './dto/active-session.dto';
import { Session } from './entities/session.entity';
import type { SessionClaims } from './strategies/jwt.strategy';
import { SessionLifetime } from './session-lifetimes';
import { describeUserAgent } from '../common/user-agent';

/** Where a sign-in came from, as the sessions list shows it. */
export interface ClientInfo {
  ip?: string | null;
  userAgent?: string | null;
  /** "Stay signed in": a member's session then lasts while used (SessionLifetime). */
  remember?: boolean;
}

/**
 * Server-side sessions (docs/decisions.md, "Sessions"): every token names a row of `sessions` (its `sid` claim),
 * and the session check accepts it only while that row is neither revoked nor expired. Revoking goes through
 * TypeORM, so CachedReads sees it at once in this process and within CACHE_BOUND_MS in the others.
 */
@Injectable()
export class SessionsService {
  private readonly lifetime: SessionLifetime;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jwt: JwtService,
    private readonly config: AppConfig,
    private readonly log: SecurityLogService,
    private readonly clock: Clock,
  ) {
    this.lifetime = new SessionLifetime(config.sessions);
  }

  /** Starts a session of the user (a login) and answers its token. Also forgets the user's ended sessions. */
  async start(user: User, client: ClientInfo, manager: EntityManager = this.dataSource.manager): Promise<string> {
    const now = this.clock.now();
    const session = {
      public_id: randomBytes(16).toString('base64url'),
      user_id: user.id,
      user_agent: client.userAgent?.slice(0, 255) || null,
      ip: client.ip?.slice(0, 64) || null,
      created_at: now,
      last_seen_at: now,
      ...this.lifetime.start(user.role, client.remember === true, now.getTime()),
      revoked_at: null,
      // The Clock's now, as the re-authentication rule reads it (RecentAuthService).
      reauthenticated_at: this.clock.now(),
    };
    await manager.insert(Session, session);
    await this.forgetEnded(manager, user.id, now);
    return this.tokenFor(user, session, now);
  }

  /**
   * A token for an existing session: same `sid`, the user's current token_version, expiring when the session ends
   * however used (ends_at): the row decides before that, so a "Stay signed in" session's token outlives each of
   * its sliding expiries and the web app never needs a new one while the member keeps using it.
   */
  tokenFor(user: Pick<User, 'id' | 'token_version'>, session: Pick<Session, 'public_id' | 'expires_at' | 'ends_at'>, issuedAt = this.clock.now()): Promise<string> {
    // A login's token is issued at the session's start, so it ends with the session to the second.
    const iat = Math.floor(issuedAt.getTime() / 1000);
    const ends = session.ends_at ?? session.expires_at;
    const expiresIn = Math.max(1, Math.floor(ends.getTime() / 1000) - iat);
    const claims: SessionClaims & { iat: number } = { sub: user.id, tv: user.token_version, sid: session.public_id, iat };
    return this.jwt.signAsync(claims, { expiresIn });
  }

  /** A token for the request's own session after its user changed (a new token_version or password). */
  async refreshToken(user: Pick<User, 'id'>, publicId: string): Promise<string> {
    const [session, fresh] = await Promise.all([
      this.dataSource.manager.findOneByOrFail(Session, { public_id: publicId }),
      this.dataSource.manager.findOneByOrFail(User, { id: user.id }),
    ]);
    return this.tokenFor(fresh, session);
  }

  /** Notes that the session's owner just proved who they are again (a password, a passkey or a code). */
  async confirmIdentity(publicId: string, at = this.clock.now()): Promise<void> {
    await this.dataSource.manager.update(Session, { public_id: publicId }, { reauthenticated_at: at });
  }

  /** The member's sessions that still work, the most recently used first. */
  async active(user: Pick<User, 'id'>, currentId: string): Promise<ActiveSessionDto[]> {
    const rows = await this.dataSource.manager.find(Session, { where: { user_id: user.id, revoked_at: IsNull() } });
    const now = this.clock.now().getTime();
    return rows
      .filter((row) => row.expires_at.getTime() > now)
      .sort((a, b) => b.last_seen_at.getTime() - a.last_seen_at.getTime() || b.id - a.id)
      .map((row) => ({
        id: row.public_id,
        created_at: row.created_at,
        last_seen_at: row.last_seen_at,
        ip: row.ip,
        user_agent: describeUserAgent(row.user_agent),
        current: row.public_id === currentId,
      }));
  }

  /** POST /logout: ends the request's own session. */
  async logout(user: Pick<User, 'id' | 'email'>, publicId: string, ip: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.revoke(manager, { user_id: user.id, public_id: publicId });
      await this.log.record('logout', { user_id: user.id, email: user.email, ip }, manager);
    });
  }

  /** POST /logout_everywhere: ends every session of the member, this one too. */
  async logoutEverywhere(user: Pick<User, 'id' | 'email'>, ip: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const ended = await this.revokeAll(manager, user.id);
      await this.log.record('logout_everywhere', { user_id: user.id, email: user.email, ip, details: `Ended ${ended} session(s)` }, manager);
    });
  }

  /** DELETE /me/sessions/:id: ends one of the member's own sessions; another member's (or an ended one) is 404. */
  async end(user: Pick<User, 'id' | 'email'>, publicId: string, ip: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const ended = await this.revoke(manager, { user_id: user.id, public_id: publicId });
      if (!ended) throw new NotFoundException('Session not found');
      await this.log.record('logout', { user_id: user.id, email: user.email, ip, details: 'Ended from the list of sessions' }, manager);
    });
  }

  /** Ends every live session of the user but `exceptId` (the one that asked); answers how many ended. */
  async revokeAll(manager: EntityManager, userId: number, exceptId?: string | null): Promise<number> {
    return this.revoke(manager, { user_id: userId, ...(exceptId ? { public_id: Not(exceptId) } : {}) });
  }

  private async revoke(manager: EntityManager, where: { user_id: number; public_id?: string | ReturnType<typeof Not<string>> }): Promise<number> {
    const result = await manager.update(Session, { ...where, revoked_at: IsNull() }, { revoked_at: new Date() });
    return result.affected ?? 0;
  }

  /** Rows of sessions that ended (revoked or expired) serve nothing: each login sweeps its user's. */
  private async forgetEnded(manager: EntityManager, userId: number, now: Date): Promise<void> {
    const rows = await manager.find(Session, { select: { id: true, expires_at: true, revoked_at: true }, where: { user_id: userId } });
    const ended = rows.filter((row) => row.revoked_at !== null || row.expires_at.getTime() <= now.getTime()).map((row) => row.id);
    if (ended.length > 0) await manager.delete(Session, { id: In(ended) });
  }
}
