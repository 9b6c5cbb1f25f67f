import { CanActivate, ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Principal, Role } from '../principal';
import { ROLES_KEY } from '../decorators/roles.decorator';

/** Runs after the auth guard: a route marked @Roles(...) answers 403 to any other role. */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [context.getHandler(), context.getClass()]);
    if (!roles || roles.length === 0) return true;
    const user: Principal | undefined = context.switchToHttp().getRequest().user;
    if (user && roles.includes(user.role)) return true;
    throw new ForbiddenException('You are not allowed to do this');
  }
}
