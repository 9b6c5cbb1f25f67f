import { ConflictException, Injectable, Logger, NotFoundException, OnApplicationBootstrap, UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { generateSecret, generateURI } from 'otplib';
import { toDataURL } from 'qrcode';
import { DataSource, EntityManager, IsNull, Not } from 'typeorm';
import { Clock } from '../../common/clock';
import { AppConfig } from '../../config/app-config';
import { SecurityLogService } from '../../security/security-log.service';
import { User } from '../../users/entities/user.entity';
import { SessionsService } from '../sessions.service';
import { RecoveryCodesDto, SecondFactorStatusDto, TotpEnrolmentDto } from './dto/second-factor.dto';
import { RecoveryCode } from './entities/recovery-code.entity';
import { TotpFactor } from './entities/totp-factor.entity';
import { Passkey } from '../passkeys/entities/passkey.entity';
import { authenticatorCode, newRecoveryCodes, recoveryCodeHash } from './recovery-codes';
import { SecondFactorCodesService } from './second-factor-codes.service';
import { SECOND_FACTOR_MESSAGES, TOTP_ISSUER_FALLBACK } from './second-factor.constants';

type Actor = Pick<User, 'id' | 'email' | 'role'>;

/**
 * Admins' second factors (docs/security.md, "Second factor"): setting up an authenticator app, its recovery codes,
 * removing it (only where ADMIN_SECOND_FACTOR is optional), and one admin resetting another's.
 */
@Injectable()
export class SecondFactorService implements OnApplicationBootstrap {
  private readonly logger = new Logger('SecondFactor');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly codes: SecondFactorCodesService,
    private readonly sessions: SessionsService,
    private readonly securityLog: SecurityLogService,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.adminSecondFactor === 'optional') {
      this.logger.warn('ADMIN_SECOND_FACTOR=optional: admins may sign in with a password alone. Use it only for a trial install or an automated test.');
    }
  }

  get required(): boolean {
    return this.config.adminSecondFactor === 'required';
  }

  /** Does this admin have a strong factor: a confirmed authenticator app, or a passkey. */
  async hasStrongFactor(userId: number, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    return (await this.hasTotp(userId, manager)) || this.hasPasskey(userId, manager);
  }

  hasPasskey(userId: number, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    return manager.existsBy(Passkey, { user_id: userId });
  }

  /** Does the user have a confirmed authenticator app (and so recovery codes). */
  hasTotp(userId: number, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    return manager.existsBy(TotpFactor, { user_id: userId, confirmed_at: Not(IsNull()) });
  }

  /** An admin who must set up a factor before anything else (never a member, never under `optional`). */
  async enrolmentRequired(user: Pick<User, 'id' | 'role'>, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    return this.required && user.role === 'admin' && !(await this.hasStrongFactor(user.id, manager));
  }

  async status(user: Pick<User, 'id'>): Promise<SecondFactorStatusDto> {
    const [totp, left] = await Promise.all([
      this.hasTotp(user.id),
      this.dataSource.manager.countBy(RecoveryCode, { user_id: user.id, used_at: IsNull() }),
    ]);
    return { totp, recovery_codes_left: totp ? left : 0, required: this.required };
  }

  /** Starts (or starts again) setting up an authenticator app: a new secret, kept unconfirmed until a code proves it. */
  async startTotp(user: Actor): Promise<TotpEnrolmentDto> {
    const manager = this.dataSource.manager;
    const existing = await manager.findOneBy(TotpFactor, { user_id: user.id });
    if (existing?.confirmed_at) throw new ConflictException(SECOND_FACTOR_MESSAGES.alreadyEnrolled);
    const secret = generateSecret();
    const row = { user_id: user.id, secret_encrypted: this.codes.secrets.seal(secret), confirmed_at: null, last_step: null };
    if (existing) await manager.update(TotpFactor, { user_id: user.id, confirmed_at: IsNull() }, row);
    else await manager.insert(TotpFactor, row);
    const otpauth_uri = generateURI({ issuer: this.config.appName || TOTP_ISSUER_FALLBACK, label: user.email, secret });
    // A data URL made here: the web app shows it as an image, no script of its own draws it (and the CSP allows data: images).
    const qr_code = await toDataURL(otpauth_uri, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
    return { secret, otpauth_uri, qr_code };
  }

  /** Confirms the app with its first code: the factor is on, and the 10 recovery codes are answered, once. */
  async confirmTotp(user: Actor, code: string, ip: string | null): Promise<RecoveryCodesDto> {
    const manager = this.dataSource.manager;
    const pending = await manager.findOneBy(TotpFactor, { user_id: user.id, confirmed_at: IsNull() });
    if (!pending) {
      const confirmed = await manager.existsBy(TotpFactor, { user_id: user.id });
      throw confirmed ? new ConflictException(SECOND_FACTOR_MESSAGES.alreadyEnrolled) : new UnprocessableEntityException(SECOND_FACTOR_MESSAGES.noEnrolment);
    }
    await this.codes.count(user, ip);
    const secret = this.codes.secrets.open(pending.secret_encrypted);
    const digits = authenticatorCode(code);
    const step = secret && digits ? await this.codes.matchingStep(secret, digits, null) : null;
    if (step === null) {
      await this.securityLog.recordQuietly('second_factor_failed', { user_id: user.id, email: user.email, ip, details: 'setting up the authenticator app' });
      throw new UnprocessableEntityException(SECOND_FACTOR_MESSAGES.wrongCode);
    }
    await this.codes.forgive(user);
    const recovery_codes = newRecoveryCodes();
    await this.dataSource.transaction(async (tx) => {
      const confirmed = await tx.update(TotpFactor, { user_id: user.id, confirmed_at: IsNull() }, { confirmed_at: this.clock.now(), last_step: step });
      if (confirmed.affected !== 1) throw new ConflictException(SECOND_FACTOR_MESSAGES.alreadyEnrolled);
      await this.replaceRecoveryCodes(tx, user.id, recovery_codes);
      await this.securityLog.record('second_factor_enrolled', { user_id: user.id, email: user.email, ip, details: 'authenticator app' }, tx);
    });
    return { recovery_codes };
  }

  /** A new set of 10 recovery codes; the old ones stop working. */
  async renewRecoveryCodes(user: Actor, ip: string | null): Promise<RecoveryCodesDto> {
    const recovery_codes = newRecoveryCodes();
    await this.dataSource.transaction(async (tx) => {
      if (!(await this.hasTotp(user.id, tx))) {
        throw new UnprocessableEntityException(SECOND_FACTOR_MESSAGES.notEnrolled);
      }
      await this.replaceRecoveryCodes(tx, user.id, recovery_codes);
      await this.securityLog.record('recovery_codes_renewed', { user_id: user.id, email: user.email, ip }, tx);
    });
    return { recovery_codes };
  }

  /** Removes one's own authenticator app: only where a second factor is optional (or a passkey stays). */
  async removeTotp(user: Actor, ip: string | null): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      if (!(await this.hasTotp(user.id, tx))) {
        throw new NotFoundException(SECOND_FACTOR_MESSAGES.notEnrolled);
      }
      await this.deleteFactor(tx, user.id);
      if (await this.enrolmentRequired(user, tx)) {
        throw new ConflictException(SECOND_FACTOR_MESSAGES.keepRequired);
      }
      await this.securityLog.record('second_factor_removed', { user_id: user.id, email: user.email, ip, details: 'authenticator app' }, tx);
    });
  }

  /**
   * An admin resets another admin's second factor (a lost phone): the app and the recovery codes are gone, every
   * session of that admin ends, and the next sign-in leads to setting a factor up again. Audited.
   */
  async reset(actor: Actor, targetId: number, ip: string | null): Promise<void> {
    if (targetId === actor.id) throw new UnprocessableEntityException(SECOND_FACTOR_MESSAGES.notYourself);
    await this.dataSource.transaction(async (tx) => {
      const target = await tx.findOneBy(User, { id: targetId });
      if (!target) throw new NotFoundException('User not found');
      if (target.role !== 'admin') throw new UnprocessableEntityException(SECOND_FACTOR_MESSAGES.notAdmin);
      const removed = await this.deleteFactor(tx, target.id);
      const ended = await this.sessions.revokeAll(tx, target.id);
      await this.securityLog.record(
        'second_factor_reset',
        { user_id: target.id, actor_id: actor.id, email: target.email, ip, details: `Reset by ${actor.email}${removed ? '' : ' (none was set up)'}; ended ${ended} session(s)` },
        tx,
      );
    });
  }

  private async deleteFactor(tx: EntityManager, userId: number): Promise<boolean> {
    const removed = await tx.delete(TotpFactor, { user_id: userId });
    await tx.delete(RecoveryCode, { user_id: userId });
    return (removed.affected ?? 0) > 0;
  }

  private async replaceRecoveryCodes(tx: EntityManager, userId: number, codes: string[]): Promise<void> {
    await tx.delete(RecoveryCode, { user_id: userId });
    await tx.insert(
      RecoveryCode,
      codes.map((code) => ({ user_id: userId, code_hash: recoveryCodeHash(code), used_at: null })),
    );
  }
}
