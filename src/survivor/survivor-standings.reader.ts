import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { SurvivorContest } from './entities/survivor-contest.entity';
import type { SurvivorOutcome } from './entities/survivor-result.entity';
import { SURVIVOR_CONTEST_NOT_FOUND } from './survivor-results.service';
import { finishedAfter } from './survivor-sql';

/** One calculated week of an entrant. */
export interface SurvivorWeekOutcome {
  week_id: number;
  week_number: number;
  /** The team scored; null for a week missed without an assigned team. */
  team_id: number | null;
  team_name: string | null;
  /** The team was given by the results (`missed: favourite`), not picked. */
  assigned: boolean;
  outcome: SurvivorOutcome;
  lives_lost: number;
  all_lost: boolean;
}

/** An entrant where the stored results leave them (before the first calculated week: alive, every life). */
export interface SurvivorStanding {
  user_id: number;
  name: string;
  /** 1 for the best; entrants equal on everything but their names share a rank (1, 2, 2, 4). */
  rank: number;
  alive: boolean;
  /** Out in the week everyone left was eliminated, under `all_lose: share_win`: shares the win. */
  shared_win: boolean;
  lives_left: number;
  weeks_survived: number;
  /** The sum of the entrant's pick'em tiebreaker distances over the season (weekly results); null without any. */
  tiebreaker_distance: number | null;
  /** The entrant's calculated weeks, first first (empty without `history`). */
  history: SurvivorWeekOutcome[];
}

export interface SurvivorStandings {
  contest_id: number;
  entrant_count: number;
  /** Entrants alive after the last calculated week. */
  alive_count: number;
  /** The last calculated week; null before the first. */
  last_week: { id: number; week_number: number } | null;
  finished: boolean;
  /** Once finished: those who shared the win, else the entrants left alive who rank first (the tiebreaker decides among several); else empty. In standing order. */
  winners: { user_id: number; name: string }[];
  /** Every entrant in standing order. */
  entrants: SurvivorStanding[];
}

/** An entrant's latest row as read. */
interface LatestRow {
  user_id: number | string;
  name: string;
  week_id: number | string | null;
  week_number: number | string | null;
  alive: number | string | boolean | null;
  lives_left: number | string | null;
  weeks_survived: number | string | null;
  all_lost: number | string | boolean | null;
  distance: number | string | null;
}

const flag = (value: unknown): boolean => value === true || Number(value) === 1;

/**
 * Where a survivor contest stands, from its stored `survivor_results` (the board, the e-mails and the live board read
 * it; nothing is computed here but the order).
 *
 *   standings(contestId, { history }): Promise<SurvivorStandings>   (404 "Survivor contest not found")
 *
 * Each entrant's latest row (alive, lives left, weeks survived), `finished`, `winners`, and the entrants in the
 * standing order of docs/pool-formats.md#survivor: alive or sharing the win first, then most weeks survived, then
 * the smallest sum of pick'em tiebreaker distances over the season (missing last), then name.
 * With `history` (the default) each entrant carries their weeks' outcomes with the team's name.
 */
@Injectable()
export class SurvivorStandingsReader {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async standings(contestId: number, options: { history?: boolean } = {}): Promise<SurvivorStandings> {
    const contest = await this.dataSource.getRepository(SurvivorContest).findOneBy({ id: contestId });
    if (!contest) throw new NotFoundException(SURVIVOR_CONTEST_NOT_FOUND);
    const rows: LatestRow[] = await this.dataSource.query(
      `SELECT e.user_id, u.name, r.week_id, r.week_number, r.alive, r.lives_left, r.weeks_survived, r.all_lost, tb.distance
       FROM survivor_entries e
       JOIN users u ON u.id = e.user_id
       LEFT JOIN survivor_results r ON r.survivor_contest_id = e.survivor_contest_id AND r.user_id = e.user_id
         AND r.week_number = (SELECT MAX(lr.week_number) FROM survivor_results lr WHERE lr.survivor_contest_id = e.survivor_contest_id AND lr.user_id = e.user_id)
       LEFT JOIN (
         SELECT wr.user_id, SUM(wr.tiebreaker_score) AS distance FROM weekly_results wr JOIN weeks w ON w.id = wr.week_id
         WHERE w.football_season_id = ? GROUP BY wr.user_id
       ) tb ON tb.user_id = e.user_id
       WHERE e.survivor_contest_id = ?`,
      [contest.football_season_id, contestId],
    );
    const [{ last_number }] = await this.dataSource.query('SELECT MAX(number) AS last_number FROM weeks WHERE football_season_id = ?', [
      contest.football_season_id,
    ]);
    const lastRow = rows.reduce<LatestRow | null>((last, row) => (row.week_number !== null && Number(row.week_number) > Number(last?.week_number ?? -1) ? row : last), null);
    const lastWeek = lastRow ? { id: Number(lastRow.week_id), week_number: Number(lastRow.week_number) } : null;
    const entrants: SurvivorStanding[] = rows.map((row) => {
      const calculated = row.week_number !== null;
      const alive = !calculated || flag(row.alive);
      return {
        user_id: Number(row.user_id),
        name: row.name,
        rank: 0,
        alive,
        shared_win: calculated && !alive && flag(row.all_lost) && Number(row.week_number) === lastWeek?.week_number,
        lives_left: calculated ? Number(row.lives_left) : contest.lives,
        weeks_survived: calculated ? Number(row.weeks_survived) : 0,
        tiebreaker_distance: row.distance === null ? null : Number(row.distance),
        history: [],
      };
    });
    entrants.sort((a, b) => compareStandings(a, b) || a.name.localeCompare(b.name) || a.user_id - b.user_id);
    entrants.forEach((entrant, index) => {
      entrant.rank = index > 0 && compareStandings(entrants[index - 1], entrant) === 0 ? entrants[index - 1].rank : index + 1;
    });
    if (options.history ?? true) await this.addHistory(contestId, entrants);
    const aliveCount = entrants.filter((entrant) => entrant.alive).length;
    const finished = lastWeek !== null && finishedAfter(aliveCount, lastWeek.week_number, Number(last_number));
    const shared = entrants.filter((entrant) => entrant.shared_win);
    const winners = !finished ? [] : (shared.length > 0 ? shared : entrants.filter((entrant) => entrant.alive && entrant.rank === 1)).map(({ user_id, name }) => ({ user_id, name }));
    return { contest_id: contestId, entrant_count: entrants.length, alive_count: aliveCount, last_week: lastWeek, finished, winners, entrants };
  }

  private async addHistory(contestId: number, entrants: SurvivorStanding[]): Promise<void> {
    const rows: Record<string, unknown>[] = await this.dataSource.query(
      `SELECT r.user_id, r.week_id, r.week_number, r.team_id, t.name AS team_name, sp.assigned, r.outcome, r.lives_lost, r.all_lost
       FROM survivor_results r
       LEFT JOIN teams t ON t.id = r.team_id
       LEFT JOIN survivor_picks sp ON sp.survivor_contest_id = r.survivor_contest_id AND sp.user_id = r.user_id AND sp.week_id = r.week_id
       WHERE r.survivor_contest_id = ? ORDER BY r.user_id, r.week_number`,
      [contestId],
    );
    const byUser = new Map(entrants.map((entrant) => [entrant.user_id, entrant]));
    for (const row of rows) {
      byUser.get(Number(row.user_id))?.history.push({
        week_id: Number(row.week_id),
        week_number: Number(row.week_number),
        team_id: row.team_id === null ? null : Number(row.team_id),
        team_name: (row.team_name as string | null) ?? null,
        assigned: flag(row.assigned),
        outcome: row.outcome as SurvivorOutcome,
        lives_lost: Number(row.lives_lost),
        all_lost: flag(row.all_lost),
      });
    }
  }
}

/** The standing order without names: alive or sharing the win, weeks survived, tiebreaker distance (missing last). */
export function compareStandings(a: SurvivorStanding, b: SurvivorStanding): number {
  const group = (entrant: SurvivorStanding) => (entrant.alive || entrant.shared_win ? 0 : 1);
  const distance = (entrant: SurvivorStanding) => entrant.tiebreaker_distance ?? Number.POSITIVE_INFINITY;
  return (
    group(a) - group(b) ||
    b.weeks_survived - a.weeks_survived ||
    (distance(a) === distance(b) ? 0 : distance(a) < distance(b) ? -1 : 1)
  );
}
