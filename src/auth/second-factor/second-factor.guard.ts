import { CanActivate, ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { BEFORE_SECOND_FACTOR } from '../../common/decorators/before-second-factor.decorator';
import { AppConfig } from '../../config/app-config';
import type { User } from '../../users/entities/user.entity';
import { SECOND_FACTOR_MESSAGES } from './second-factor.constants';
import { SecondFactorService } from './second-factor.service';

/**
 * The global guard after the session check: under ADMIN_SECOND_FACTOR=required, an admin without a strong factor may
 * use only the routes marked @BeforeSecondFactor() (setting one up, their own account, signing out); every other
 * route answers 403 with `second_factor_enrolment_required`. A member costs a role check; an admin one indexed read,
 * so a factor reset by another admin (or another instance) is seen at the next request.
 */
@Injectable()
export class SecondFactorGuard implements CanActivate {
  private readonly required: boolean;

  constructor(
    private readonly reflector: Reflector,
    private readonly factors: SecondFactorService,
    config: AppConfig,
  ) {
    this.required = config.adminSecondFactor === 'required';
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (!this.required) return true;
    const user: User | undefined = context.switchToHttp().getRequest().user;
    if (user?.role !== 'admin') return true;
    if (this.reflector.getAllAndOverride<boolean>(BEFORE_SECOND_FACTOR, [context.getHandler(), context.getClass()])) return true;
    if (await this.factors.hasStrongFactor(user.id)) return true;
    throw new ForbiddenException({ errors: [SECOND_FACTOR_MESSAGES.enrolmentRequired], second_factor_enrolment_required: true });
  }
}
