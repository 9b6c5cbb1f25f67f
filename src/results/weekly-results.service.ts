import { Injectable, NotFoundException, Optional, UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Clock } from '../common/clock';
import { Game } from '../games/entities/game.entity';
import { DAY_SECONDS } from '../push/push-message';
import { PushOutboxService } from '../push/push-outbox.service';
import { FootballSeason } from '../seasons/entities/football-season.entity';
import { rulesOf, SeasonRules } from '../seasons/season-rules';
import { Week } from '../seasons/weeks/entities/week.entity';
import { RecordSummaryDto, WeekCalculationDto } from './dto/week-calculation.dto';
import { ResultsStatusDto } from './dto/results-status.dto';
import { ResultsCalculation } from './entities/results-calculation.entity';
import { WeeklyResult } from './entities/weekly-result.entity';
import { WeeklyResultDto } from './dto/weekly-result.dto';
import type { Principal } from '../common/principal';
import { emailParameters, isCorrect, POOL_READER, rowReader, sqlDateTime, sqliteJsonArray, STORED_RESULTS_SQL, WEEKLY_RESULT_FIELDS, weekRecords } from './sql';

const toDto = rowReader<WeeklyResultDto>(WEEKLY_RESULT_FIELDS);

@Injectable()
export class WeeklyResultsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
    /** Absent where the service runs outside the app (the demo seed): nothing is pushed. */
    @Optional() private readonly push?: PushOutboxService,
  ) {}

  /** The week's stored results in leaderboard order, with the e-mail addresses this reader may see. */
  async findForWeek(weekId: number, seasonId?: number, reader: Principal = POOL_READER): Promise<WeeklyResultDto[]> {
    await this.week(weekId, seasonId);
    const rows: Record<string, unknown>[] = await this.dataSource.query(`${STORED_RESULTS_SQL} ORDER BY wr.\`rank\`, u.name, u.id`, [
      ...emailParameters(reader),
      weekId,
    ]);
    return rows.map(toDto);
  }

  /** The same list as JSON text, built by the database itself on SQLite (the hot read of large pools). */
  async findForWeekJson(weekId: number, seasonId?: number, reader: Principal = POOL_READER): Promise<string> {
    if (this.dataSource.options.type !== 'better-sqlite3') return JSON.stringify(await this.findForWeek(weekId, seasonId, reader));
    await this.week(weekId, seasonId);
    const [{ body }] = await this.dataSource.query(
      sqliteJsonArray(STORED_RESULTS_SQL, WEEKLY_RESULT_FIELDS, 'r.`rank`, r.user_name, r.user_id'),
      [...emailParameters(reader), weekId],
    );
    return body as string;
  }

  private async week(weekId: number, seasonId?: number): Promise<Week> {
    const week = await this.dataSource.getRepository(Week).findOneBy({ id: weekId });
    if (!week || (seasonId !== undefined && week.football_season_id !== seasonId)) throw new NotFoundException('Week not found');
    return week;
  }

  /**
   * Scores the week under its season's rules: every pick's is_correct, and one result per member who picked,
   * replacing earlier results, in one transaction. Refused while a game that is not cancelled has no winner.
   * `by` is the admin who asked; without it the calculation is recorded as automatic.
   */
  async calculate(weekId: number, options: { dryRun?: boolean; by?: Principal } = {}): Promise<WeekCalculationDto> {
    return this.dataSource.transaction(async (manager) => {
      const rules = await this.scorableWeek(manager, weekId);
      if (options.dryRun) return this.preview(manager, weekId, rules);
      const correct = isCorrect(rules);
      await manager.query(
        // Only picks whose flag changes are written: a recalculation rewrites little.
        `UPDATE picks SET is_correct = ${correct}
         WHERE week_id = ? AND ${this.distinct('is_correct', correct)}`,
        [weekId],
      );
      await manager.query('DELETE FROM weekly_results WHERE week_id = ?', [weekId]);
      const records = weekRecords(rules, weekId);
      const now = this.clock.now();
      await manager.query(
        `INSERT INTO weekly_results (week_id, user_id, wins, losses, total_games, pushes, points, win_percentage, tiebreaker_score, \`rank\`, calculated_at)
         SELECT ?, r.user_id, r.wins, r.losses, r.total_games, r.pushes, r.points, r.win_percentage, r.tiebreaker_score, r.\`rank\`, ?
         FROM (${records.sql}) r`,
        [weekId, sqlDateTime(now), ...records.parameters],
      );
      await manager.delete(ResultsCalculation, { week_id: weekId });
      await manager.insert(ResultsCalculation, { week_id: weekId, calculated_at: now, automatic: !options.by, calculated_by_user_id: options.by?.id ?? null });
      const [{ count }] = await manager.query('SELECT COUNT(*) AS count FROM weekly_results WHERE week_id = ?', [weekId]);
      await this.queuePushes(manager, weekId, Number(count));
      return { results_count: Number(count) };
    });
  }

  /**
   * The week's results by push, each member told their own record and rank (docs/push.md#what-is-pushed): once per
   * week and device, so a recalculation does not push again.
   */
  private async queuePushes(manager: EntityManager, weekId: number, members: number): Promise<void> {
    const rows: { user_id: number | string; wins: number | string; losses: number | string; rank: number | string | null }[] = await manager.query(
      'SELECT user_id, wins, losses, `rank` FROM weekly_results WHERE week_id = ?',
      [weekId],
    );
    if (!this.push || rows.length === 0) return;
    const week = await manager.findOneByOrFail(Week, { id: weekId });
    await this.push.enqueue(manager, {
      kind: 'weekly-results',
      preference: 'weekly_results',
      weekId,
      urgency: 'low',
      ttlSeconds: 2 * DAY_SECONDS,
      messages: rows.map((row) => ({
        userId: Number(row.user_id),
        message: {
          title: row.rank === null ? `Week ${week.number} results are in` : `Week ${week.number}: you finished #${Number(row.rank)} of ${members}`,
          body: `Your record: ${Number(row.wins)}-${Number(row.losses)}. See the standings.`,
          url: `/results?week=${weekId}`,
          tag: `results-${weekId}`,
        },
      })),
    });
  }

  /**
   * When and how the week's results were last calculated. A week calculated before this was recorded tells only the
   * time its stored results carry.
   */
  async status(weekId: number): Promise<ResultsStatusDto> {
    const week = await this.week(weekId);
    const stored = this.dataSource.getRepository(WeeklyResult);
    const [record, count, latest] = await Promise.all([
      this.dataSource.getRepository(ResultsCalculation).findOne({ where: { week_id: week.id }, relations: { calculated_by: true } }),
      stored.countBy({ week_id: week.id }),
      stored.findOne({ select: { id: true, calculated_at: true }, where: { week_id: week.id }, order: { calculated_at: 'DESC', id: 'DESC' } }),
    ]);
    const calculatedBy = record?.calculated_by ? { id: record.calculated_by.id, name: record.calculated_by.name } : null;
    return {
      week_id: week.id,
      calculated_at: record?.calculated_at ?? latest?.calculated_at ?? null,
      automatic: record?.automatic ?? false,
      calculated_by: calculatedBy,
      results_count: count,
    };
  }

  /** "a differs from b", treating two nulls as equal, in this database's words. */
  private distinct(a: string, b: string): string {
    return this.dataSource.options.type === 'better-sqlite3' ? `${a} IS NOT ${b}` : `NOT (${a} <=> ${b})`;
  }

  /** Whether every game of the week that is not cancelled has a winner (and there is at least one game). */
  async isComplete(weekId: number, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const games = await manager.find(Game, { where: { week_id: weekId }, select: { id: true, status: true, winner_team_id: true } });
    return games.length > 0 && games.every((game) => game.status === 'cancelled' || game.winner_team_id !== null);
  }

  /** The rules of the week's season; refuses a week that cannot be scored yet. */
  private async scorableWeek(manager: EntityManager, weekId: number): Promise<SeasonRules> {
    const week = await manager.findOneBy(Week, { id: weekId });
    if (!week) throw new NotFoundException('Week not found');
    const games = await manager.find(Game, { where: { week_id: weekId }, relations: { home_team: true, away_team: true }, order: { game_date: 'ASC', id: 'ASC' } });
    if (games.length === 0) throw new UnprocessableEntityException(`Week ${week.number} has no games`);
    const open = games.filter((game) => game.status !== 'cancelled' && game.winner_team_id === null);
    if (open.length > 0) {
      const names = open.map((game) => `${game.away_team?.name} @ ${game.home_team?.name}`).join(', ');
      throw new UnprocessableEntityException(`Every game needs a winner before results can be calculated. Still without a winner: ${names}`);
    }
    return rulesOf(await manager.findOneByOrFail(FootballSeason, { id: week.football_season_id }));
  }

  /** What a calculation would write and what it changes against the stored results; writes nothing. */
  private async preview(manager: EntityManager, weekId: number, rules: SeasonRules): Promise<WeekCalculationDto> {
    const records = weekRecords(rules, weekId);
    const computed: Record<string, unknown>[] = await manager.query(
      `SELECT ? AS week_id, r.*, u.name AS user_name, u.email AS user_email
       FROM (${records.sql}) r JOIN users u ON u.id = r.user_id ORDER BY r.\`rank\`, u.name, u.id`,
      [weekId, ...records.parameters],
    );
    const results = computed.map(toDto);
    const stored = new Map((await this.findForWeek(weekId)).map((result) => [result.user.id, result]));
    const summary = (result: WeeklyResultDto): RecordSummaryDto => ({
      points: result.points,
      wins: result.wins,
      losses: result.losses,
      tiebreaker_score: result.tiebreaker_score,
      rank: result.rank,
    });
    const changes: NonNullable<WeekCalculationDto['changes']> = [];
    for (const result of results) {
      const before = stored.get(result.user.id);
      stored.delete(result.user.id);
      const after = summary(result);
      if (!before || JSON.stringify(summary(before)) !== JSON.stringify(after)) {
        changes.push({ user: result.user, before: before ? summary(before) : null, after });
      }
    }
    for (const gone of stored.values()) changes.push({ user: gone.user, before: summary(gone), after: null });
    const [{ count }] = await manager.query(`SELECT COUNT(*) AS count FROM picks WHERE week_id = ? AND ${this.distinct('is_correct', isCorrect(rules))}`, [
      weekId,
    ]);
    return { dry_run: true, results_count: results.length, results, changes, picks_changed: Number(count) };
  }
}
