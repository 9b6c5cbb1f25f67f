import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, FindOptionsWhere, In, Not, Repository } from 'typeorm';
import type { Principal } from '../common/principal';
import { SecurityLog } from '../security/security-log.service';
import { ListPage, ListParams, orderOf } from '../common/list/list-query';
import { containsIgnoringCase, equalsIgnoringCase } from '../common/text-match';
import { ReferenceCounter } from '../database/reference-counter';
import { Week } from './weeks/entities/week.entity';
import { WeekCalendar } from './weeks/week-calendar.service';
import { assertDateOrder } from './weeks/dto/date-fields';
import { countOf } from '../common/count-of';
import { CreateSeasonDto } from './dto/create-season.dto';
import { SeasonCounts, SeasonView } from './dto/season-response.dto';
import { SeasonFilterDto } from './dto/season-filter.dto';
import { UpdateSeasonDto } from './dto/update-season.dto';
import { FootballSeason } from './entities/football-season.entity';
import { NO_CURRENT_SEASON, SEASON_NOT_FOUND } from './season-messages';

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
    private readonly calendar: WeekCalendar,
    private readonly references: ReferenceCounter,
    private readonly securityLog: SecurityLog,
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
    const counts = await this.countsOf(seasons.map((season) => season.id));
    return { items: seasons.map((season) => ({ season, counts: counts.get(season.id) ?? NO_COUNTS })), total };
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
    const id = await this.dataSource.transaction(async (manager) => {
      const hasCurrent = await manager.existsBy(FootballSeason, { is_current: true });
      const season = manager.create(FootballSeason, {
        name: dto.name,
        year: dto.year ?? yearOf(dto.start_date),
        start_date: dto.start_date,
        end_date: dto.end_date,
        is_current: !hasCurrent,
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
    await this.seasons.update({ id }, changes);
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
    const [counts, statuses] = await Promise.all([this.countsOf([season.id]), this.calendar.statuses(weeks)]);
    return {
      season,
      counts: counts.get(season.id) ?? NO_COUNTS,
      weeks: weeks.map((week) => ({ week, status: statuses.get(week.id)! })),
    };
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

const yearOf = (date: string): number => Number(date.slice(0, 4));
