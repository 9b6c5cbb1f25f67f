import { HttpException, Injectable, UnauthorizedException, UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { verify } from 'otplib';
import { DataSource, IsNull, LessThan } from 'typeorm';
import { Clock } from '../../common/clock';
import { AppConfig } from '../../config/app-config';
import { SecurityLogService } from '../../security/security-log.service';
import { ThrottlesService } from '../../security/throttles.service';
import type { User } from '../../users/entities/user.entity';
import { RecoveryCode } from './entities/recovery-code.entity';
import { TotpFactor } from './entities/totp-factor.entity';
import { authenticatorCode, recoveryCodeMatches } from './recovery-codes';
import { SECOND_FACTOR_MESSAGES, SECOND_FACTOR_THROTTLE, TOTP_TOLERANCE_SECONDS } from './second-factor.constants';
import { TotpSecrets } from './totp-secrets';

/** How a code was accepted. */
export type CodeKind = 'totp' | 'recovery_code';

/**
 * Checks an admin's codes: a 6-digit code of the authenticator app or one of the recovery codes. Every check is
 * counted per account before it is made (SECOND_FACTOR_THROTTLE, 429 past it), a wrong code is written to the
 * security log, and a right one wipes the count. A code is used up by a conditional UPDATE, so two requests racing
 * with the same code cannot both pass: an authenticator code moves `last_step` forward (never accepted again), a
 * recovery code gets its `used_at`.
 */
@Injectable()
export class SecondFactorCodesService {
  readonly secrets: TotpSecrets;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly throttles: ThrottlesService,
    private readonly securityLog: SecurityLogService,
    private readonly clock: Clock,
    config: AppConfig,
  ) {
    this.secrets = new TotpSecrets(config.jwtSecret);
  }

  /**
   * Accepts a code of the user's confirmed factor (throttled, logged), or throws 401 at sign-in, 422 within a session
   * (a 401 there would read as the session's end); 429 past the throttle.
   */
  async check(user: Pick<User, 'id' | 'email'>, code: string, ip: string | null, purpose: string, within: 'sign-in' | 'session' = 'sign-in'): Promise<CodeKind> {
    const who = { user_id: user.id, email: user.email, ip };
    await this.throttles.take(SECOND_FACTOR_THROTTLE, String(user.id), who);
    const kind = await this.accept(user.id, code);
    if (!kind) {
      await this.securityLog.recordQuietly('second_factor_failed', { ...who, details: purpose });
      const refusal: HttpException =
        within === 'sign-in' ? new UnauthorizedException(SECOND_FACTOR_MESSAGES.wrongCode) : new UnprocessableEntityException(SECOND_FACTOR_MESSAGES.wrongCode);
      throw refusal;
    }
    await this.throttles.limiter(SECOND_FACTOR_THROTTLE).delete(String(user.id));
    if (kind === 'recovery_code') {
      const left = await this.dataSource.manager.countBy(RecoveryCode, { user_id: user.id, used_at: IsNull() });
      await this.securityLog.recordQuietly('recovery_code_used', { ...who, details: `${purpose}; ${left} left` });
    }
    return kind;
  }

  /** Counts a confirmation code against the same throttle (enrolment), without checking it here. */
  async count(user: Pick<User, 'id' | 'email'>, ip: string | null): Promise<void> {
    await this.throttles.take(SECOND_FACTOR_THROTTLE, String(user.id), { user_id: user.id, email: user.email, ip });
  }

  async forgive(user: Pick<User, 'id'>): Promise<void> {
    await this.throttles.limiter(SECOND_FACTOR_THROTTLE).delete(String(user.id));
  }

  /** The time step an authenticator code matches for this secret now, or null. */
  async matchingStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(this.clock.now().getTime() / 1000),
      epochTolerance: TOTP_TOLERANCE_SECONDS,
      ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
    }).catch(() => ({ valid: false as const }));
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }

  private async accept(userId: number, code: string): Promise<CodeKind | null> {
    const digits = authenticatorCode(code);
    if (digits) return (await this.acceptTotp(userId, digits)) ? 'totp' : null;
    // At most 10 unused codes, each salted: compared one by one, the match used up only if still unused.
    const unused = await this.dataSource.manager.find(RecoveryCode, { select: { id: true, code_hash: true }, where: { user_id: userId, used_at: IsNull() } });
    const match = unused.find((row) => recoveryCodeMatches(row.code_hash, code));
    if (!match) return null;
    const used = await this.dataSource.manager.update(RecoveryCode, { id: match.id, used_at: IsNull() }, { used_at: this.clock.now() });
    return used.affected === 1 ? 'recovery_code' : null;
  }

  private async acceptTotp(userId: number, code: string): Promise<boolean> {
    const factor = await this.dataSource.manager.findOneBy(TotpFactor, { user_id: userId });
    const secret = factor?.confirmed_at ? this.secrets.open(factor.secret_encrypted) : null;
    if (!factor || !secret) return false;
    const step = await this.matchingStep(secret, code, factor.last_step);
    if (step === null) return false;
    // Moves last_step forward only if no other request used this step (or a later one) meanwhile.
    const claimed = await this.dataSource.manager.update(
      TotpFactor,
      factor.last_step === null ? { user_id: userId, last_step: IsNull() } : { user_id: userId, last_step: LessThan(step) },
      { last_step: step },
    );
    return claimed.affected === 1;
  }
}
