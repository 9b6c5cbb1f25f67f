import { Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { PassportStrategy } from '@nestjs/passport';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { Strategy } from 'passport-custom';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock';
import { SESSION_ID } from '../../common/decorators/current-session.decorator';
import { AppConfig } from '../../config/app-config';
import { CachedReads } from '../../database/cached-reads';
import { LeanTable } from '../../database/lean-table';
import { User } from '../../users/entities/user.entity';
import { Session } from '../entities/session.entity';
import { SessionChanges } from '../session-changes';
import { SessionLifetime } from '../session-lifetimes';
import { ownName } from './own-name';

export interface SessionClaims {
  sub: number;
  /** The user's token_version when the token was issued: bumping it ends every session of the user at once. */
  tv: number;
  /** The public id of the token's row in `sessions`. */
  sid: string;
}

/** What a verified token carries: its claims and its expiry (seconds since the epoch, set by signing). */
type VerifiedClaims = SessionClaims & { exp: number };

/**
 * How long a session's check is kept at most, whatever else: the generation (SessionChanges) ends it at the first
 * change that can matter; this bounds what none of its signals sees (a script changing a member with SQL of its own).
 */
export const SESSION_CHECK_MAX_AGE_MS = 60_000;

/** A session's row with its user as last read, and the generation it was read under. */
interface Checked {
  session: Session | undefined;
  generation: string;
  at: number;
}

const BEARER = /^Bearer\s+(\S+)$/i;
export const INVALID_SESSION = 'Your session is invalid or has expired';

/**
 * Passport's `jwt` strategy (passport-custom: docs/decisions.md, "Passport"): a request carries a valid session token
 * while its signature and expiry hold, its session (the `sid` claim, a row of `sessions`) is neither revoked nor past
 * its end (SessionLifetime: sliding for "Stay signed in", the admins' 12 hours and 30 minutes idle), and its user
 * exists with the token_version the token carries. It answers the user (the request's copy); passport puts it on
 * request.user.
 *
 * Both checks are remembered: a token whose signature held is not verified again until it expires (the answer
 * depends on its bytes alone), and the session with its user (one statement) is kept per session under the
 * generation of SessionChanges, at most SESSION_CHECK_MAX_AGE_MS: a logout, a revocation or a change to the user
 * through this process is seen at once, one made by another instance within CACHE_BOUND_MS (that instance's
 * fingerprint of both tables, read once a second). A member polling the live board every 15 seconds is checked
 * from memory, not with a read per poll; expiry, revocation and token_version are still tested on every request.
 *
 * A use is written (`last_seen_at`, and a sliding session's `expires_at`) at most every SessionLifetime.touchEvery
 * per session, after the check and without the request waiting for it, and with SQL of its own: a touch must not
 * move the cached reads' versions (that would make every session's next check read again). The check counts the
 * uses this process wrote since the row was read.
 *
 * Only a bad or stale token answers 401. A database that cannot be asked is not a verdict on the session: its
 * error goes on to the error filter (503), so the web app keeps the member logged in and retries.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  private readonly logger = new Logger(JwtStrategy.name);
  private readonly sessions: LeanTable<Session>;
  private readonly byPublicId: string;
  private readonly verified = new LRUCache<string, VerifiedClaims>({ max: 10_000 });
  /** Each session's row as last read, by public id. */
  private readonly checked = new LRUCache<string, Checked>({ max: 10_000 });
  private readonly changes: SessionChanges;
  /** The last use this process wrote of a session, and the expires_at it wrote (the cached row may show those before). */
  private readonly touched = new LRUCache<string, { at: number; expires: number }>({ max: 10_000 });
  private readonly lifetime: SessionLifetime;
  /** The name this app's SessionGuard runs it by (ownName). */
  readonly ownName = ownName(this, 'jwt');

  constructor(
    private readonly jwt: JwtService,
    private readonly clock: Clock,
    @InjectDataSource() dataSource: DataSource,
    reads: CachedReads,
    config: AppConfig,
  ) {
    super();
    this.lifetime = new SessionLifetime(config.sessions);
    this.changes = new SessionChanges(dataSource, reads);
    // Every signed-in request reads its session and user: one prepared statement, not a query built per request.
    const userColumns = dataSource.getMetadata(User).columns.map((column) => column.propertyName);
    this.sessions = new LeanTable(dataSource, Session, 'session', { user: userColumns });
    this.byPublicId = `${this.sessions.column('public_id')} = ?`;
  }

  async validate(request: FastifyRequest): Promise<User> {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw new UnauthorizedException('Authentication required');
    const now = this.clock.now().getTime();
    const claims = this.claimsOf(token, now);
    const session = await this.sessionOf(claims.sid, now);
    const user = session?.user;
    if (!session || !user || session.user_id !== claims.sub || session.revoked_at || user.token_version !== claims.tv) {
      throw new UnauthorizedException(INVALID_SESSION);
    }
    const written = this.touched.get(session.public_id);
    const seen = Math.max(session.last_seen_at.getTime(), written?.at ?? 0);
    if (this.lifetime.end(session, user.role, seen, written?.expires) <= now) throw new UnauthorizedException(INVALID_SESSION);
    if (now - seen >= this.lifetime.touchEvery(user.role)) this.touch(session, now);
    (request as unknown as Record<string, unknown>)[SESSION_ID] = session.public_id;
    // The request's own copy: a handler may change it, the cached row stays as read.
    return Object.assign(Object.create(User.prototype) as User, user);
  }

  /** The session's row with its user: as kept while the generation holds, else read (and kept) afresh. */
  private async sessionOf(publicId: string, now: number): Promise<Session | undefined> {
    const generation = await this.changes.generation(now);
    const kept = this.checked.get(publicId);
    if (kept && kept.generation === generation && now >= kept.at && now - kept.at < SESSION_CHECK_MAX_AGE_MS) return kept.session;
    const session = (await this.sessions.find(this.byPublicId, [publicId]))[0] as Session | undefined;
    this.checked.set(publicId, { session, generation, at: now });
    return session;
  }

  private touch(session: Session, now: number): void {
    const use = this.lifetime.touch(session, now);
    this.touched.set(session.public_id, { at: now, expires: use.expires_at?.getTime() ?? 0 });
    this.sessions.update(session.id, use).catch((error: unknown) => {
      this.logger.warn(`Could not note when session ${session.id} was last used: ${(error as Error).message}`);
    });
  }

  private claimsOf(token: string, now: number): SessionClaims {
    const known = this.verified.get(token);
    if (known && known.exp * 1000 > now) return known;
    try {
      const claims = this.jwt.verify<VerifiedClaims>(token, { clockTimestamp: Math.floor(now / 1000) });
      if (Number.isInteger(claims.sub) && Number.isInteger(claims.tv) && Number.isInteger(claims.exp) && typeof claims.sid === 'string') {
        this.verified.set(token, claims);
        return claims;
      }
    } catch {
      // Bad signature, expired, malformed: all the same to the client.
    }
    throw new UnauthorizedException(INVALID_SESSION);
  }
}
