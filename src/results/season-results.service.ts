import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock';
import { CachedReads } from '../database/cached-reads';
import { User } from '../users/entities/user.entity';
import { FootballSeason } from '../seasons/entities/football-season.entity';
import { playingRoles, rulesOf } from '../seasons/season-rules';
import { SeasonProgressDto, SeasonStandingDto, StandingsDto } from './dto/season-standing.dto';
import type { Principal } from '../common/principal';
import { emailParameters, POOL_READER, rowReader, seasonRecords, sqlDateTime, sqliteJsonArray, STANDING_FIELDS, STORED_STANDINGS_SQL } from './sql';
import { NO_CURRENT_SEASON, SEASON_NOT_FOUND } from '../seasons/season-messages';

const toDto = rowReader<SeasonStandingDto>(STANDING_FIELDS);

@Injectable()
export class SeasonResultsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly reads: CachedReads,
  ) {}

  /**
   * Rewrites the season's standings under its rules in one transaction. For the current season it also refreshes every
   * player's wins and losses with their season totals (playingRoles: the commissioner's too where they play).
   */
  async calculate(seasonId: number): Promise<{ results_count: number }> {
    const season = await this.season(seasonId);
    const answer = await this.dataSource.transaction(async (manager) => {
      await manager.query('DELETE FROM season_standings WHERE football_season_id = ?', [seasonId]);
      const rules = rulesOf(season);
      const records = seasonRecords(rules, seasonId);
      await manager.query(
        `INSERT INTO season_standings (football_season_id, user_id, total_wins, total_losses, total_games, total_pushes, total_points,
           win_percentage, weeks_participated, weeks_dropped, total_tiebreaker_score, avg_tiebreaker_score, \`rank\`, calculated_at)
         SELECT ?, r.user_id, r.total_wins, r.total_losses, r.total_games, r.total_pushes, r.total_points, r.win_percentage,
           r.weeks_participated, r.weeks_dropped, r.total_tiebreaker_score, r.avg_tiebreaker_score, r.\`rank\`, ?
         FROM (${records.sql}) r`,
        [seasonId, sqlDateTime(this.clock.now()), ...records.parameters],
      );
      if (season.is_current) {
        const roles = playingRoles(rules);
        await manager.query(
          `UPDATE users SET
             wins = COALESCE((SELECT ss.total_wins FROM season_standings ss WHERE ss.football_season_id = ? AND ss.user_id = users.id), 0),
             losses = COALESCE((SELECT ss.total_losses FROM season_standings ss WHERE ss.football_season_id = ? AND ss.user_id = users.id), 0)
           WHERE role IN (${roles.map(() => '?').join(', ')})`,
          [seasonId, seasonId, ...roles],
        );
      }
      const [{ count }] = await manager.query('SELECT COUNT(*) AS count FROM season_standings WHERE football_season_id = ?', [seasonId]);
      return { results_count: Number(count) };
    });
    // The members' wins and losses were written with SQL of its own: the signed-in users read from CachedReads follow.
    if (season.is_current) this.reads.changed(User);
    return answer;
  }

  /** The stored standings in rank order, with the e-mail addresses this reader may see. */
  async standings(seasonId: number, reader: Principal = POOL_READER): Promise<StandingsDto> {
    const season = await this.season(seasonId);
    return { season: { id: season.id, name: season.name }, standings: await this.storedStandings(seasonId, reader) };
  }

  /**
   * The same for the given season or, without one, the current season, with the list as JSON text: built by the
   * database itself on SQLite (the hot read of large pools).
   */
  async standingsJson(seasonId?: number, reader: Principal = POOL_READER): Promise<{ season: { id: number; name: string }; standings: string }> {
    const season = seasonId === undefined ? await this.currentSeason() : await this.season(seasonId);
    return { season: { id: season.id, name: season.name }, standings: await this.storedStandingsJson(season.id, reader) };
  }

  private async storedStandings(seasonId: number, reader: Principal): Promise<SeasonStandingDto[]> {
    const rows: Record<string, unknown>[] = await this.dataSource.query(`${STORED_STANDINGS_SQL} ORDER BY ss.\`rank\`, u.name, u.id`, [
      ...emailParameters(reader),
      seasonId,
    ]);
    return rows.map(toDto);
  }

  private async storedStandingsJson(seasonId: number, reader: Principal): Promise<string> {
    if (this.dataSource.options.type !== 'better-sqlite3') return JSON.stringify(await this.storedStandings(seasonId, reader));
    const [{ body }] = await this.dataSource.query(
      sqliteJsonArray(STORED_STANDINGS_SQL, STANDING_FIELDS, 'r.`rank`, r.user_name, r.user_id'),
      [...emailParameters(reader), seasonId],
    );
    return body as string;
  }

  /**
   * Every member's cumulative wins and points after each week of the season, for a standings chart; each week says
   * whether it has calculated results (`scored`), so a results screen can open on the last scored week.
   */
  async progress(seasonId: number): Promise<SeasonProgressDto> {
    const season = await this.season(seasonId);
    const weeks: { id: number; number: number }[] = await this.dataSource.query(
      'SELECT id, number FROM weeks WHERE football_season_id = ? ORDER BY number',
      [seasonId],
    );
    const rows: { user_id: number; user_name: string; week_id: number; wins: number | string; points: number | string }[] = await this.dataSource.query(
      `SELECT wr.user_id, u.name AS user_name, wr.week_id, wr.wins, wr.points
       FROM weekly_results wr JOIN weeks w ON w.id = wr.week_id JOIN users u ON u.id = wr.user_id
       WHERE w.football_season_id = ? ORDER BY u.name, u.id`,
      [seasonId],
    );
    const members = new Map<number, { name: string; weeks: Map<number, { wins: number; points: number }> }>();
    const scored = new Set(rows.map((row) => Number(row.week_id)));
    for (const row of rows) {
      const member = members.get(Number(row.user_id)) ?? { name: row.user_name, weeks: new Map() };
      member.weeks.set(Number(row.week_id), { wins: Number(row.wins), points: Number(row.points) });
      members.set(Number(row.user_id), member);
    }
    const cumulative = (member: { weeks: Map<number, { wins: number; points: number }> }, figure: 'wins' | 'points') => {
      let total = 0;
      return weeks.map((week) => (total += member.weeks.get(Number(week.id))?.[figure] ?? 0));
    };
    return {
      season: { id: season.id, name: season.name },
      weeks: weeks.map((week) => ({ id: Number(week.id), number: Number(week.number), scored: scored.has(Number(week.id)) })),
      members: [...members].map(([id, member]) => ({
        user: { id, name: member.name },
        cumulative_wins: cumulative(member, 'wins'),
        cumulative_points: cumulative(member, 'points'),
      })),
    };
  }

  private async currentSeason(): Promise<FootballSeason> {
    const season = await this.dataSource.getRepository(FootballSeason).findOneBy({ is_current: true });
    if (!season) throw new NotFoundException(NO_CURRENT_SEASON);
    return season;
  }

  private async season(seasonId: number): Promise<FootballSeason> {
    const season = await this.dataSource.getRepository(FootballSeason).findOneBy({ id: seasonId });
    if (!season) throw new NotFoundException(SEASON_NOT_FOUND);
    return season;
  }
}
