import { BeforeApplicationShutdown, Injectable, Logger, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, IsNull, Repository } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { hashToken, newToken } from '../common/tokens';
import { MailOutboxService } from '../mail/mail-outbox.service';
import { MailService } from '../mail/mail.service';
import { UsersService } from '../users/users.service';
import { PASSWORD_RESET_TTL_MS } from './auth.constants';
import { AuthService } from './auth.service';
import { NewPasswordDto } from './dto/password-reset.dto';
import { PasswordReset } from './entities/password-reset.entity';
import { SecurityLogService } from '../security/security-log.service';

export const PASSWORD_RESET_KIND = 'password-reset';

@Injectable()
export class PasswordResetsService implements BeforeApplicationShutdown {
  private readonly logger = new Logger('PasswordResets');
  /** Requests whose work is still running after their answer went out. */
  private readonly running = new Set<Promise<void>>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(PasswordReset) private readonly resets: Repository<PasswordReset>,
    private readonly users: UsersService,
    private readonly auth: AuthService,
    private readonly mail: MailService,
    private readonly outbox: MailOutboxService,
    private readonly securityLog: SecurityLogService,
    private readonly config: AppConfig,
  ) {}

  /**
   * E-mails a reset link when the account exists. The caller's answer does not wait for this work (the look-up, the
   * link and its e-mail in the outbox): it is the same, and takes the same time, whether the account exists or not.
   */
  request(email: string, ip: string, answered: Promise<void>): void {
    // Started once the answer has gone out: better-sqlite3's statements and the e-mail's rendering hold the event
    // loop, and would otherwise delay the answer of a request for an existing account.
    const work = answered
      .then(() => this.issue(email, ip))
      .catch((error: Error) => this.logger.error(`A password reset request failed: ${error.message}`, error.stack))
      .finally(() => this.running.delete(work));
    this.running.add(work);
  }

  /** Lets reset requests already answered finish before the database closes. */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all([...this.running]);
  }

  private async issue(email: string, ip: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user) {
      await this.securityLog.record('password_reset_requested', { email, ip, details: 'No account has this e-mail address' });
      return;
    }
    const { token, hash } = newToken();
    const expires_at = new Date(Date.now() + PASSWORD_RESET_TTL_MS);
    await this.dataSource.transaction(async (manager) => {
      await manager.insert(PasswordReset, { user_id: user.id, token_hash: hash, expires_at });
      await this.securityLog.record('password_reset_requested', { user_id: user.id, email: user.email, ip }, manager);
      await this.outbox.enqueue(manager, {
        kind: PASSWORD_RESET_KIND,
        user_id: user.id,
        email: user.email,
        subject: 'Reset your password',
        template: 'password-reset',
        oneTimeLink: true,
        context: {
          email: user.email,
          link: `${this.config.appUrl}/reset-password/${token}`,
          expiresAt: this.mail.formatDateTime(expires_at),
        },
      });
    });
  }

  /** The e-mail a usable reset token is for; 404 for an unknown, used or expired token. */
  async emailFor(token: string): Promise<string> {
    const reset = await this.findUsable(token);
    return (await this.users.findById(reset.user_id)).email;
  }

  /** Sets the new password, uses up this token and every other outstanding one, and ends the user's sessions. */
  async reset(token: string, dto: NewPasswordDto, ip: string): Promise<void> {
    if (dto.password !== dto.password_confirmation) throw new UnprocessableEntityException('Passwords do not match.');
    const reset = await this.findUsable(token);
    const user = await this.users.findById(reset.user_id);
    const password_hash = await this.users.hashPassword(dto.password);
    await this.dataSource.transaction(async (manager) => {
      const claimed = await manager.update(PasswordReset, { id: reset.id, used_at: IsNull() }, { used_at: new Date() });
      if (!claimed.affected) throw invalidToken();
      await this.auth.storePasswordHash(manager, user, password_hash, { keepSessionId: null, ip, how: 'with a reset link', event: 'password_reset' });
    });
  }

  private async findUsable(token: string): Promise<PasswordReset> {
    // Checked here rather than in SQL: SQLite compares stored date text, not instants.
    const reset = await this.resets.findOneBy({ token_hash: hashToken(token) });
    if (!reset || reset.used_at || reset.expires_at.getTime() <= Date.now()) throw invalidToken();
    return reset;
  }
}

const invalidToken = () => new NotFoundException('Invalid or expired reset token.');
