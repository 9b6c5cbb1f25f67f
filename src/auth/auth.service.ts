import { Injectable, UnauthorizedException, UnprocessableEntityException } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import * as bcrypt from 'bcrypt';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { InvitationsService } from '../invitations/invitations.service';
import { User } from '../users/entities/user.entity';
import { UsersService } from '../users/users.service';
import { ChangePasswordDto } from './dto/change-password.dto';
import { LoginDto } from './dto/login.dto';
import { RegisterDto } from './dto/register.dto';
import { SessionClaims } from './session.guard';
import { LoginThrottleService } from './login-throttle.service';

/** Compared against when the e-mail is unknown, so a miss takes as long as a wrong password. */
const NO_SUCH_USER_HASH = bcrypt.hashSync('no such user', 10);

@Injectable()
export class AuthService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(User) private readonly userRepository: Repository<User>,
    private readonly users: UsersService,
    private readonly invitations: InvitationsService,
    private readonly jwt: JwtService,
    private readonly throttle: LoginThrottleService,
  ) {}

  async login(dto: LoginDto, ip: string): Promise<{ token: string; user: User }> {
    await this.throttle.assertAllowed(dto.email, ip);
    const user = await this.users.findByEmail(dto.email);
    const matches = await bcrypt.compare(dto.password, user?.password_hash ?? NO_SUCH_USER_HASH);
    if (!user || !matches) {
      await this.throttle.recordFailure(dto.email, ip);
      throw new UnauthorizedException('Invalid email or password');
    }
    await this.throttle.recordSuccess(dto.email, ip);
    return { token: await this.issueToken(user), user: await this.users.findById(user.id) };
  }

  issueToken(user: User): Promise<string> {
    const claims: SessionClaims = { sub: user.id, tv: user.token_version };
    return this.jwt.signAsync(claims);
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
