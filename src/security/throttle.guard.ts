import { applyDecorators, CallHandler, CanActivate, ExecutionContext, Injectable, NestInterceptor, SetMetadata, UseGuards, UseInterceptors } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { concatMap, Observable } from 'rxjs';
import { ThrottlePolicy, ThrottlesService } from './throttles.service';

/** What a rule counts, read from the request; null counts nothing (the validation pipe refuses such a request). */
export interface ThrottleRule {
  policy: ThrottlePolicy;
  key: (request: FastifyRequest & { user?: { id: number } }) => string | null;
  /** Points one request costs (default 1). */
  cost?: (request: FastifyRequest) => number;
  /**
   * Only failures count: the points are still taken before the handler (so a parallel burst cannot slip past the
   * limit), and given back once it answers successfully. For links a member uses, where a success is a member
   * joining and only made-up, used or expired links look like abuse.
   */
  failuresOnly?: boolean;
}

const THROTTLE_RULES = 'throttle-rules';

/** What a request took under failuresOnly rules, given back when it succeeds. */
const TAKEN = Symbol('throttle-taken');
type ThrottledRequest = FastifyRequest & { user?: { id: number }; [TAKEN]?: { policy: ThrottlePolicy; key: string; points: number }[] };

/** The client's address, as TRUST_PROXY lets the app see it. */
export const byAddress = (request: FastifyRequest): string => request.ip;

/** The e-mail address in the body, as accounts store it (trimmed, lower-case). */
export const byBodyEmail = (request: FastifyRequest): string | null => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() !== '' ? email.trim().toLowerCase().slice(0, 150) : null;
};

/** The signed-in account. */
export const bySignedInUser = (request: FastifyRequest & { user?: { id: number } }): string | null =>
  request.user ? String(request.user.id) : null;

/**
 * ThrottlesService a handler: each rule's count is taken before the handler runs (after the session check, before the
 * body is validated), and the first rule past its limit answers 429 with Retry-After.
 */
export const Throttled = (...rules: ThrottleRule[]) =>
  applyDecorators(SetMetadata(THROTTLE_RULES, rules), UseGuards(ThrottleGuard), UseInterceptors(ThrottleRefunds));

@Injectable()
export class ThrottleGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly throttles: ThrottlesService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rules = this.reflector.get<ThrottleRule[] | undefined>(THROTTLE_RULES, context.getHandler()) ?? [];
    const request = context.switchToHttp().getRequest<ThrottledRequest>();
    for (const rule of rules) {
      const key = rule.key(request);
      if (key === null) continue;
      const points = rule.cost?.(request) ?? 1;
      await this.throttles.take(rule.policy, key, { ip: request.ip, user_id: request.user?.id ?? null, email: byBodyEmail(request) }, points);
      if (rule.failuresOnly) (request[TAKEN] ??= []).push({ policy: rule.policy, key, points });
    }
    return true;
  }
}

/** Gives back what a successful request took under failuresOnly rules, before it answers. */
@Injectable()
export class ThrottleRefunds implements NestInterceptor {
  constructor(private readonly throttles: ThrottlesService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<ThrottledRequest>();
    return next.handle().pipe(
      concatMap(async (answer: unknown) => {
        await Promise.all((request[TAKEN] ?? []).map(({ policy, key, points }) => this.throttles.giveBack(policy, key, points)));
        return answer;
      }),
    );
  }
}
