import { ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard, PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { Strategy } from 'passport-local';
import { User } from '../../users/entities/user.entity';
import { AuthService } from '../auth.service';
import { LoginDto } from '../dto/login.dto';
import { ownName } from './own-name';
import { validatedBody } from './validated-body';

/**
 * Passport's `local` strategy: the e-mail and password of POST /users/login, checked by AuthService.verifyCredentials
 * (the login throttles, then bcrypt with the same work whether the e-mail is known or not). Its errors are the route's:
 * 401 "Invalid email or password", 429 from the throttles, 503 when the database cannot be asked.
 */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') {
  /** The name this app's LocalAuthGuard runs it by (ownName). */
  readonly ownName = ownName(this, 'local');

  constructor(private readonly auth: AuthService) {
    super({ usernameField: 'email', passwordField: 'password', passReqToCallback: true, session: false });
  }

  validate(request: FastifyRequest, email: string, password: string): Promise<User> {
    return this.auth.verifyCredentials(email, password, request.ip);
  }
}

/**
 * The login route's guard: the body is validated first, as the route's pipe would (422 with the DTO's messages, the
 * e-mail normalized), so a malformed body never counts as an attempt; then the `local` strategy checks it.
 */
@Injectable()
export class LocalAuthGuard extends AuthGuard() {
  constructor(strategy: LocalStrategy) {
    super({ defaultStrategy: strategy.ownName, session: false });
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    request.body = await validatedBody(request, LoginDto);
    return super.canActivate(context) as Promise<boolean>;
  }
}
