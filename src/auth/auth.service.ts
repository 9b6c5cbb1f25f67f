import { Injectable, UnauthorizedException, UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import * as bcrypt from 'bcrypt';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { InvitationsService } from '../invitations/invitations.service';
import { User } from '../users/entities/user.entity';
import { UsersService } from '../users/users.service';
import { ChangePasswordDto } from './dto/change-password.dto';
import { LoginDto } from './dto/login.dto';
import { RegisterDto } from './dto/register.dto';
import { AccountChanges, PasswordChange } from './account-changes.service';
import { LoginThrottleService } from './login-throttle.service';
import { SessionsService } from './sessions.service';

/** Compared against when the e-mail is unknown, so a miss takes as long as a wrong password. */
const NO_SUCH_USER_HASH = bcrypt.hashSync('no such user', 10);

@Injectable()
export class AuthService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(User) private readonly userRepository: Repository<User>,
    private readonly users: UsersService,
    private readonly invitations: InvitationsService,
    private readonly throttle: LoginThrottleService,
    private readonly sessions: SessionsService,
    private readonly changes: AccountChanges,
  ) {}

  async login(dto: LoginDto, ip: string, userAgent?: string): Promise<{ token: string; user: User }> {
    await this.throttle.assertAllowed(dto.email, ip);
    const user = await this.users.findByEmail(dto.email);
    const matches = await bcrypt.compare(dto.password, user?.password_hash ?? NO_SUCH_USER_HASH);
    if (!user || !matches) {
      await this.throttle.recordFailure(dto.email, ip);
      throw new UnauthorizedException('Invalid email or password');
    }
    await this.throttle.recordSuccess(dto.email, ip);
    return { token: await this.sessions.start(user, { ip, userAgent }), user: await this.users.findById(user.id) };
  }

  /** Creates a member from a valid invitation; the invitation is accepted in the same transaction. */
  async register(dto: RegisterDto): Promise<User> {
    if (await this.users.findByEmail(dto.email)) {
      throw new UnprocessableEntityException('An account with this e-mail already exists. Log in instead.');
    }
    // Checked before the costly hash: a made-up or used link costs one indexed read, not a bcrypt round.
    await this.invitations.verify(dto.invitation_token, dto.email);
    const password_hash = await this.users.hashPassword(dto.password);
    const id = await this.dataSource.transaction(async (manager) => {
      await this.invitations.accept(manager, dto.invitation_token, dto.email);
      const result = await manager.insert(User, { email: dto.email, name: dto.name.trim(), role: 'user', password_hash });
      return result.identifiers[0].id as number;
    });
    return this.users.findById(id);
  }

  /**
   * Changes the password: every other session ends, reset links stop working, the member is told by e-mail. The
   * session that asked goes on; the answer carries its new token (the one it asked with stops working).
   */
  async changePassword(user: User, dto: ChangePasswordDto, sessionId: string, ip: string): Promise<string> {
    if (!(await bcrypt.compare(dto.current_password, user.password_hash))) {
      throw new UnprocessableEntityException('Current password is incorrect');
    }
    if (dto.new_password !== dto.password_confirmation) {
      throw new UnprocessableEntityException('New password and confirmation do not match');
    }
    // Hashed before the transaction: the write gate is held only while the database is talked to.
    const password_hash = await this.users.hashPassword(dto.new_password);
    await this.dataSource.transaction(async (manager) => {
      await this.storePasswordHash(manager, user, password_hash, { keepSessionId: sessionId, ip, how: 'on the profile page' });
    });
    return this.sessions.refreshToken(user, sessionId);
  }

  /**
   * Stores a new password hash, with all that follows it (see AccountChanges.passwordChanged). token_version moves
   * on too, so even a copy of the asking session's token stops working; that session goes on with a fresh token.
   */
  async storePasswordHash(manager: EntityManager, user: Pick<User, 'id' | 'email'>, password_hash: string, change: PasswordChange): Promise<void> {
    await manager.update(User, user.id, { password_hash });
    await manager.increment(User, { id: user.id }, 'token_version', 1);
    await this.changes.passwordChanged(manager, user, change);
  }
}
