import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock';
import { CachedReads } from '../database/cached-reads';
import { User } from '../users/entities/user.entity';
import { FootballSeason } from '../seasons/entities/football-season.entity';
import { SeasonProgressDto, SeasonStandingDto, StandingsDto } from './dto/season-standing.dto';
import { readNumber, sqlDateTime, sqliteJsonArray } from './sql';
import { NO_CURRENT_SEASON, SEASON_NOT_FOUND } from '../seasons/season-messages';

interface StandingRow {
  id: number;
  user_id: number;
  user_name: string;
  user_email: string;
  rank: number | string;
  total_wins: number | string;
  total_losses: number | string;
  total_games: number | string;
  win_percentage: number | string;
  weeks_participated: number | string;
  total_tiebreaker_score: number | string;
  avg_tiebreaker_score: number | string | null;
}

/**
 * Season standings from the stored weekly results, as one set-wise INSERT … SELECT (rules in scoring.ts): totals,
 * then the weekly order on totals, where a member who never gave a tiebreaker prediction sorts after those who did.
 */
export const SEASON_RECORDS_SQL = `
  SELECT s.*, RANK() OVER (ORDER BY s.total_wins DESC, CASE WHEN s.avg_tiebreaker_score IS NULL THEN 1 ELSE 0 END,
      s.total_tiebreaker_score ASC, s.total_losses ASC) AS \`rank\`
  FROM (
    SELECT wr.user_id, SUM(wr.wins) AS total_wins, SUM(wr.losses) AS total_losses, SUM(wr.total_games) AS total_games,
      CASE WHEN SUM(wr.total_games) = 0 THEN 0 ELSE ROUND(SUM(wr.wins) * 100.0 / SUM(wr.total_games), 1) END AS win_percentage,
      COUNT(*) AS weeks_participated, COALESCE(SUM(wr.tiebreaker_score), 0) AS total_tiebreaker_score,
      ROUND(AVG(wr.tiebreaker_score), 1) AS avg_tiebreaker_score
    FROM weekly_results wr JOIN weeks w ON w.id = wr.week_id
    WHERE w.football_season_id = ?
    GROUP BY wr.user_id
  ) s`;

/** A season's stored standings with their members; ordered by the caller. */
export const STORED_STANDINGS_SQL = `SELECT ss.id, ss.user_id, u.name AS user_name, u.email AS user_email, ss.\`rank\`, ss.total_wins,
  ss.total_losses, ss.total_games, ss.win_percentage, ss.weeks_participated, ss.total_tiebreaker_score, ss.avg_tiebreaker_score
  FROM season_standings ss JOIN users u ON u.id = ss.user_id WHERE ss.football_season_id = ?`;

@Injectable()
export class SeasonResultsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly reads: CachedReads,
  ) {}

  /**
   * Rewrites the season's standings in one transaction. For the current season it also refreshes every member's
   * wins and losses with their season totals.
   */
  async calculate(seasonId: number): Promise<{ results_count: number }> {
    const season = await this.season(seasonId);
    const answer = await this.dataSource.transaction(async (manager) => {
      await manager.query('DELETE FROM season_standings WHERE football_season_id = ?', [seasonId]);
      await manager.query(
        `INSERT INTO season_standings (football_season_id, user_id, total_wins, total_losses, total_games, win_percentage,
           weeks_participated, total_tiebreaker_score, avg_tiebreaker_score, \`rank\`, calculated_at)
         SELECT ?, r.user_id, r.total_wins, r.total_losses, r.total_games, r.win_percentage, r.weeks_participated,
           r.total_tiebreaker_score, r.avg_tiebreaker_score, r.\`rank\`, ?
         FROM (${SEASON_RECORDS_SQL}) r`,
        [seasonId, sqlDateTime(this.clock.now()), seasonId],
      );
      if (season.is_current) {
        await manager.query(
          `UPDATE users SET
             wins = COALESCE((SELECT ss.total_wins FROM season_standings ss WHERE ss.football_season_id = ? AND ss.user_id = users.id), 0),
             losses = COALESCE((SELECT ss.total_losses FROM season_standings ss WHERE ss.football_season_id = ? AND ss.user_id = users.id), 0)
           WHERE role = 'user'`,
          [seasonId, seasonId],
        );
      }
      const [{ count }] = await manager.query('SELECT COUNT(*) AS count FROM season_standings WHERE football_season_id = ?', [seasonId]);
      return { results_count: Number(count) };
    });
    // The members' wins and losses were written with SQL of its own: the signed-in users read from CachedReads follow.
    if (season.is_current) this.reads.changed(User);
    return answer;
  }

  /** The stored standings in rank order. */
  async standings(seasonId: number): Promise<StandingsDto> {
    const season = await this.season(seasonId);
    return { season: { id: season.id, name: season.name }, standings: await this.storedStandings(seasonId) };
  }

  /**
   * The same for the given season or, without one, the current season, with the list as JSON text: built by the
   * database itself on SQLite (the hot read of large pools).
   */
  async standingsJson(seasonId?: number): Promise<{ season: { id: number; name: string }; standings: string }> {
    const season = seasonId === undefined ? await this.currentSeason() : await this.season(seasonId);
    return { season: { id: season.id, name: season.name }, standings: await this.storedStandingsJson(season.id) };
  }

  private async storedStandings(seasonId: number): Promise<SeasonStandingDto[]> {
    const rows: StandingRow[] = await this.dataSource.query(`${STORED_STANDINGS_SQL} ORDER BY ss.\`rank\`, u.name, u.id`, [seasonId]);
    return rows.map(toDto);
  }

  private async storedStandingsJson(seasonId: number): Promise<string> {
    if (this.dataSource.options.type !== 'better-sqlite3') return JSON.stringify(await this.storedStandings(seasonId));
    const [{ body }] = await this.dataSource.query(
      sqliteJsonArray(
        STORED_STANDINGS_SQL,
        {
          id: 'r.id',
          rank: 'r.`rank`',
          user: { id: 'r.user_id', name: 'r.user_name', email: 'r.user_email' },
          total_wins: 'r.total_wins',
          total_losses: 'r.total_losses',
          total_games: 'r.total_games',
          win_percentage: 'r.win_percentage',
          weeks_participated: 'r.weeks_participated',
          weeks_played: 'r.weeks_participated',
          total_tiebreaker_score: 'r.total_tiebreaker_score',
          avg_tiebreaker_score: 'r.avg_tiebreaker_score',
        },
        'r.`rank`, r.user_name, r.user_id',
      ),
      [seasonId],
    );
    return body as string;
  }

  /**
   * Every member's cumulative wins after each week of the season, for a standings chart; each week says whether it
   * has calculated results (`scored`), so a results screen can open on the last scored week.
   */
  async progress(seasonId: number): Promise<SeasonProgressDto> {
    const season = await this.season(seasonId);
    const weeks: { id: number; number: number }[] = await this.dataSource.query(
      'SELECT id, number FROM weeks WHERE football_season_id = ? ORDER BY number',
      [seasonId],
    );
    const rows: { user_id: number; user_name: string; week_id: number; wins: number | string }[] = await this.dataSource.query(
      `SELECT wr.user_id, u.name AS user_name, wr.week_id, wr.wins
       FROM weekly_results wr JOIN weeks w ON w.id = wr.week_id JOIN users u ON u.id = wr.user_id
       WHERE w.football_season_id = ? ORDER BY u.name, u.id`,
      [seasonId],
    );
    const members = new Map<number, { name: string; wins: Map<number, number> }>();
    const scored = new Set(rows.map((row) => Number(row.week_id)));
    for (const row of rows) {
      const member = members.get(Number(row.user_id)) ?? { name: row.user_name, wins: new Map() };
      member.wins.set(Number(row.week_id), Number(row.wins));
      members.set(Number(row.user_id), member);
    }
    return {
      season: { id: season.id, name: season.name },
      weeks: weeks.map((week) => ({ id: Number(week.id), number: Number(week.number), scored: scored.has(Number(week.id)) })),
      members: [...members].map(([id, member]) => {
        let total = 0;
        return { user: { id, name: member.name }, cumulative_wins: weeks.map((week) => (total += member.wins.get(Number(week.id)) ?? 0)) };
      }),
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

function toDto(row: StandingRow): SeasonStandingDto {
  const weeks = Number(row.weeks_participated);
  return {
    id: Number(row.id),
    rank: Number(row.rank),
    user: { id: Number(row.user_id), name: row.user_name, email: row.user_email },
    total_wins: Number(row.total_wins),
    total_losses: Number(row.total_losses),
    total_games: Number(row.total_games),
    win_percentage: readNumber(row.win_percentage) ?? 0,
    weeks_participated: weeks,
    weeks_played: weeks,
    total_tiebreaker_score: Number(row.total_tiebreaker_score),
    avg_tiebreaker_score: readNumber(row.avg_tiebreaker_score),
  };
}
