import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { SESSION_ID } from '../decorators/current-session.decorator';
import { RECENT_AUTH } from '../decorators/recent-auth.decorator';
import { RecentAuthCheck } from '../recent-auth';

/**
 * Runs after the session check and the roles check: a route marked @RecentAuth() answers 403 with
 * `reauthentication_required` unless the request's session proved its owner within the last five minutes. A route
 * without the mark costs one metadata lookup; a marked one reads its session's row afresh (see RecentAuthService).
 */
@Injectable()
export class RecentAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly recentAuth: RecentAuthCheck,
  ) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (!this.reflector.getAllAndOverride<boolean>(RECENT_AUTH, [context.getHandler(), context.getClass()])) return true;
    const request = context.switchToHttp().getRequest<Record<string, unknown>>();
    return this.recentAuth.require(request[SESSION_ID] as string | undefined).then(() => true);
  }
}
