import type { Statement } from '../results/sql';
import type { SurvivorContest } from './entities/survivor-contest.entity';

/** The rules of a contest the results read (docs/pool-formats.md#survivor). */
export type SurvivorRules = Pick<SurvivorContest, 'pick_mode' | 'reuse' | 'lives' | 'ties' | 'missed' | 'all_lose'>;

/** One week of a contest as the results compute it. */
export interface SurvivorWeekStep {
  contestId: number;
  weekId: number;
  weekNumber: number;
  /** The week's reuse period: 0 under `reuse: never`, 1 or 2 (its half of the season) under `half`. */
  period: number;
  /** The number of the contest's week before this one, whose rows say who is alive at this one's start; null for the first week. */
  previousWeekNumber: number | null;
}

/**
 * The reuse period of week `weekNumber`: 0 for the whole contest under `never`; under `half`, 1 for the weeks numbered
 * up to half the season's last week number (rounded up), else 2.
 */
export const reusePeriodOf = (reuse: SurvivorRules['reuse'], weekNumber: number, lastWeekNumber: number): number =>
  reuse === 'never' ? 0 : weekNumber <= Math.ceil(lastWeekNumber / 2) ? 1 : 2;

/**
 * Whether a contest is over after a calculated week: at most one entrant is left alive (everyone out means they
 * shared the win), or the week is the season's last.
 */
export const finishedAfter = (aliveCount: number, weekNumber: number, lastWeekNumber: number): boolean => aliveCount <= 1 || weekNumber >= lastWeekNumber;

/**
 * How the game of alias `g` came out for a survivor pick, read from the game itself: the team that wins the pick, and
 * whether it landed on a tie. Straight up the winner wins and a game without one tied; against the spread this is
 * coverOf (src/games/cover.ts) in SQL, as the pick'em's results compute it (src/results/sql.ts): the favourite covers
 * when its margin is above the frozen line, exactly on it is a push; without both scores the winner covers.
 */
function landing(rules: SurvivorRules): { winning: string; pushed: string } {
  if (rules.pick_mode === 'winner') return { winning: 'g.winner_team_id', pushed: 'g.winner_team_id IS NULL' };
  const scored = 'g.home_score IS NOT NULL AND g.away_score IS NOT NULL';
  const margin = `(g.home_score - g.away_score - CASE g.betting_line_team WHEN 'home' THEN COALESCE(g.betting_line, 0)
    WHEN 'away' THEN -COALESCE(g.betting_line, 0) ELSE 0 END)`;
  return {
    winning: `CASE WHEN ${scored} THEN CASE WHEN ${margin} > 0 THEN g.home_team_id WHEN ${margin} < 0 THEN g.away_team_id END
      ELSE g.winner_team_id END`,
    pushed: `(${scored} AND ${margin} = 0) OR (NOT (${scored}) AND g.winner_team_id IS NULL)`,
  };
}

/**
 * The entrants alive at the start of the step's week, with the lives they have and the weeks they survived: every
 * entrant with the contest's lives in its first week, else the alive rows of the week before. Columns user_id, lives,
 * survived.
 */
function alivePool(rules: SurvivorRules, step: SurvivorWeekStep): Statement {
  if (step.previousWeekNumber === null) {
    return { sql: 'SELECT e.user_id, ? AS lives, 0 AS survived FROM survivor_entries e WHERE e.survivor_contest_id = ?', parameters: [rules.lives, step.contestId] };
  }
  return {
    sql: `SELECT pr.user_id, pr.lives_left AS lives, pr.weeks_survived AS survived FROM survivor_results pr
      WHERE pr.survivor_contest_id = ? AND pr.week_number = ? AND pr.alive = 1`,
    parameters: [step.contestId, step.previousWeekNumber],
  };
}

/**
 * `missed: favourite`: gives each entrant alive at the week's start without a pick of it (as an `assigned` pick) the
 * favourite with the largest line among the week's games not cancelled whose favourite team the entrant has not used
 * in the week's reuse period (any week's pick counts, an assigned one too); ties go to the earlier kickoff, then the
 * lower game id. One INSERT … SELECT; an entrant with no such team gets none (the week is then `missed`). The
 * partition is by `user_id + 0` so SQLite reads the week before's rows by their (contest, week number) index rather
 * than walking every row of the contest in user order (half the time on 10,000 entrants).
 */
export function assignFavourites(rules: SurvivorRules, step: SurvivorWeekStep, now: string): Statement {
  const alive = alivePool(rules, step);
  const sql = `
    INSERT INTO survivor_picks (survivor_contest_id, user_id, week_id, game_id, team_id, reuse_period, assigned, created_at, updated_at)
    SELECT ?, c.user_id, ?, c.game_id, c.team_id, ?, 1, ?, ?
    FROM (
      SELECT a.user_id, f.game_id, f.team_id,
        ROW_NUMBER() OVER (PARTITION BY a.user_id + 0 ORDER BY f.line DESC, f.game_date, f.game_id) AS choice
      FROM (${alive.sql}) a
      CROSS JOIN (
        SELECT g.id AS game_id, g.game_date, COALESCE(g.betting_line, 0) AS line,
          CASE g.betting_line_team WHEN 'home' THEN g.home_team_id ELSE g.away_team_id END AS team_id
        FROM games g WHERE g.week_id = ? AND g.status <> 'cancelled' AND g.betting_line_team IN ('home', 'away')
      ) f
      WHERE NOT EXISTS (SELECT 1 FROM survivor_picks wp WHERE wp.survivor_contest_id = ? AND wp.user_id = a.user_id AND wp.week_id = ?)
        AND NOT EXISTS (SELECT 1 FROM survivor_picks up WHERE up.survivor_contest_id = ? AND up.user_id = a.user_id
          AND up.team_id = f.team_id AND up.reuse_period = ?)
    ) c
    WHERE c.choice = 1`;
  const { contestId, weekId, period } = step;
  return { sql, parameters: [contestId, weekId, period, now, now, ...alive.parameters, weekId, contestId, weekId, contestId, period] };
}

/**
 * The week's row of every entrant alive at its start, as one INSERT … SELECT (docs/pool-formats.md#survivor; the
 * rules are stated in test/support/survivor-oracle.ts). The outcome: no pick `missed`; a cancelled game `win`; else
 * the pick's team won or covered `win`, a tie or a game on the line `push`, else `loss`. A loss or a miss costs a
 * life, a push does under `ties: loss`. When every entrant would be left without lives the week is `all_lost`: under
 * `stay_alive` it costs nobody a life, under `share_win` they are all out. An entrant alive after the week survived it.
 */
export function weekRows(rules: SurvivorRules, step: SurvivorWeekStep, now: string): Statement {
  const alive = alivePool(rules, step);
  const { winning, pushed } = landing(rules);
  const pushCost = rules.ties === 'loss' ? 1 : 0;
  const lost = `CASE WHEN o.all_lost = 1 THEN ${rules.all_lose === 'stay_alive' ? '0' : 'o.cost'} ELSE o.cost END`;
  const sql = `
    INSERT INTO survivor_results (survivor_contest_id, user_id, week_id, week_number, team_id, outcome, lives_lost, lives_left, alive,
      weeks_survived, all_lost, calculated_at)
    SELECT ?, s.user_id, ?, ?, s.team_id, s.outcome, s.lost, s.lives - s.lost, CASE WHEN s.lives > s.lost THEN 1 ELSE 0 END,
      s.survived + CASE WHEN s.lives > s.lost THEN 1 ELSE 0 END, s.all_lost, ?
    FROM (
      SELECT o.user_id, o.team_id, o.outcome, o.lives, o.survived, o.all_lost, ${lost} AS lost
      FROM (
        SELECT k.*, CASE WHEN MAX(k.lives - k.cost) OVER () <= 0 THEN 1 ELSE 0 END AS all_lost
        FROM (
          SELECT j.*, CASE j.outcome WHEN 'win' THEN 0 WHEN 'push' THEN ${pushCost} ELSE 1 END AS cost
          FROM (
            SELECT a.user_id, a.lives, a.survived, sp.team_id,
              CASE WHEN sp.id IS NULL THEN 'missed' WHEN g.status = 'cancelled' THEN 'win' WHEN ${pushed} THEN 'push'
                WHEN sp.team_id = ${winning} THEN 'win' ELSE 'loss' END AS outcome
            FROM (${alive.sql}) a
            LEFT JOIN survivor_picks sp ON sp.survivor_contest_id = ? AND sp.user_id = a.user_id AND sp.week_id = ?
            LEFT JOIN games g ON g.id = sp.game_id
          ) j
        ) k
      ) o
    ) s`;
  const { contestId, weekId, weekNumber } = step;
  return { sql, parameters: [contestId, weekId, weekNumber, now, ...alive.parameters, contestId, weekId] };
}

/**
 * The contest's weeks from its first on, with whether each is complete: it has games and every one has a final (a
 * winner, or cancelled). Parameters: the contest. Columns id, number, games, finals, last_number (the season's last
 * week number).
 */
export const CONTEST_WEEKS_SQL = `
  SELECT w.id, w.number, COUNT(g.id) AS games,
    SUM(CASE WHEN g.status = 'cancelled' OR g.winner_team_id IS NOT NULL THEN 1 ELSE 0 END) AS finals,
    (SELECT MAX(lw.number) FROM weeks lw WHERE lw.football_season_id = c.football_season_id) AS last_number
  FROM survivor_contests c
  JOIN weeks fw ON fw.id = c.first_week_id
  JOIN weeks w ON w.football_season_id = c.football_season_id AND w.number >= fw.number
  LEFT JOIN games g ON g.week_id = w.id
  WHERE c.id = ?
  GROUP BY w.id, w.number, c.football_season_id
  ORDER BY w.number`;
