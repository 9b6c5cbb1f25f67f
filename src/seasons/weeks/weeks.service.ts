import { ConflictException, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, FindOptionsWhere, In, Not, Repository } from 'typeorm';
import type { Principal } from '../../common/principal';
import { SecurityLogService } from '../../security/security-log.service';
import { ListPage, ListParams, orderOf } from '../../common/list/list-query';
import { ReferenceCounter } from '../../database/reference-counter';
import { FootballSeason } from '../entities/football-season.entity';
import { assertDateOrder } from './dto/date-fields';
import { CreateWeekDto } from './dto/create-week.dto';
import { UpdateWeekDto } from './dto/update-week.dto';
import { WeekFilterDto } from './dto/week-filter.dto';
import { weekDisplayName, WeekView } from './dto/week-response.dto';
import { Week } from './entities/week.entity';
import { WeekCalendarService } from './week-calendar.service';
import { countOf } from '../../common/count-of';

const SORTABLE = ['number', 'start_date', 'end_date', 'football_season_id', 'is_current', 'football_season.name', 'football_season.start_date'];
/** react-admin sorts by the column it shows; display_name reads "Week n", so it sorts by n. */
const SORT_ALIASES: Record<string, string> = { display_name: 'number' };

@Injectable()
export class WeeksService {
  constructor(
    @InjectRepository(Week) private readonly weeks: Repository<Week>,
    @InjectRepository(FootballSeason) private readonly seasons: Repository<FootballSeason>,
    private readonly references: ReferenceCounter,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly calendar: WeekCalendarService,
    private readonly securityLog: SecurityLogService,
  ) {}

  async findAll(list: ListParams<WeekFilterDto>): Promise<ListPage<WeekView>> {
    const { football_season_id, week_id, is_current } = list.filter;
    const ids = week_id === undefined ? list.ids : (list.ids ?? [week_id]).filter((id) => id === week_id);
    const where: FindOptionsWhere<Week> = {
      ...(football_season_id !== undefined ? { football_season_id } : {}),
      ...(is_current !== undefined ? { is_current } : {}),
      ...(ids ? { id: In(ids) } : {}),
    };
    const [weeks, total] = await this.weeks.findAndCount({
      where,
      relations: { football_season: true },
      order: orderOf<Week>(list, SORTABLE, { football_season_id: 'ASC', number: 'ASC' }, SORT_ALIASES),
      skip: list.skip,
      take: list.take,
    });
    return { items: await this.viewsOf(weeks), total };
  }

  async findOne(id: number): Promise<WeekView> {
    const [view] = await this.viewsOf([await this.findWeek(id)]);
    return view;
  }

  /**
   * The current week of the current season (or of the given one): the week an admin marked, else the week whose
   * dates hold today, else the next to start, else the last.
   */
  async findCurrent(footballSeasonId?: number): Promise<WeekView> {
    const [view] = await this.viewsOf([await this.calendar.currentWeekOrFail(footballSeasonId)]);
    return view;
  }

  async create(dto: CreateWeekDto): Promise<WeekView> {
    const season = await this.seasonFor(dto.football_season_id);
    assertDateOrder(dto.start_date, dto.end_date);
    await this.assertNumberFree(season, dto.number);
    const id = await this.dataSource.transaction(async (manager) => {
      if (dto.is_current) await unmarkOthers(manager, season.id);
      const saved = await manager.save(
        manager.create(Week, {
          number: dto.number,
          start_date: dto.start_date,
          end_date: dto.end_date,
          football_season_id: season.id,
          is_current: dto.is_current ?? false,
        }),
      );
      return saved.id;
    });
    return this.findOne(id);
  }

  /** An admin's edit. Marking the week current unmarks the other weeks of its season in the same transaction. */
  async update(id: number, dto: UpdateWeekDto): Promise<WeekView> {
    const week = await this.findWeek(id);
    const changes = {
      number: dto.number ?? week.number,
      start_date: dto.start_date ?? week.start_date,
      end_date: dto.end_date ?? week.end_date,
      football_season_id: dto.football_season_id ?? week.football_season_id,
      is_current: dto.is_current ?? week.is_current,
    };
    const season = changes.football_season_id === week.football_season_id ? week.football_season! : await this.seasonFor(changes.football_season_id);
    assertDateOrder(changes.start_date, changes.end_date);
    await this.assertNumberFree(season, changes.number, week.id);
    await this.dataSource.transaction(async (manager) => {
      if (changes.is_current) await unmarkOthers(manager, season.id, week.id);
      await manager.update(Week, { id: week.id }, changes);
    });
    return this.findOne(id);
  }

  /** Refused while games (or calculated results) hang on the week: nothing is deleted behind the admin's back. */
  async remove(id: number, actor: Principal | null = null, ip: string | null = null): Promise<void> {
    const week = await this.findWeek(id);
    const name = `${weekDisplayName(week.number)} of ${week.football_season!.name}`;
    const held = (await this.references.count(Week, [id], ['games', 'weekly_results'])).get(id)!;
    if (held.games) throw new ConflictException(`${name} has ${countOf(held.games, 'game')}; delete or move them first`);
    if (held.weekly_results) {
      throw new ConflictException(`${name} has calculated weekly results; it cannot be deleted`);
    }
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(Week, { id });
      await this.securityLog.record('record_deleted', { actor_id: actor?.id, ip, details: `Deleted ${name} (week ${id})` }, manager);
    });
  }

  private async findWeek(id: number): Promise<Week> {
    const week = await this.weeks.findOne({ where: { id }, relations: { football_season: true } });
    if (!week) throw new NotFoundException('Week not found');
    return week;
  }

  private async seasonFor(id: number): Promise<FootballSeason> {
    const season = await this.seasons.findOneBy({ id });
    if (!season) throw new UnprocessableEntityException('football_season_id does not match any football season');
    return season;
  }

  private async assertNumberFree(season: FootballSeason, number: number, exceptId?: number): Promise<void> {
    const taken = await this.weeks.existsBy({ football_season_id: season.id, number, ...(exceptId ? { id: Not(exceptId) } : {}) });
    if (taken) throw new ConflictException(`${weekDisplayName(number)} already exists in ${season.name}`);
  }

  /** Statuses and game counts for a page of weeks: two queries, whatever the page size. */
  private async viewsOf(weeks: Week[]): Promise<WeekView[]> {
    if (weeks.length === 0) return [];
    const [statuses, gameCounts] = await Promise.all([this.calendar.statuses(weeks), this.gameCounts(weeks.map((week) => week.id))]);
    return weeks.map((week) => ({ week, status: statuses.get(week.id)!, games_count: gameCounts.get(week.id) ?? 0 }));
  }

  private async gameCounts(weekIds: number[]): Promise<Map<number, number>> {
    const held = await this.references.count(Week, weekIds, ['games']);
    return new Map(weekIds.map((id) => [id, held.get(id)!.games ?? 0]));
  }
}


/** Only one week of a season carries the admin's mark. */
async function unmarkOthers(manager: EntityManager, footballSeasonId: number, exceptId?: number): Promise<void> {
  await manager.update(Week, { football_season_id: footballSeasonId, is_current: true, ...(exceptId ? { id: Not(exceptId) } : {}) }, { is_current: false });
}
