import { CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { DataSource } from 'typeorm';
import { CachedReads } from '../database/cached-reads';
import { LeanTable } from '../database/lean-table';
import { IS_PUBLIC } from '../common/decorators/public.decorator';
import { User } from '../users/entities/user.entity';

export interface SessionClaims {
  sub: number;
  /** The user's token_version when the token was issued. */
  tv: number;
}

/** What a verified token carries: its claims and its expiry (seconds since the epoch, set by signing). */
type VerifiedClaims = SessionClaims & { exp: number };

const BEARER = /^Bearer\s+(\S+)$/i;
const INVALID_SESSION = 'Your session is invalid or has expired';

/**
 * The global guard: every route needs a valid session token unless it is marked @Public(). A token is valid while
 * its signature and expiry hold and its user exists and has not ended its sessions since it was issued.
 *
 * Both checks are remembered: a token whose signature held is not verified again until it expires (the answer
 * depends on its bytes alone), and the user row comes from CachedReads (a change to the user through this process
 * is seen at once, one made elsewhere within its bound).
 *
 * Only a bad or stale token answers 401. A database that cannot be asked is not a verdict on the session: its
 * error goes on to the error filter (503), so the web app keeps the member logged in and retries.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  private readonly users: LeanTable<User>;
  private readonly byId: string;
  private readonly verified = new LRUCache<string, VerifiedClaims>({ max: 10_000 });

  constructor(
    private readonly reflector: Reflector,
    private readonly jwt: JwtService,
    @InjectDataSource() dataSource: DataSource,
    private readonly reads: CachedReads,
  ) {
    // Every signed-in request reads its user: one prepared statement, not a query built per request.
    this.users = new LeanTable(dataSource, User, 'user');
    this.byId = `${this.users.column('id')} = ?`;
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()])) return true;
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: User }>();
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw new UnauthorizedException('Authentication required');
    const claims = this.claimsOf(token);
    const { user } = await this.reads.read([User], `session user ${claims.sub}`, async () => ({
      user: (await this.users.find(this.byId, [claims.sub]))[0] as User | undefined,
    }));
    if (!user || user.token_version !== claims.tv) throw new UnauthorizedException(INVALID_SESSION);
    // The request's own copy: a handler may change it, the cached row stays as read.
    request.user = Object.assign(Object.create(User.prototype) as User, user);
    return true;
  }

  private claimsOf(token: string): SessionClaims {
    const known = this.verified.get(token);
    if (known && known.exp * 1000 > Date.now()) return known;
    try {
      const claims = this.jwt.verify<VerifiedClaims>(token);
      if (Number.isInteger(claims.sub) && Number.isInteger(claims.tv) && Number.isInteger(claims.exp)) {
        this.verified.set(token, claims);
        return claims;
      }
    } catch {
      // Bad signature, expired, malformed: all the same to the client.
    }
    throw new UnauthorizedException(INVALID_SESSION);
  }
}
