import { ConflictException, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, FindOptionsWhere, In, Not, Repository } from 'typeorm';
import { DateUtils } from 'typeorm/util/DateUtils';
import { Clock } from '../common/clock';
import { DEFAULT_RULES, RULE_KEYS, rulesError, rulesOf, SeasonRules } from './season-rules';
import type { SeasonRulesInputDto } from './dto/season-rules.dto';
import type { Principal } from '../common/principal';
import { SecurityLogService } from '../security/security-log.service';
import { ListPage, ListParams, orderOf } from '../common/list/list-query';
import { containsIgnoringCase, equalsIgnoringCase } from '../common/text-match';
import { ReferenceCounter } from '../database/reference-counter';
import { Week } from './weeks/entities/week.entity';
import { WeekCalendarService } from './weeks/week-calendar.service';
import { assertDateOrder } from './weeks/dto/date-fields';
import { countOf } from '../common/count-of';
import { CreateSeasonDto } from './dto/create-season.dto';
import { SeasonCounts, SeasonView } from './dto/season-response.dto';
import { SeasonFilterDto } from './dto/season-filter.dto';
import { UpdateSeasonDto } from './dto/update-season.dto';
import { FootballSeason } from './entities/football-season.entity';
import { NO_CURRENT_SEASON, RULES_LOCKED, SEASON_NOT_FOUND } from './season-messages';
import { feeSettingsError, NO_FEE } from '../payouts/fee-settings';
import type { PotSettings } from '../payouts/payouts';

const SORTABLE = ['name', 'year', 'start_date', 'end_date', 'is_current'];
/** The API shows the flag as `current` too; react-admin sorts by the field it shows. */
const SORT_ALIASES: Record<string, string> = { current: 'is_current' };
const NO_COUNTS: SeasonCounts = { weeks_count: 0, games_count: 0, picks_count: 0 };

@Injectable()
export class SeasonsService {
  constructor(
    @InjectRepository(FootballSeason) private readonly seasons: Repository<FootballSeason>,
    @InjectRepository(Week) private readonly weeks: Repository<Week>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly calendar: WeekCalendarService,
    private readonly references: ReferenceCounter,
    private readonly securityLog: SecurityLogService,
    private readonly clock: Clock,
  ) {}

  /** Newest season first; each with its counts. */
  async findAll(list: ListParams<SeasonFilterDto>): Promise<ListPage<SeasonView>> {
    const where: FindOptionsWhere<FootballSeason> = {
      ...(list.filter.q ? { name: containsIgnoringCase(list.filter.q) } : {}),
      ...(list.ids ? { id: In(list.ids) } : {}),
    };
    const [seasons, total] = await this.seasons.findAndCount({
      where,
      order: orderOf<FootballSeason>(list, SORTABLE, { start_date: 'DESC', id: 'DESC' }, SORT_ALIASES),
      skip: list.skip,
      take: list.take,
    });
    const ids = seasons.map((season) => season.id);
    const [counts, locked] = await Promise.all([this.countsOf(ids), this.kickedOff(ids)]);
    return { items: seasons.map((season) => ({ season, counts: counts.get(season.id) ?? NO_COUNTS, rulesLocked: locked.has(season.id) })), total };
  }

  /** One season with its counts and its weeks (by number, each with its status). */
  async findOne(id: number): Promise<SeasonView> {
    const season = await this.seasons.findOneBy({ id });
    if (!season) throw new NotFoundException(SEASON_NOT_FOUND);
    return this.detailOf(season);
  }

  async findCurrent(): Promise<SeasonView> {
    const season = await this.seasons.findOneBy({ is_current: true });
    if (!season) throw new NotFoundException(NO_CURRENT_SEASON);
    return this.detailOf(season);
  }

  /** A new season. The first one (while no season is current) becomes current, so the pool has one to show. */
  async create(dto: CreateSeasonDto): Promise<SeasonView> {
    assertDateOrder(dto.start_date, dto.end_date);
    await this.assertNameFree(dto.name);
    const rules = checkedRules({ ...DEFAULT_RULES }, dto.rules);
    const fees = checkedFees(NO_FEE, dto);
    const id = await this.dataSource.transaction(async (manager) => {
      const hasCurrent = await manager.existsBy(FootballSeason, { is_current: true });
      const season = manager.create(FootballSeason, {
        name: dto.name,
        year: dto.year ?? yearOf(dto.start_date),
        start_date: dto.start_date,
        end_date: dto.end_date,
        is_current: !hasCurrent,
        ...rules,
        ...fees,
      });
      return (await manager.save(season)).id;
    });
    return this.findOne(id);
  }

  /** An admin's edit; the year stays as it is unless given. */
  async update(id: number, dto: UpdateSeasonDto): Promise<SeasonView> {
    const season = await this.seasons.findOneBy({ id });
    if (!season) throw new NotFoundException(SEASON_NOT_FOUND);
    const changes = {
      name: dto.name ?? season.name,
      year: dto.year ?? season.year,
      start_date: dto.start_date ?? season.start_date,
      end_date: dto.end_date ?? season.end_date,
    };
    assertDateOrder(changes.start_date, changes.end_date);
    if (dto.name !== undefined) await this.assertNameFree(changes.name, id);
    const current = rulesOf(season);
    const rules = checkedRules(current, dto.rules);
    const changed = RULE_KEYS.some((key) => rules[key] !== current[key]);
    const fees = checkedFees(season, dto);
    await this.dataSource.transaction(async (manager) => {
      if (changed) await this.assertRulesOpen(manager, id, rules);
      await manager.update(FootballSeason, { id }, { ...changes, ...(changed ? rules : {}), ...fees });
    });
    return this.findOne(id);
  }

  /** Refused while weeks (or standings) belong to the season: nothing is deleted behind the admin's back. */
  async remove(id: number, actor: Principal | null = null, ip: string | null = null): Promise<void> {
    const season = await this.seasons.findOneBy({ id });
    if (!season) throw new NotFoundException(SEASON_NOT_FOUND);
    const held = (await this.references.count(FootballSeason, [id], ['weeks', 'season_standings'])).get(id)!;
    if (held.weeks) throw new ConflictException(`${season.name} has ${countOf(held.weeks, 'week')}; delete them first`);
    if (held.season_standings) {
      throw new ConflictException(`${season.name} has calculated season standings; it cannot be deleted`);
    }
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(FootballSeason, { id });
      await this.securityLog.record('record_deleted', { actor_id: actor?.id, ip, details: `Deleted season ${season.name} (${id})` }, manager);
    });
  }

  /** Makes exactly this season current, in one transaction. */
  async makeCurrent(id: number): Promise<SeasonView> {
    await this.dataSource.transaction(async (manager) => {
      if (!(await manager.existsBy(FootballSeason, { id }))) throw new NotFoundException(SEASON_NOT_FOUND);
      await manager.update(FootballSeason, { id: Not(id), is_current: true }, { is_current: false });
      await manager.update(FootballSeason, { id }, { is_current: true });
    });
    return this.findOne(id);
  }

  private async detailOf(season: FootballSeason): Promise<SeasonView> {
    const weeks = await this.weeks.find({ where: { football_season_id: season.id }, order: { number: 'ASC' } });
    const [counts, statuses, locked] = await Promise.all([this.countsOf([season.id]), this.calendar.statuses(weeks), this.kickedOff([season.id])]);
    return {
      season,
      counts: counts.get(season.id) ?? NO_COUNTS,
      rulesLocked: locked.has(season.id),
      weeks: weeks.map((week) => ({ week, status: statuses.get(week.id)! })),
    };
  }

  /** The seasons, among these, whose first game has kicked off: their rules are locked (docs/pool-formats.md). */
  private async kickedOff(seasonIds: number[], manager: EntityManager = this.dataSource.manager): Promise<Set<number>> {
    if (seasonIds.length === 0) return new Set();
    const rows: { football_season_id: number }[] = await manager.query(
      `SELECT DISTINCT w.football_season_id FROM games g JOIN weeks w ON w.id = g.week_id
       WHERE w.football_season_id IN (${seasonIds.map(() => '?').join(', ')}) AND g.game_date <= ?`,
      [...seasonIds, DateUtils.mixedDateToUtcDatetimeString(this.clock.now())],
    );
    return new Set(rows.map((row) => Number(row.football_season_id)));
  }

  /** Refuses a change of rules once the season's first game kicked off, and half-point lines while a whole line is set. */
  private async assertRulesOpen(manager: EntityManager, seasonId: number, rules: SeasonRules): Promise<void> {
    if ((await this.kickedOff([seasonId], manager)).size > 0) throw new ConflictException(RULES_LOCKED);
    if (!rules.half_point_lines) return;
    const [{ count }] = await manager.query(
      `SELECT COUNT(*) AS count FROM games g JOIN weeks w ON w.id = g.week_id
       WHERE w.football_season_id = ? AND g.betting_line > 0 AND g.betting_line = ROUND(g.betting_line, 0)`,
      [seasonId],
    );
    if (Number(count) > 0) {
      throw new UnprocessableEntityException(
        `Half-point lines can't be required: ${countOf(Number(count), 'game')} of this season ${Number(count) === 1 ? 'has' : 'have'} a whole-number line`,
      );
    }
  }

  /** Names are unique whatever their case (MariaDB's collation compares them that way; SQLite would not). */
  private async assertNameFree(name: string, exceptId?: number): Promise<void> {
    const taken = await this.seasons.existsBy({
      name: equalsIgnoringCase(name),
      ...(exceptId ? { id: Not(exceptId) } : {}),
    });
    if (taken) throw new ConflictException(`A football season named ${name} already exists`);
  }

  /** Weeks of each season, and the games and picks of those weeks: three grouped queries whatever the number of seasons. */
  private async countsOf(seasonIds: number[]): Promise<Map<number, SeasonCounts>> {
    if (seasonIds.length === 0) return new Map();
    const weeks = await this.weeks.find({ where: { football_season_id: In(seasonIds) }, select: { id: true, football_season_id: true } });
    const held = await this.references.count(Week, weeks.map((week) => week.id), ['games', 'picks']);
    const counts = new Map(seasonIds.map((id) => [id, { ...NO_COUNTS }]));
    for (const week of weeks) {
      const season = counts.get(week.football_season_id)!;
      season.weeks_count += 1;
      season.games_count += held.get(week.id)!.games ?? 0;
      season.picks_count += held.get(week.id)!.picks ?? 0;
    }
    return counts;
  }

}

/** The rules after a write: the given fields over the current ones, refused (422) when they don't fit together. */
function checkedRules(current: SeasonRules, input: SeasonRulesInputDto | undefined): SeasonRules {
  const given = Object.fromEntries(Object.entries(input ?? {}).filter(([key, value]) => value !== undefined && RULE_KEYS.includes(key as keyof SeasonRules)));
  const rules = { ...current, ...given } as SeasonRules;
  const error = rulesError(rules);
  if (error) throw new UnprocessableEntityException(error);
  return rules;
}

/** The money settings after a write: the given fields over the current ones, refused (422) when they don't fit together. */
function checkedFees(current: PotSettings, input: Partial<PotSettings>): PotSettings & { payout_percentages: number[] } {
  const fees: PotSettings = {
    entry_fee_cents: input.entry_fee_cents ?? current.entry_fee_cents,
    weekly_winner_cents: input.weekly_winner_cents ?? current.weekly_winner_cents,
    payout_percentages: input.payout_percentages ?? current.payout_percentages,
  };
  const error = feeSettingsError(fees);
  if (error) throw new UnprocessableEntityException(error);
  return { ...fees, payout_percentages: [...fees.payout_percentages] };
}

const yearOf = (date: string): number => Number(date.slice(0, 4));
