import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { IS_PUBLIC } from '../common/decorators/public.decorator';
import { JwtStrategy } from './strategies/jwt.strategy';

/**
 * The global guard: every route needs a valid session token unless it is marked @Public(). The check itself is
 * passport's `jwt` strategy (JwtStrategy), run by @nestjs/passport's AuthGuard; this guard skips it for public routes and lets its errors through as they
 * are (401 with their own text, a database fault on to the error filter: 503).
 */
@Injectable()
export class SessionGuard extends AuthGuard() {
  constructor(
    private readonly reflector: Reflector,
    strategy: JwtStrategy,
  ) {
    // Passport's `jwt` strategy, by this app's own name for it (ownName).
    super({ defaultStrategy: strategy.ownName, session: false });
  }

  override canActivate(context: ExecutionContext): Promise<boolean> | boolean {
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()])) return true;
    return super.canActivate(context) as Promise<boolean>;
  }
}
