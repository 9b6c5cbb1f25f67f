import { Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthGuard, PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { Strategy } from 'passport-custom';
import { User } from '../../users/entities/user.entity';
import { UsersService } from '../../users/users.service';
import { ownName } from '../strategies/own-name';
import { validatedBody } from '../strategies/validated-body';
import { SecondFactorLoginDto } from './dto/second-factor.dto';
import { SecondFactorChallenges } from './second-factor-challenges';
import { SecondFactorCodesService } from './second-factor-codes.service';
import { SECOND_FACTOR_MESSAGES } from './second-factor.constants';

/**
 * Passport's `totp` strategy: the sign-in's second step. The body's challenge names the admin who gave the right
 * password; the code is one of theirs (an authenticator code or a recovery code), checked under the throttle.
 */
@Injectable()
export class TotpStrategy extends PassportStrategy(Strategy, 'totp') {
  /** The name this app's TotpAuthGuard runs it by (ownName). */
  readonly ownName = ownName(this, 'totp');

  constructor(
    private readonly challenges: SecondFactorChallenges,
    private readonly codes: SecondFactorCodesService,
    private readonly users: UsersService,
  ) {
    super();
  }

  async validate(request: FastifyRequest): Promise<User> {
    const dto = await validatedBody(request, SecondFactorLoginDto);
    const claims = this.challenges.verify(dto.challenge);
    const user = await this.users.findById(claims.sub).catch(() => null);
    if (!user || user.token_version !== claims.tv) throw new UnauthorizedException(SECOND_FACTOR_MESSAGES.challengeExpired);
    await this.codes.check(user, dto.code, request.ip, 'signing in');
    return user;
  }
}

/** POST /users/login/second_factor's guard: the `totp` strategy, by this app's own name for it. */
@Injectable()
export class TotpAuthGuard extends AuthGuard() {
  constructor(strategy: TotpStrategy) {
    super({ defaultStrategy: strategy.ownName, session: false });
  }
}
