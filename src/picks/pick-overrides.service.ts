import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { Game } from '../games/entities/game.entity';
import type { SeasonRules } from '../seasons/season-rules';
import { SecurityLogService } from '../security/security-log.service';
import { Team } from '../teams/entities/team.entity';
import { User } from '../users/entities/user.entity';
import { CreatePickDto } from './dto/create-pick.dto';
import { UpdatePickDto } from './dto/update-pick.dto';
import { PickAudit } from './entities/pick-audit.entity';
import { Pick } from './entities/pick.entity';
import { PickChange, PickChangeNotifier } from './pick-change-notifier';
import { PICK_MESSAGES, PickValue } from './pick-rules';
import { isAdmin, OverrideAudit, PickStore, SavedPick } from './pick.store';

/**
 * The admin override (docs/product.md#permissions, #api): an admin creates, changes or deletes a member's pick at any
 * time, and each such change is audited and e-mailed (the audit row and the e-mail are written in the change's
 * transaction). The request's own checks run before, in MemberPicksService, which hands an override here.
 */
@Injectable()
export class PickOverridesService {
  constructor(
    @InjectRepository(Pick) private readonly picks: Repository<Pick>,
    @InjectRepository(PickAudit) private readonly audits: Repository<PickAudit>,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly store: PickStore,
    private readonly notifier: PickChangeNotifier,
    private readonly securityLog: SecurityLogService,
  ) {}

  /** Whether an admin's change of a pick is an override: any pick but their own in a season where the commissioner plays. */
  isOverride(viewer: User, pick: Pick, rules: SeasonRules): boolean {
    return isAdmin(viewer) && !(pick.user_id === viewer.id && rules.commissioner_plays);
  }

  /** The member an admin's POST names by user_id: a user, and not an admin. */
  async memberNamed(userId: number): Promise<User> {
    const member = await this.users.findOneBy({ id: userId });
    if (!member) throw new UnprocessableEntityException('user_id does not match any user');
    if (member.role === 'admin') throw new UnprocessableEntityException(PICK_MESSAGES.adminsDoNotPick);
    return member;
  }

  /** POST /picks with user_id: the member's pick of the game, created or updated. */
  create(admin: User, member: User, game: Game, team: Team, dto: CreatePickDto, rules: SeasonRules, ip: string | null): Promise<SavedPick> {
    return this.store.saveLocked(member, game, team, dto, rules, this.audit(admin, dto.reason ?? null, ip));
  }

  /** PUT/PATCH /picks/{id} of a member's pick; may also set is_correct. */
  update(admin: User, pick: Pick, game: Game, team: Team, dto: UpdatePickDto, rules: SeasonRules, ip: string | null): Promise<void> {
    return this.store.rewrite(pick, game, team, dto, rules, this.audit(admin, dto.reason ?? null, ip));
  }

  /** DELETE /picks/{id} of a member's pick, with the admin's reason if given. */
  remove(admin: User, pick: Pick, game: Game, reason: string | null, ip: string | null): Promise<void> {
    return this.store.erase(pick, game, this.audit(admin, reason, ip));
  }

  /** The admin changes of a pick, newest first; still there after the pick was deleted. */
  async history(id: number): Promise<PickAudit[]> {
    const entries = await this.audits.find({ where: { pick_id: id }, relations: { admin: true }, order: { created_at: 'DESC', id: 'DESC' } });
    if (entries.length === 0 && !(await this.picks.existsBy({ id }))) throw new NotFoundException(PICK_MESSAGES.notFound);
    return entries;
  }

  private audit(admin: User, reason: string | null, ip: string | null): OverrideAudit {
    return { admin, reason, record: (manager, pick, change) => this.recordAdminChange(manager, pick, change, ip) };
  }

  /** An admin's change of a pick, inside its transaction: the audit row, the security log's entry and the e-mail that tells the member. */
  private async recordAdminChange(manager: EntityManager, pick: { id: number; user_id: number; game_id: number }, change: PickChange, ip: string | null): Promise<void> {
    const { admin, action, previous, next, reason } = change;
    await manager.insert(PickAudit, {
      pick_id: pick.id,
      user_id: pick.user_id,
      game_id: pick.game_id,
      admin_id: admin.id,
      action,
      previous_value: previous && JSON.stringify(previous),
      new_value: next && JSON.stringify(next),
      reason,
    });
    const winner = (value: PickValue | null) => value?.selected_winner ?? 'no pick';
    const details = `Pick ${pick.id} of game ${pick.game_id} (${action}): ${winner(previous)} -> ${winner(next)}`;
    await this.securityLog.record('pick_override', { user_id: pick.user_id, actor_id: admin.id, email: change.member.email, ip, details }, manager);
    await this.notifier.notify(manager, change);
  }
}
