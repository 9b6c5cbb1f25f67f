import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { CachedReads } from '../../database/cached-reads';
import { LeanTable } from '../../database/lean-table';
import { Clock } from '../../common/clock';
import { AppConfig } from '../../config/app-config';
import { FootballSeason } from '../entities/football-season.entity';
import { NO_CURRENT_SEASON, SEASON_NOT_FOUND } from '../season-messages';
import { Week } from './entities/week.entity';
import { calendarDate, currentWeekOf, weekStatus, WeekStatus } from './week-status';

/** Week statuses at the server's "now", for every module that needs them (weeks, games, picks). */
@Injectable()
export class WeekCalendarService {
  /** Read on every games and picks read: one prepared statement. */
  private readonly lean: LeanTable<Week>;

  constructor(
    @InjectRepository(Week) private readonly weeks: Repository<Week>,
    @InjectDataSource() dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly reads: CachedReads,
  ) {
    this.lean = new LeanTable(dataSource, Week, 'week');
  }

  /** Today's date in the pool's time zone. */
  today(): string {
    return calendarDate(this.clock.now(), this.config.tzDisplay);
  }

  /** The status of each given week, keyed by week id. */
  async statuses(weeks: Week[]): Promise<Map<number, WeekStatus>> {
    const seasonIds = [...new Set(weeks.map((week) => week.football_season_id))];
    const marked = seasonIds.length
      ? await this.reads.read([Week], `weeks marked current ${seasonIds.join(',')}`, () =>
          this.lean.find(`${this.lean.isIn('football_season_id', seasonIds.length)} AND ${this.lean.column('is_current')} = 1`, seasonIds),
        )
      : [];
    const markedBySeason = new Map(marked.map((week) => [week.football_season_id, week.number]));
    const today = this.today();
    return new Map(weeks.map((week) => [week.id, weekStatus(week, today, markedBySeason.get(week.football_season_id))]));
  }

  async statusOf(week: Week): Promise<WeekStatus> {
    return (await this.statuses([week])).get(week.id)!;
  }

  /** The season's current week (see currentWeekOf), or null when it has no weeks. */
  async currentWeek(footballSeasonId: number): Promise<Week | null> {
    return currentWeekOf(await this.weeks.findBy({ football_season_id: footballSeasonId }), this.today());
  }

  /**
   * GET /weeks/current's week: the current week of the given season, or of the current season, with its season
   * (`football_season`). 404 without that season or when it has no weeks.
   */
  async currentWeekOrFail(footballSeasonId?: number): Promise<Week> {
    const seasons = this.weeks.manager.getRepository(FootballSeason);
    const season = await seasons.findOneBy(footballSeasonId === undefined ? { is_current: true } : { id: footballSeasonId });
    if (!season) throw new NotFoundException(footballSeasonId === undefined ? NO_CURRENT_SEASON : SEASON_NOT_FOUND);
    const week = await this.currentWeek(season.id);
    if (!week) throw new NotFoundException(`${season.name} has no weeks yet`);
    week.football_season = season;
    return week;
  }
}
