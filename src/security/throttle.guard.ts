import { applyDecorators, CanActivate, ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { ThrottlePolicy, Throttles } from './throttles.service';

/** What a rule counts, read from the request; null counts nothing (the validation pipe refuses such a request). */
export interface ThrottleRule {
  policy: ThrottlePolicy;
  key: (request: FastifyRequest & { user?: { id: number } }) => string | null;
  /** Points one request costs (default 1). */
  cost?: (request: FastifyRequest) => number;
}

const THROTTLE_RULES = 'throttle-rules';

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
 * Throttles a handler: each rule's count is taken before the handler runs (after the session check, before the
 * body is validated), and the first rule past its limit answers 429 with Retry-After.
 */
export const Throttled = (...rules: ThrottleRule[]) => applyDecorators(SetMetadata(THROTTLE_RULES, rules), UseGuards(ThrottleGuard));

@Injectable()
export class ThrottleGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly throttles: Throttles,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rules = this.reflector.get<ThrottleRule[] | undefined>(THROTTLE_RULES, context.getHandler()) ?? [];
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: { id: number } }>();
    for (const rule of rules) {
      const key = rule.key(request);
      if (key === null) continue;
      await this.throttles.take(rule.policy, key, { ip: request.ip, user_id: request.user?.id ?? null, email: byBodyEmail(request) }, rule.cost?.(request) ?? 1);
    }
    return true;
  }
}
