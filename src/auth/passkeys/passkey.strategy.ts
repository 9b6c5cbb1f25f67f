import { Injectable } from '@nestjs/common';
import { AuthGuard, PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { Strategy } from 'passport-custom';
import type { User } from '../../users/entities/user.entity';
import { PasskeyAssertionDto } from './dto/passkey.dto';
import { ownName } from '../strategies/own-name';
import { validatedBody } from '../strategies/validated-body';
import { PasskeyAssertionsService } from './passkey-assertions.service';

/**
 * Passport's 'passkey' strategy: a WebAuthn assertion signs its passkey's owner in. Guards run before pipes, so the
 * body is validated here with the app's own pipe (422 for a malformed one, as elsewhere).
 */
@Injectable()
export class PasskeyStrategy extends PassportStrategy(Strategy, 'passkey') {
  /** The name this app's PasskeyAuthGuard runs it by (ownName). */
  readonly ownName = ownName(this, 'passkey');

  constructor(private readonly assertions: PasskeyAssertionsService) {
    super();
  }

  async validate(request: FastifyRequest): Promise<User> {
    const dto = await validatedBody(request, PasskeyAssertionDto);
    return this.assertions.verifyLogin(dto.response, request.ip);
  }
}

/** POST /passkeys/login's guard: the `passkey` strategy, by this app's own name for it. */
@Injectable()
export class PasskeyAuthGuard extends AuthGuard() {
  constructor(strategy: PasskeyStrategy) {
    super({ defaultStrategy: strategy.ownName, session: false });
  }
}
