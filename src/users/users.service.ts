import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { FindOptionsWhere, In, Repository } from 'typeorm';
import { ListPage, ListParams, orderOf } from '../common/list/list-query';
import { RecentAuthCheck } from '../common/recent-auth';
import { containsIgnoringCase } from '../common/text-match';
import { AppConfig } from '../config/app-config';
import { SecurityLogService } from '../security/security-log.service';
import { Team } from '../teams/entities/team.entity';
import { AccountEvents } from './account-events';
import { UpdateProfileDto } from './dto/update-profile.dto';
import { UpdateUserDto } from './dto/update-user.dto';
import { UserFilterDto } from './dto/user-filter.dto';
import { User } from './entities/user.entity';
import { hashPassword } from './password-hash';

@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(Team) private readonly teams: Repository<Team>,
    private readonly config: AppConfig,
    private readonly events: AccountEvents,
    private readonly securityLog: SecurityLogService,
    private readonly recentAuth: RecentAuthCheck,
  ) {}

  hashPassword(password: string): Promise<string> {
    return hashPassword(password, this.config.bcryptRounds);
  }

  async findAll(list: ListParams<UserFilterDto>): Promise<ListPage<User>> {
    const { q, role } = list.filter;
    const base: FindOptionsWhere<User> = { ...(role ? { role } : {}), ...(list.ids ? { id: In(list.ids) } : {}) };
    const where = q ? [{ ...base, name: containsIgnoringCase(q) }, { ...base, email: containsIgnoringCase(q) }] : base;
    const [items, total] = await this.users.findAndCount({
      where,
      relations: { favorite_team: true },
      order: orderOf(list, ['email', 'name', 'role', 'wins', 'losses', 'created_at'], { name: 'ASC' }),
      skip: list.skip,
      take: list.take,
    });
    return { items, total };
  }

  async findById(id: number): Promise<User> {
    const user = await this.users.findOne({ where: { id }, relations: { favorite_team: true } });
    if (!user) throw new NotFoundException('User not found');
    return user;
  }

  findByEmail(email: string): Promise<User | null> {
    return this.users.findOne({ where: { email: email.trim().toLowerCase() } });
  }

  /**
   * An admin's edit (docs/product.md#permissions). An admin cannot take away their own admin role: the pool keeps an
   * admin. A role or an e-mail address that actually changes is a sensitive change: the admin's session must have
   * proved who they are recently (a name or a record sent back unchanged, as the console's form does, is not).
   */
  async update(actor: User, id: number, dto: UpdateUserDto, context: { ip?: string | null; sessionId?: string } = {}): Promise<User> {
    const ip = context.ip ?? null;
    const user = await this.findById(id);
    if (user.id === actor.id && dto.role && dto.role !== 'admin') {
      throw new UnprocessableEntityException('You cannot remove your own admin role');
    }
    if (dto.email && dto.email !== user.email && (await this.findByEmail(dto.email))) {
      throw new UnprocessableEntityException('email is already used by another account');
    }
    const sensitive = (dto.role !== undefined && dto.role !== user.role) || (dto.email !== undefined && dto.email !== user.email);
    // Asked after the refusals above: no one confirms who they are for a change that is refused anyway.
    if (sensitive) await this.recentAuth.require(context.sessionId);
    const demoted = user.role === 'admin' && dto.role === 'user';
    const before = { role: user.role, email: user.email };
    Object.assign(user, dto);
    // A demoted admin's sessions carry admin rights they no longer have.
    if (demoted) user.token_version += 1;
    await this.users.manager.transaction(async (manager) => {
      await manager.save(user);
      if (dto.email !== undefined && dto.email !== before.email) await this.events.emailChanged(manager, { user, previous_email: before.email, actor_id: actor.id });
      if (dto.role !== undefined && dto.role !== before.role) {
        const details = `Role changed from ${before.role} to ${dto.role}`;
        await this.securityLog.record('role_changed', { user_id: id, actor_id: actor.id, email: before.email, ip, details }, manager);
      }
    });
    return this.findById(id);
  }

  async remove(actor: User, id: number, ip: string | null = null): Promise<void> {
    if (actor.id === id) throw new UnprocessableEntityException('You cannot delete your own account');
    const user = await this.findById(id);
    await this.users.manager.transaction(async (manager) => {
      await manager.remove(user);
      const details = `Deleted the ${user.role === 'admin' ? 'admin' : 'member'} account of ${user.name}`;
      await this.securityLog.record('user_deleted', { user_id: id, actor_id: actor.id, email: user.email, ip, details }, manager);
    });
  }

  async updateProfile(user: User, dto: UpdateProfileDto): Promise<User> {
    if (dto.date_of_birth && new Date(`${dto.date_of_birth}T00:00:00Z`) > new Date()) {
      throw new UnprocessableEntityException('date_of_birth must be in the past');
    }
    if (dto.favorite_team_id && !(await this.teams.existsBy({ id: dto.favorite_team_id }))) {
      throw new UnprocessableEntityException('favorite_team_id does not match any team');
    }
    await this.users.update(user.id, {
      first_name: dto.first_name,
      last_name: dto.last_name,
      date_of_birth: dto.date_of_birth,
      phone: dto.phone,
      favorite_team_id: dto.favorite_team_id,
    });
    return this.findById(user.id);
  }
}
