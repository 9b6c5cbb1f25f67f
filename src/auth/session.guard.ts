import { CanActivate, ExecutionContext, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { DataSource } from 'typeorm';
import { CachedReads } from '../database/cached-reads';
import { LeanTable } from '../database/lean-table';
import { SESSION_ID } from '../common/decorators/current-session.decorator';
import { IS_PUBLIC } from '../common/decorators/public.decorator';
import { User } from '../users/entities/user.entity';
import { SESSION_TOUCH_INTERVAL_MS } from './auth.constants';
import { Session } from './entities/session.entity';
import { SessionChanges } from './session-changes';

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
const INVALID_SESSION = 'Your session is invalid or has expired';

/**
 * The global guard: every route needs a valid session token unless it is marked @Public(). A token is valid while
 * its signature and expiry hold, its session (the `sid` claim, a row of `sessions`) is neither revoked nor expired,
 * and its user exists with the token_version the token carries.
 *
 * Both checks are remembered: a token whose signature held is not verified again until it expires (the answer
 * depends on its bytes alone), and the session with its user (one statement) is kept per session under the
 * generation of SessionChanges, at most SESSION_CHECK_MAX_AGE_MS: a logout, a revocation or a change to the user
 * through this process is seen at once, one made by another instance within CACHE_BOUND_MS (that instance's
 * fingerprint of both tables, read once a second). A member polling the live board every 15 seconds is checked
 * from memory, not with a read per poll; expiry, revocation and token_version are still tested on every request.
 *
 * `last_seen_at` is written at most every SESSION_TOUCH_INTERVAL_MS per session, after the check and without the
 * request waiting for it, and with SQL of its own: the list of sessions needs minutes, and a touch must not move
 * the cached reads' versions (that would make every session's next check read again).
 *
 * Only a bad or stale token answers 401. A database that cannot be asked is not a verdict on the session: its
 * error goes on to the error filter (503), so the web app keeps the member logged in and retries.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  private readonly logger = new Logger(SessionGuard.name);
  private readonly sessions: LeanTable<Session>;
  private readonly byPublicId: string;
  private readonly verified = new LRUCache<string, VerifiedClaims>({ max: 10_000 });
  /** Each session's row as last read, by public id. */
  private readonly checked = new LRUCache<string, Checked>({ max: 10_000 });
  private readonly changes: SessionChanges;
  /** When this process last wrote a session's last_seen_at (the cached row may still show the time before). */
  private readonly touched = new LRUCache<string, number>({ max: 10_000 });

  constructor(
    private readonly reflector: Reflector,
    private readonly jwt: JwtService,
    @InjectDataSource() dataSource: DataSource,
    reads: CachedReads,
  ) {
    this.changes = new SessionChanges(dataSource, reads);
    // Every signed-in request reads its session and user: one prepared statement, not a query built per request.
    const userColumns = dataSource.getMetadata(User).columns.map((column) => column.propertyName);
    this.sessions = new LeanTable(dataSource, Session, 'session', { user: userColumns });
    this.byPublicId = `${this.sessions.column('public_id')} = ?`;
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()])) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: User }>();
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw new UnauthorizedException('Authentication required');
    const claims = this.claimsOf(token);
    const session = await this.sessionOf(claims.sid);
    const now = Date.now();
    const user = session?.user;
    if (!session || !user || session.user_id !== claims.sub || session.revoked_at || session.expires_at.getTime() <= now || user.token_version !== claims.tv) {
      throw new UnauthorizedException(INVALID_SESSION);
    }
    this.touch(session, now);
    // The request's own copy: a handler may change it, the cached row stays as read.
    request.user = Object.assign(Object.create(User.prototype) as User, user);
    (request as unknown as Record<string, unknown>)[SESSION_ID] = session.public_id;
    return true;
  }

  /** The session's row with its user: as kept while the generation holds, else read (and kept) afresh. */
  private async sessionOf(publicId: string): Promise<Session | undefined> {
    const now = Date.now();
    const generation = await this.changes.generation(now);
    const kept = this.checked.get(publicId);
    if (kept && kept.generation === generation && now >= kept.at && now - kept.at < SESSION_CHECK_MAX_AGE_MS) return kept.session;
    const session = (await this.sessions.find(this.byPublicId, [publicId]))[0] as Session | undefined;
    this.checked.set(publicId, { session, generation, at: now });
    return session;
  }

  private touch(session: Session, now: number): void {
    const last = Math.max(session.last_seen_at.getTime(), this.touched.get(session.public_id) ?? 0);
    if (now - last < SESSION_TOUCH_INTERVAL_MS) return;
    this.touched.set(session.public_id, now);
    this.sessions.update(session.id, { last_seen_at: new Date(now) }).catch((error: unknown) => {
      this.logger.warn(`Could not note when session ${session.id} was last used: ${(error as Error).message}`);
    });
  }

  private claimsOf(token: string): SessionClaims {
    const known = this.verified.get(token);
    if (known && known.exp * 1000 > Date.now()) return known;
    try {
      const claims = this.jwt.verify<VerifiedClaims>(token);
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
