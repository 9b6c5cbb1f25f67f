import { Injectable, Logger, UnauthorizedException, UnprocessableEntityException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import * as bcrypt from 'bcrypt';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { isUniqueViolation } from '../database/driver-errors';
import { INVITATION_MESSAGES, InvitationsService } from '../invitations/invitations.service';
import { SecurityEventFields, SecurityLog } from '../security/security-log.service';
import { SecurityEventType } from '../security/entities/security-event.entity';
import { User } from '../users/entities/user.entity';
import { UsersService } from '../users/users.service';
import { ChangePasswordDto } from './dto/change-password.dto';
import { LoginDto } from './dto/login.dto';
import { RegisterDto } from './dto/register.dto';
import { SessionClaims } from './session.guard';
import { LoginThrottleService } from './login-throttle.service';

@Injectable()
export class AuthService {
  private readonly logger = new Logger('AuthService');
  /**
   * Compared against when the e-mail is unknown, so a miss costs the same bcrypt work as a wrong password: made at
   * BCRYPT_ROUNDS, the cost of the hashes it stands in for.
   */
  private readonly noSuchUserHash: Promise<string>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(User) private readonly userRepository: Repository<User>,
    private readonly users: UsersService,
    private readonly invitations: InvitationsService,
    private readonly jwt: JwtService,
    private readonly throttle: LoginThrottleService,
    private readonly securityLog: SecurityLog,
    config: AppConfig,
  ) {
    this.noSuchUserHash = bcrypt.hash('no such user', config.bcryptRounds);
  }

  /** Counts the attempt (429 past the throttles), then checks the password; the same work whether the e-mail is known or not. */
  async login(dto: LoginDto, ip: string): Promise<{ token: string; user: User }> {
    await this.throttle.admit(dto.email, ip);
    const user = await this.users.findByEmail(dto.email);
    const matches = await bcrypt.compare(dto.password, user?.password_hash ?? (await this.noSuchUserHash));
    if (!user || !matches) {
      await this.record('login_failed', { user_id: user?.id ?? null, email: dto.email, ip });
      throw new UnauthorizedException('Invalid email or password');
    }
    await this.throttle.succeeded(dto.email, ip);
    await this.record('login', { user_id: user.id, email: user.email, ip });
    return { token: await this.issueToken(user), user: await this.users.findById(user.id) };
  }

  /** A security log entry that never changes the answer: one insert, and a failure to write it is only logged. */
  private record(type: SecurityEventType, fields: SecurityEventFields): Promise<void> {
    return this.securityLog.record(type, fields).catch((error: Error) => this.logger.warn(`Recording ${type} failed: ${error.message}`));
  }

  issueToken(user: User): Promise<string> {
    const claims: SessionClaims = { sub: user.id, tv: user.token_version };
    return this.jwt.signAsync(claims);
  }

  /**
   * Creates a member from a valid invitation; the invitation is accepted in the same transaction. The invitation is
   * checked first, and an e-mail that already has an account answers exactly as an invalid link does: registration
   * never tells whether an address has an account.
   */
  async register(dto: RegisterDto): Promise<User> {
    // Checked before the costly hash: a made-up or used link costs one indexed read, not a bcrypt round.
    await this.invitations.verify(dto.invitation_token, dto.email);
    if (await this.users.findByEmail(dto.email)) throw invalidInvitation();
    const password_hash = await this.users.hashPassword(dto.password);
    const id = await this.dataSource
      .transaction(async (manager) => {
        await this.invitations.accept(manager, dto.invitation_token, dto.email);
        const result = await manager.insert(User, { email: dto.email, name: dto.name.trim(), role: 'user', password_hash });
        return result.identifiers[0].id as number;
      })
      .catch((error: unknown) => {
        // The account appeared in between: the same answer as above.
        throw isUniqueViolation(error) ? invalidInvitation() : error;
      });
    return this.users.findById(id);
  }

  /** Changes the password and ends every other session; the answer carries a fresh token for this one. */
  async changePassword(user: User, dto: ChangePasswordDto): Promise<string> {
    if (!(await bcrypt.compare(dto.current_password, user.password_hash))) {
      throw new UnprocessableEntityException('Current password is incorrect');
    }
    if (dto.new_password !== dto.password_confirmation) {
      throw new UnprocessableEntityException('New password and confirmation do not match');
    }
    await this.setPassword(user.id, dto.new_password);
    return this.issueToken(await this.users.findById(user.id));
  }

  /** Stores a new password and ends every session issued before (the hash is made before the transaction). */
  async setPassword(userId: number, password: string): Promise<void> {
    const password_hash = await this.users.hashPassword(password);
    await this.dataSource.transaction((manager) => this.storePasswordHash(manager, userId, password_hash));
  }

  async storePasswordHash(manager: EntityManager, userId: number, password_hash: string): Promise<void> {
    await manager.update(User, userId, { password_hash });
    await manager.increment(User, { id: userId }, 'token_version', 1);
  }
}

const invalidInvitation = () => new UnprocessableEntityException(INVITATION_MESSAGES.invalid);
