import { ConflictException, Injectable, UnprocessableEntityException } from '@nestjs/common';
import { EntityManager, FindOptionsWhere, In, IsNull, Not } from 'typeorm';
import { countOf } from '../common/count-of';
import type { Principal } from '../common/principal';
import { ListPage, ListParams, orderOf } from '../common/list/list-query';
import { isUniqueViolation } from '../database/driver-errors';
import { retryOnConflict } from '../database/retry-on-conflict';
import { MarkPaidDto } from '../payouts/dto/entry-payments.dto';
import { feeSettingsError } from '../payouts/fee-settings';
import { SecurityLogService } from '../security/security-log.service';
import { CreateSurvivorContestDto, MarkEntriesPaidResultDto, SurvivorContestDto, SurvivorContestFilterDto, UpdateSurvivorContestDto } from './dto/survivor-contest.dto';
import { SurvivorContest } from './entities/survivor-contest.entity';
import { SurvivorEntry } from './entities/survivor-entry.entity';
import { SurvivorPickAudit } from './entities/survivor-pick-audit.entity';
import { SurvivorPick } from './entities/survivor-pick.entity';
import { LOCKED_FIELDS, SURVIVOR_DEFAULT_NAME, SURVIVOR_MESSAGES } from './survivor-rules';
import { SurvivorStandingsReader } from './survivor-standings.reader';
import { contestFields, SurvivorStore } from './survivor.store';

const SORTABLE = ['id', 'name', 'football_season_id', 'created_at'] as const;

/** Survivor contests, as admins run them (docs/pool-formats.md#survivor): one per season, its rules locking with its first week. */
@Injectable()
export class SurvivorContestsService {
  constructor(
    private readonly store: SurvivorStore,
    private readonly standings: SurvivorStandingsReader,
    private readonly securityLog: SecurityLogService,
  ) {}

  private get manager(): EntityManager {
    return this.store.dataSource.manager;
  }

  async findAll(list: ListParams<SurvivorContestFilterDto>): Promise<ListPage<SurvivorContestDto>> {
    const where: FindOptionsWhere<SurvivorContest> = {
      ...(list.ids ? { id: In(list.ids) } : {}),
      ...(list.filter.football_season_id !== undefined ? { football_season_id: list.filter.football_season_id } : {}),
    };
    const [contests, total] = await this.manager.findAndCount(SurvivorContest, {
      where,
      order: orderOf<SurvivorContest>(list, SORTABLE, { id: 'DESC' }),
      skip: list.skip,
      take: list.take,
    });
    const items: SurvivorContestDto[] = [];
    for (const contest of contests) items.push(await this.answer(contest));
    return { items, total };
  }

  async findOne(id: number): Promise<SurvivorContestDto> {
    return this.answer(await this.store.contestOrFail(id));
  }

  async create(dto: CreateSurvivorContestDto): Promise<SurvivorContestDto> {
    const season = await this.store.seasonOrFail(dto.football_season_id).catch(() => {
      throw new UnprocessableEntityException('football_season_id does not match any season');
    });
    const firstWeekId = dto.first_week_id ?? (await this.store.defaultFirstWeek(season.id)).id;
    await this.assertWeekOfSeason(season.id, firstWeekId);
    const fields = { ...this.checked(dto, { entry_fee_cents: 0, payout_percentages: [] }), first_week_id: firstWeekId };
    if (await this.manager.existsBy(SurvivorContest, { football_season_id: season.id })) throw new ConflictException(SURVIVOR_MESSAGES.seasonTaken(season.name));
    try {
      const { identifiers } = await this.manager.insert(SurvivorContest, { name: SURVIVOR_DEFAULT_NAME, ...fields, football_season_id: season.id });
      return this.findOne(identifiers[0].id as number);
    } catch (error) {
      // Two admins creating the season's contest at once: the unique key on the season lets one in.
      if (isUniqueViolation(error)) throw new ConflictException(SURVIVOR_MESSAGES.seasonTaken(season.name));
      throw error;
    }
  }

  /**
   * An admin's edit. Once the first week's first pick deadline passed, the rules and the first week stay as they are
   * (409); sending them back unchanged is not a change. The name and the money may change at any time.
   */
  async update(id: number, dto: UpdateSurvivorContestDto): Promise<SurvivorContestDto> {
    const contest = await this.store.contestOrFail(id);
    const fields = this.checked(dto, contest);
    const changesRules = LOCKED_FIELDS.some((field) => dto[field] !== undefined && dto[field] !== contest[field]);
    if (changesRules) {
      if (dto.first_week_id !== undefined) await this.assertWeekOfSeason(contest.football_season_id, dto.first_week_id);
      if ((await this.store.stateOf(contest)).rulesLocked) throw new ConflictException(SURVIVOR_MESSAGES.rulesLocked);
      // A new first week may itself have locked already: that locks the contest, as its creation there would.
    }
    await this.manager.update(SurvivorContest, { id }, { ...fields, ...(dto.first_week_id !== undefined ? { first_week_id: dto.first_week_id } : {}) });
    return this.findOne(id);
  }

  /** Refused once the contest has a pick: its entrants' season would vanish behind them. */
  async remove(id: number, actor: Principal, ip: string | null): Promise<void> {
    const contest = await this.store.contestOrFail(id);
    await this.store.dataSource.transaction(async (manager) => {
      if (await manager.existsBy(SurvivorPick, { survivor_contest_id: id })) throw new ConflictException(SURVIVOR_MESSAGES.hasPicks);
      await manager.delete(SurvivorPickAudit, { survivor_contest_id: id });
      await manager.delete(SurvivorContest, { id });
      await this.securityLog.record('record_deleted', { actor_id: actor.id, ip, details: `Deleted survivor contest ${contest.name} (${id})` }, manager);
    });
  }

  /** Marks entrants paid or unpaid in one transaction (tracking only); those already as asked are left as they are. */
  async markPaid(id: number, dto: MarkPaidDto, admin: Principal): Promise<MarkEntriesPaidResultDto> {
    const contest = await this.store.contestOrFail(id);
    const ids = [...new Set(dto.user_ids)];
    const entrants = new Set((await this.manager.find(SurvivorEntry, { where: { survivor_contest_id: id }, select: { user_id: true } })).map((entry) => entry.user_id));
    const strangers = ids.filter((userId) => !entrants.has(userId));
    if (strangers.length > 0) {
      throw new UnprocessableEntityException(
        `${countOf(strangers.length, 'user')} ${strangers.length === 1 ? 'has' : 'have'} not entered ${contest.name}: ${strangers.join(', ')}`,
      );
    }
    const changed = await retryOnConflict(() =>
      this.store.dataSource.transaction(async (manager) => {
        const where = { survivor_contest_id: id, user_id: In(ids), paid_at: dto.paid ? IsNull() : Not(IsNull()) };
        const changing = await manager.count(SurvivorEntry, { where });
        if (changing === 0) return 0;
        await manager.update(SurvivorEntry, where, dto.paid ? { paid_at: this.store.now(), paid_marked_by_id: admin.id } : { paid_at: null, paid_marked_by_id: null });
        return changing;
      }),
    );
    const paid = await this.manager.count(SurvivorEntry, { where: { survivor_contest_id: id, paid_at: Not(IsNull()) } });
    return { changed, paid_count: paid, entrant_count: entrants.size };
  }

  /** The contest as admins see it. */
  async answer(contest: SurvivorContest): Promise<SurvivorContestDto> {
    const state = await this.store.stateOf(contest);
    const standings = await this.standings.standings(state.contest.id, { history: false });
    return {
      ...contestFields(contest, state),
      rules_locked: state.rulesLocked,
      entry_closes_at: state.entryClosesAt?.toISOString() ?? null,
      entrant_count: standings.entrants.length,
      alive_count: standings.alive_count,
      finished: standings.finished,
      created_at: new Date(contest.created_at).toISOString(),
      updated_at: new Date(contest.updated_at).toISOString(),
    };
  }

  private async assertWeekOfSeason(seasonId: number, weekId: number): Promise<void> {
    const weeks = await this.store.weeksOf(seasonId);
    if (!weeks.some((week) => week.id === weekId)) throw new UnprocessableEntityException(SURVIVOR_MESSAGES.weekNotOfSeason);
  }

  /** The written fields after a write, the money checked together with what stays (422 naming the field). */
  private checked(dto: UpdateSurvivorContestDto, current: Pick<SurvivorContest, 'entry_fee_cents' | 'payout_percentages'>): Partial<SurvivorContest> {
    const entry_fee_cents = dto.entry_fee_cents ?? current.entry_fee_cents;
    const payout_percentages = dto.payout_percentages ?? current.payout_percentages;
    const error = feeSettingsError({ entry_fee_cents, weekly_winner_cents: 0, payout_percentages });
    if (error) throw new UnprocessableEntityException(error);
    const fields: Partial<SurvivorContest> = {};
    for (const key of ['name', 'pick_mode', 'reuse', 'lives', 'ties', 'missed', 'all_lose'] as const) {
      if (dto[key] !== undefined) Object.assign(fields, { [key]: dto[key] });
    }
    return { ...fields, entry_fee_cents, payout_percentages: [...payout_percentages] };
  }
}
