/**
 * The survivor part of `npm run bench`: a contest on the bench's spec-rules season from week 4 (12 weeks), every
 * member entered, against the spread with 3 lives, reuse by half season, pushes as losses, missed weeks given the
 * biggest favourite, everyone-out sharing the win. Each member picks a different team every week (the team
 * (7 × id + week) mod 20 of the bench's 20 teams, each playing once a week); every tenth member misses every third
 * week, so favourites are assigned.
 *
 * Its floor is the engine's own statements (src/survivor/survivor-sql.ts) run directly, one after another on the
 * connection: no HTTP, no service, no transaction, no reading of the weeks. The ratio is then what the route and the
 * service add around the set-wise SQL.
 */
import type { DataSource } from 'typeorm';
import { SurvivorContest } from '../../src/survivor/entities/survivor-contest.entity';
import { assignFavourites, reusePeriodOf, SurvivorRules, SurvivorWeekStep, weekRows } from '../../src/survivor/survivor-sql';

export const SURVIVOR_FIRST_WEEK = 4;
const RULES: SurvivorRules = { pick_mode: 'spread', reuse: 'half', lives: 3, ties: 'loss', missed: 'favourite', all_lose: 'share_win' };

export interface SurvivorBench {
  contestId: number;
  /** The bare statements, as the engine runs them, for every week the engine calculated. */
  floor(): Promise<void>;
  /** A digest of the contest's stored rows and assigned picks, to compare the engine's with the floor's. */
  digest(): Promise<string>;
  /** How many weeks have rows, entrants and alive after the last. */
  summary(): Promise<string>;
}

export async function buildSurvivor(ds: DataSource, seasonId: number, weekIds: number[], teamIds: number[]): Promise<SurvivorBench> {
  const q = (sql: string, params: unknown[] = []) => ds.query(sql, params);
  if (teamIds.some((id, i) => id !== teamIds[0] + i)) throw new Error("The bench's teams need consecutive ids");
  const contest = await ds.getRepository(SurvivorContest).save({ football_season_id: seasonId, first_week_id: weekIds[SURVIVOR_FIRST_WEEK - 1], name: 'Bench survivor', ...RULES });
  const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
  await q(`INSERT INTO survivor_entries (survivor_contest_id, user_id, entered_at) SELECT ?, u.id, ? FROM users u WHERE u.role = 'user'`, [contest.id, now]);
  const lastNumber = weekIds.length;
  const [{ low, high }] = await q(`SELECT MIN(id) AS low, MAX(id) AS high FROM users WHERE role = 'user'`);
  for (let n = SURVIVOR_FIRST_WEEK; n <= lastNumber; n++) {
    const team = `(? + (u.id * 7 + ?) % ${teamIds.length})`;
    for (let from = Number(low); from <= Number(high); from += 2500) {
      await q(
        `INSERT INTO survivor_picks (survivor_contest_id, user_id, week_id, game_id, team_id, reuse_period, assigned, created_at, updated_at)
         SELECT ?, u.id, g.week_id, g.id, CASE WHEN g.home_team_id = ${team} THEN g.home_team_id ELSE g.away_team_id END, ?, 0, ?, ?
         FROM users u JOIN games g ON g.week_id = ? AND (g.home_team_id = ${team} OR g.away_team_id = ${team})
         WHERE u.role = 'user' AND u.id BETWEEN ? AND ? AND NOT (u.id % 10 = 0 AND ? % 3 = 0)`,
        [contest.id, teamIds[0], n, reusePeriodOf(RULES.reuse, n, lastNumber), now, now, weekIds[n - 1], teamIds[0], n, teamIds[0], n, from, from + 2499, n],
      );
    }
  }
  if (ds.options.type !== 'better-sqlite3') await q('ANALYZE TABLE survivor_entries, survivor_picks, survivor_results');

  const calculatedWeeks = async (): Promise<number[]> =>
    (await q('SELECT DISTINCT week_number FROM survivor_results WHERE survivor_contest_id = ? ORDER BY week_number', [contest.id])).map((row: { week_number: number }) =>
      Number(row.week_number),
    );
  return {
    contestId: contest.id,
    floor: async () => {
      const weeks = await calculatedWeeks();
      const at = now;
      await q('DELETE FROM survivor_results WHERE survivor_contest_id = ?', [contest.id]);
      await q('DELETE FROM survivor_picks WHERE survivor_contest_id = ? AND assigned = 1', [contest.id]);
      let previousWeekNumber: number | null = null;
      for (const n of weeks) {
        const step: SurvivorWeekStep = { contestId: contest.id, weekId: weekIds[n - 1], weekNumber: n, period: reusePeriodOf(RULES.reuse, n, lastNumber), previousWeekNumber };
        for (const statement of [assignFavourites(RULES, step, at), weekRows(RULES, step, at)]) await q(statement.sql, statement.parameters);
        previousWeekNumber = n;
      }
    },
    digest: async () => {
      const [rows] = await q(
        `SELECT COUNT(*) AS n, SUM(lives_left) AS lives, SUM(alive) AS alive, SUM(weeks_survived) AS survived, SUM(all_lost) AS all_lost,
           SUM(CASE outcome WHEN 'win' THEN 1 ELSE 0 END) AS wins, SUM(CASE outcome WHEN 'push' THEN 1 ELSE 0 END) AS pushes,
           SUM(CASE outcome WHEN 'missed' THEN 1 ELSE 0 END) AS missed, SUM(COALESCE(team_id, 0) * user_id % 9973) AS teams
         FROM survivor_results WHERE survivor_contest_id = ?`,
        [contest.id],
      );
      const [assigned] = await q('SELECT COUNT(*) AS n, SUM(team_id * user_id % 9973) AS teams FROM survivor_picks WHERE survivor_contest_id = ? AND assigned = 1', [
        contest.id,
      ]);
      return JSON.stringify([rows, assigned].map((row) => Object.values(row).map(Number)));
    },
    summary: async () => {
      const weeks = await calculatedWeeks();
      const [{ alive }] = await q('SELECT COUNT(*) AS alive FROM survivor_results WHERE survivor_contest_id = ? AND week_number = ? AND alive = 1', [
        contest.id,
        weeks[weeks.length - 1] ?? 0,
      ]);
      const [{ n: rows }] = await q('SELECT COUNT(*) AS n FROM survivor_results WHERE survivor_contest_id = ?', [contest.id]);
      return `${weeks.length} weeks, ${Number(rows)} rows, ${Number(alive)} alive after the last`;
    },
  };
}
