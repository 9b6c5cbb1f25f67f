import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { EntityManager, FindOptionsWhere, In } from 'typeorm';
import type { Principal } from '../common/principal';
import { ListPage, ListParams, orderOf } from '../common/list/list-query';
import { Game } from '../games/entities/game.entity';
import { isLocked } from '../games/pick-window';
import { SecurityLogService } from '../security/security-log.service';
import { Week } from '../seasons/weeks/entities/week.entity';
import { User } from '../users/entities/user.entity';
import {
  CreateSurvivorPickDto,
  SurvivorPickAuditDto,
  SurvivorPickAuditFilterDto,
  SurvivorPickDto,
  SurvivorPickFilterDto,
  SurvivorPickValueDto,
  UpdateSurvivorPickDto,
} from './dto/survivor-pick.dto';
import { SurvivorPickAudit } from './entities/survivor-pick-audit.entity';
import { SurvivorPick } from './entities/survivor-pick.entity';
import { SurvivorResult } from './entities/survivor-result.entity';
import { gameOfTeam, SurvivorPicksService } from './survivor-picks.service';
import { SurvivorResultsService } from './survivor-results.service';
import { SURVIVOR_MESSAGES } from './survivor-rules';
import { ContestState, SurvivorStore } from './survivor.store';

const SORTABLE = ['id', 'week_id', 'user_id', 'updated_at', 'user.name', 'week.number'] as const;
const AUDIT_SORTABLE = ['id', 'created_at', 'user_id', 'week_id'] as const;

/** A pick's value as the audit keeps it. */
type StoredValue = Omit<SurvivorPickValueDto, 'hidden'>;

/**
 * Survivor picks as admins see and change them (docs/pool-formats.md#survivor#picks): the list hides a pick's team
 * from everyone but its owner until its game's pick window closes, admins included; an admin's create, change or
 * deletion of an entrant's pick works at any time, is checked against the reuse rule and is audited with its reason
 * in the change's transaction.
 */
@Injectable()
export class SurvivorPickOverridesService {
  constructor(
    private readonly store: SurvivorStore,
    private readonly picks: SurvivorPicksService,
    private readonly securityLog: SecurityLogService,
    private readonly results: SurvivorResultsService,
  ) {}

  private get manager(): EntityManager {
    return this.store.dataSource.manager;
  }

  async list(viewer: Principal, list: ListParams<SurvivorPickFilterDto>): Promise<ListPage<SurvivorPickDto>> {
    const { survivor_contest_id, week_id, user_id } = list.filter;
    const where: FindOptionsWhere<SurvivorPick> = {
      ...(list.ids ? { id: In(list.ids) } : {}),
      ...(survivor_contest_id !== undefined ? { survivor_contest_id } : {}),
      ...(week_id !== undefined ? { week_id } : {}),
      ...(user_id !== undefined ? { user_id } : {}),
    };
    const [picks, total] = await this.manager.findAndCount(SurvivorPick, {
      where,
      relations: { user: true, week: true, team: true, game: true },
      order: orderOf<SurvivorPick>(list, SORTABLE, { week: { number: 'ASC' }, user: { name: 'ASC' }, id: 'ASC' }),
      skip: list.skip,
      take: list.take,
    });
    const now = this.store.now();
    return {
      items: picks.map((pick) => {
        const hidden = pick.user_id !== viewer.id && !isLocked(pick.game!, now);
        return {
          id: pick.id,
          survivor_contest_id: pick.survivor_contest_id,
          user_id: pick.user_id,
          user_name: pick.user!.name,
          week_id: pick.week_id,
          week_number: pick.week!.number,
          game_id: hidden ? null : pick.game_id,
          team_id: hidden ? null : pick.team_id,
          team_name: hidden ? null : pick.team!.name,
          hidden,
          assigned: pick.assigned,
          updated_at: new Date(pick.updated_at).toISOString(),
        };
      }),
      total,
    };
  }

  async findOne(viewer: Principal, id: number): Promise<SurvivorPickDto> {
    const [pick] = (await this.list(viewer, { filter: {}, ids: [id], paged: false })).items;
    if (!pick) throw new NotFoundException(SURVIVOR_MESSAGES.pickNotFound);
    return pick;
  }

  /** POST /api/survivor_picks: the entrant's pick of the week, created or (when there is one) changed. */
  async create(admin: Principal, dto: CreateSurvivorPickDto, ip: string | null): Promise<{ pick: SurvivorPickDto; created: boolean }> {
    const contest = await this.store.contestOrFail(dto.survivor_contest_id).catch(() => {
      throw new UnprocessableEntityException('survivor_contest_id does not match any survivor contest');
    });
    const state = await this.store.stateOf(contest);
    const week = state.contestWeeks.find((one) => one.id === dto.week_id);
    if (!week) throw new UnprocessableEntityException(SURVIVOR_MESSAGES.weekOutside);
    const entrant = await this.entrant(state, dto.user_id);
    const { id, created } = await this.change(admin, state, entrant, week, dto.team_id, dto.reason ?? null, ip);
    await this.recalculateIfCalculated(contest.id, week.id);
    return { pick: await this.findOne(admin, id), created };
  }

  /** PUT/PATCH /api/survivor_picks/{id}: another team of the pick's week. */
  async update(admin: Principal, id: number, dto: UpdateSurvivorPickDto, ip: string | null): Promise<SurvivorPickDto> {
    const pick = await this.pickOrFail(id);
    const state = await this.store.stateOf(await this.store.contestOrFail(pick.survivor_contest_id));
    const entrant = (await this.manager.findOneBy(User, { id: pick.user_id }))!;
    await this.change(admin, state, entrant, pick.week!, dto.team_id ?? pick.team_id, dto.reason ?? null, ip);
    await this.recalculateIfCalculated(pick.survivor_contest_id, pick.week_id);
    return this.findOne(admin, id);
  }

  /** DELETE /api/survivor_picks/{id}, with the admin's reason. */
  async remove(admin: Principal, id: number, reason: string | null, ip: string | null): Promise<void> {
    const pick = await this.pickOrFail(id);
    await this.store.dataSource.transaction(async (manager) => {
      const current = await manager.findOne(SurvivorPick, { where: { id }, relations: { team: true } });
      if (!current) throw new NotFoundException(SURVIVOR_MESSAGES.pickNotFound);
      await manager.delete(SurvivorPick, { id });
      await this.audit(manager, admin, current, 'delete', valueOf(current, current.team!.name), null, reason, ip);
    });
    await this.recalculateIfCalculated(pick.survivor_contest_id, pick.week_id);
  }

  /** An override of a week the results already computed changes them: the contest is computed again. */
  private async recalculateIfCalculated(contestId: number, weekId: number): Promise<void> {
    if (await this.manager.existsBy(SurvivorResult, { survivor_contest_id: contestId, week_id: weekId })) await this.results.calculate(contestId);
  }

  /** GET /api/survivor_pick_audits: newest first; a team is hidden while its game's pick window is open. */
  async audits(list: ListParams<SurvivorPickAuditFilterDto>): Promise<ListPage<SurvivorPickAuditDto>> {
    const { survivor_contest_id, user_id, survivor_pick_id } = list.filter;
    const where: FindOptionsWhere<SurvivorPickAudit> = {
      ...(list.ids ? { id: In(list.ids) } : {}),
      ...(survivor_contest_id !== undefined ? { survivor_contest_id } : {}),
      ...(user_id !== undefined ? { user_id } : {}),
      ...(survivor_pick_id !== undefined ? { survivor_pick_id } : {}),
    };
    const [rows, total] = await this.manager.findAndCount(SurvivorPickAudit, {
      where,
      relations: { user: true, admin: true },
      order: orderOf<SurvivorPickAudit>(list, AUDIT_SORTABLE, { created_at: 'DESC', id: 'DESC' }),
      skip: list.skip,
      take: list.take,
    });
    const parse = (text: string | null): StoredValue | null => (text ? (JSON.parse(text) as StoredValue) : null);
    const gameIds = [...new Set(rows.flatMap((row) => [parse(row.previous_value)?.game_id, parse(row.new_value)?.game_id]).filter((id): id is number => typeof id === 'number'))];
    const games = gameIds.length ? await this.manager.find(Game, { where: { id: In(gameIds) } }) : [];
    const now = this.store.now();
    const locked = new Set(games.filter((game) => isLocked(game, now)).map((game) => game.id));
    const shown = (value: StoredValue | null): SurvivorPickValueDto | null => {
      if (!value) return null;
      if (value.game_id !== null && locked.has(value.game_id)) return { ...value, hidden: false };
      return { game_id: null, team_id: null, team_name: null, assigned: value.assigned, hidden: true };
    };
    return {
      items: rows.map((row) => ({
        id: row.id,
        survivor_contest_id: row.survivor_contest_id,
        survivor_pick_id: row.survivor_pick_id,
        user_id: row.user_id,
        user_name: row.user?.name ?? '',
        week_id: row.week_id,
        admin_id: row.admin_id,
        admin_name: row.admin?.name ?? null,
        action: row.action,
        previous_value: shown(parse(row.previous_value)),
        new_value: shown(parse(row.new_value)),
        reason: row.reason,
        created_at: new Date(row.created_at).toISOString(),
      })),
      total,
    };
  }

  /** Creates or changes the entrant's pick of the week to the team, audited; not bound by the pick window. */
  private async change(admin: Principal, state: ContestState, entrant: User, week: Week, teamId: number, reason: string | null, ip: string | null) {
    const games = await this.store.gamesOf(week);
    const chosen = gameOfTeam(games, teamId);
    if (!chosen) throw new UnprocessableEntityException(SURVIVOR_MESSAGES.teamNotPlaying);
    const team = chosen.game.home_team_id === teamId ? chosen.game.home_team! : chosen.game.away_team!;
    return this.picks.raceSafe(() =>
      this.store.dataSource.transaction(async (manager) => {
        const existing = await manager.findOne(SurvivorPick, { where: { survivor_contest_id: state.contest.id, user_id: entrant.id, week_id: week.id }, relations: { team: true } });
        const saved = await this.picks.write(manager, state, entrant.id, week, chosen.game, team, existing, entrant.name);
        const previous = existing ? valueOf(existing, existing.team!.name) : null;
        await this.audit(manager, admin, saved, existing ? 'update' : 'create', previous, valueOf(saved, team.name), reason, ip);
        return { id: saved.id, created: !existing };
      }),
    );
  }

  private async entrant(state: ContestState, userId: number): Promise<User> {
    const user = await this.manager.findOneBy(User, { id: userId });
    if (!user) throw new UnprocessableEntityException('user_id does not match any user');
    if (!(await this.store.entryOf(state.contest.id, userId))) throw new UnprocessableEntityException(SURVIVOR_MESSAGES.notEntrant(user.name));
    return user;
  }

  private async pickOrFail(id: number): Promise<SurvivorPick> {
    const pick = await this.manager.findOne(SurvivorPick, { where: { id }, relations: { week: true } });
    if (!pick) throw new NotFoundException(SURVIVOR_MESSAGES.pickNotFound);
    return pick;
  }

  private async audit(
    manager: EntityManager,
    admin: Principal,
    pick: SurvivorPick,
    action: 'create' | 'update' | 'delete',
    previous: StoredValue | null,
    next: StoredValue | null,
    reason: string | null,
    ip: string | null,
  ): Promise<void> {
    await manager.insert(SurvivorPickAudit, {
      survivor_contest_id: pick.survivor_contest_id,
      survivor_pick_id: pick.id,
      user_id: pick.user_id,
      week_id: pick.week_id,
      admin_id: admin.id,
      action,
      previous_value: previous && JSON.stringify(previous),
      new_value: next && JSON.stringify(next),
      reason,
    });
    const team = (value: StoredValue | null) => value?.team_name ?? 'no pick';
    const details = `Survivor pick ${pick.id} of week ${pick.week_id} (${action}): ${team(previous)} -> ${team(next)}`;
    await this.securityLog.record('pick_override', { user_id: pick.user_id, actor_id: admin.id, ip, details }, manager);
  }
}

const valueOf = (pick: Pick<SurvivorPick, 'game_id' | 'team_id' | 'assigned'>, teamName: string): StoredValue => ({
  game_id: pick.game_id,
  team_id: pick.team_id,
  team_name: teamName,
  // A row as just written may carry the driver's 0/1.
  assigned: Boolean(pick.assigned),
});
