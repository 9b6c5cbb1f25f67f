import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { newPasswordProblem } from '../common/passwords/new-password-problem';
import { newToken } from '../common/tokens';
import { AppConfig } from '../config/app-config';
import { User } from '../users/entities/user.entity';
import { UsersService } from '../users/users.service';
import { FIRST_ADMIN_SETUP_TTL_MS } from './auth.constants';
import { PasswordReset } from './entities/password-reset.entity';

const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

/**
 * On a database with no admin, creates one so the pool can be set up (docs/decisions.md, "The first admin").
 * With ADMIN_PASSWORD the admin gets that password and nothing is printed. Without it the admin gets no usable
 * password and a one-time setup link, printed once: the only secret the app ever writes to its log.
 */
@Injectable()
export class FirstAdminService implements OnApplicationBootstrap {
  private readonly logger = new Logger('FirstAdmin');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const repository = this.dataSource.getRepository(User);
    if (await repository.existsBy({ role: 'admin' })) return;
    const email = this.config.adminEmail ?? DEFAULT_ADMIN_EMAIL;
    const existing = await this.users.findByEmail(email);
    if (existing) {
      await repository.update(existing.id, { role: 'admin' });
      this.logger.warn(`No admin existed: ${email} was made an admin with its current password.`);
      return;
    }
    const given = this.config.adminPassword;
    const refusal = given === undefined ? null : await newPasswordProblem(given);
    // Checked here, not when the settings are read: a deployment whose admin exists keeps its older ADMIN_PASSWORD.
    if (refusal) throw new Error(`ADMIN_PASSWORD cannot be the first admin's password: ${refusal}`);
    // Without ADMIN_PASSWORD the hash is of a secret nobody ever learns: a login compares it like any other
    // (same cost) and never matches, until the setup link sets a real password.
    const password_hash = await this.users.hashPassword(given ?? randomBytes(32).toString('base64url'));
    const setup = given ? undefined : newToken();
    const expiresAt = new Date(Date.now() + FIRST_ADMIN_SETUP_TTL_MS);
    try {
      await this.dataSource.transaction(async (manager) => {
        const inserted = await manager.insert(User, { email, name: 'Admin', role: 'admin', password_hash });
        if (setup) {
          await manager.insert(PasswordReset, { user_id: inserted.identifiers[0].id as number, token_hash: setup.hash, expires_at: expiresAt });
        }
      });
    } catch (error) {
      // Another instance sharing the database created it first (and printed its own link).
      if (await repository.existsBy({ role: 'admin' })) return;
      throw error;
    }
    if (!setup) {
      this.logger.log(`Created the admin account ${email} (password from ADMIN_PASSWORD).`);
      return;
    }
    const hours = FIRST_ADMIN_SETUP_TTL_MS / 3_600_000;
    this.logger.warn(
      `Created the admin account ${email}. Choose its password within ${hours} hours at ` +
        `${this.config.appUrl}/reset-password/${setup.token} (shown once, works once; later use "Forgot your password?").`,
    );
  }
}
