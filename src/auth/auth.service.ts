import { Injectable, UnauthorizedException, UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { isUniqueViolation } from '../database/driver-errors';
import { INVITATION_MESSAGES, InvitationsService } from '../invitations/invitations.service';
import { SecurityLogService } from '../security/security-log.service';
import { ThrottlePolicy, ThrottlesService } from '../security/throttles.service';
import { User } from '../users/entities/user.entity';
import { hashPassword, verifyPassword } from '../users/password-hash';
import { UsersService } from '../users/users.service';
import { ChangePasswordDto } from './dto/change-password.dto';
import { RegisterDto } from './dto/register.dto';
import { AccountChangesService, PasswordChange } from './account-changes.service';
import { currentPasswordChecks } from './auth.constants';
import { LoginThrottleService } from './login-throttle.service';
import { ClientInfo, SessionsService } from './sessions.service';
import { SecondFactorChallengeDto } from './second-factor/dto/second-factor.dto';
import { SecondFactorSignIn } from './second-factor/second-factor-sign-in.service';
import { SessionResponseDto } from './dto/session-response.dto';

@Injectable()
export class AuthService {
  /**
   * Compared against when the e-mail is unknown, so a miss costs the same bcrypt work as a wrong password: made at
   * BCRYPT_ROUNDS, the cost of the hashes it stands in for.
   */
  private readonly noSuchUserHash: Promise<string>;
  /** Current passwords tried on a password change (shared with re-authentication: currentPasswordChecks). */
  private readonly passwordChecks: ThrottlePolicy;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(User) private readonly userRepository: Repository<User>,
    private readonly users: UsersService,
    private readonly invitations: InvitationsService,
    private readonly throttle: LoginThrottleService,
    private readonly sessions: SessionsService,
    private readonly changes: AccountChangesService,
    private readonly securityLog: SecurityLogService,
    private readonly throttles: ThrottlesService,
    private readonly secondFactor: SecondFactorSignIn,
    config: AppConfig,
  ) {
    this.noSuchUserHash = hashPassword('no such user', config.bcryptRounds);
    this.passwordChecks = currentPasswordChecks(config.loginMaxFailures);
  }

  /**
   * The `local` strategy's check: counts the attempt (429 past the throttles), then checks the password, with the
   * same work whether the e-mail is known or not. Answers the user, or 401 "Invalid email or password".
   */
  async verifyCredentials(email: string, password: string, ip: string): Promise<User> {
    await this.throttle.admit(email, ip);
    const user = await this.users.findByEmail(email);
    const matches = await verifyPassword(password, user?.password_hash ?? (await this.noSuchUserHash));
    if (!user || !matches) {
      await this.securityLog.recordQuietly('login_failed', { user_id: user?.id ?? null, email, ip });
      throw new UnauthorizedException('Invalid email or password');
    }
    return user;
  }

  /**
   * A login whose credentials held (the `local` strategy): the throttles forget the failures, and a session starts,
   * or for an admin with a second factor the second step's challenge instead.
   */
  async login(user: User, client: ClientInfo & { ip: string }): Promise<SessionResponseDto | SecondFactorChallengeDto> {
    await this.throttle.succeeded(user.email, client.ip);
    const challenge = await this.secondFactor.challengeFor(user, client.ip);
    if (challenge) return challenge;
    // Whether the member chose to stay signed in (an admin's session is 12 hours either way).
    const details = client.remember && user.role !== 'admin' ? 'Stay signed in' : null;
    await this.securityLog.recordQuietly('login', { user_id: user.id, email: user.email, ip: client.ip, details });
    const token = await this.sessions.start(user, client);
    return { token, user: await this.secondFactor.loginUser(await this.users.findById(user.id)) };
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

  /**
   * Changes the password: every other session ends, reset links stop working, the member is told by e-mail. The
   * session that asked goes on; the answer carries its new token (the one it asked with stops working).
   */
  async changePassword(user: User, dto: ChangePasswordDto, sessionId: string, ip: string): Promise<string> {
    const who = { user_id: user.id, email: user.email, ip };
    // Counted before the hash is compared, as a login is: a parallel burst cannot pass, and past the limit none is compared.
    await this.throttles.take(this.passwordChecks, String(user.id), who);
    if (!(await verifyPassword(dto.current_password, user.password_hash))) {
      await this.securityLog.recordQuietly('password_change_failed', who);
      throw new UnprocessableEntityException('Current password is incorrect');
    }
    await this.throttles.limiter(this.passwordChecks).delete(String(user.id));
    // The current password is itself a proof of identity: the change needs no confirmation before it, and counts as one.
    await this.sessions.confirmIdentity(sessionId);
    if (dto.new_password !== dto.password_confirmation) {
      throw new UnprocessableEntityException('New password and confirmation do not match');
    }
    // Hashed before the transaction: the write gate is held only while the database is talked to.
    const password_hash = await this.users.hashPassword(dto.new_password);
    await this.dataSource.transaction(async (manager) => {
      await this.storePasswordHash(manager, user, password_hash, { keepSessionId: sessionId, ip, how: 'on the profile page', event: 'password_changed' });
    });
    return this.sessions.refreshToken(user, sessionId);
  }

  /**
   * Stores a new password hash, with all that follows it (see AccountChangesService.passwordChanged). token_version moves
   * on too, so even a copy of the asking session's token stops working; that session goes on with a fresh token.
   */
  async storePasswordHash(manager: EntityManager, user: Pick<User, 'id' | 'email'>, password_hash: string, change: PasswordChange): Promise<void> {
    await manager.update(User, user.id, { password_hash });
    await manager.increment(User, { id: user.id }, 'token_version', 1);
    await this.changes.passwordChanged(manager, user, change);
  }
}

const invalidInvitation = () => new UnprocessableEntityException(INVITATION_MESSAGES.invalid);
