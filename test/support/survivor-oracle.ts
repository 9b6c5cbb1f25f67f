/**
 * The survivor oracle: the rules of docs/pool-formats.md#survivor > Results as small pure functions. The results
 * service computes the same rows set-wise in SQL (src/survivor/survivor-sql.ts); these are the readable statement of
 * the rules, unit-tested on hand cases, and the reference the property test holds the SQL to. The spread's cover rule
 * is production code (coverOf), as in the pick'em's oracle.
 */
import { coverOf, CoverFacts } from '../../src/games/cover';

export interface OracleRules {
  pick_mode: 'winner' | 'spread';
  reuse: 'never' | 'half';
  lives: number;
  ties: 'win' | 'loss';
  missed: 'loss' | 'favourite';
  all_lose: 'stay_alive' | 'share_win';
}

export interface OracleGame extends CoverFacts {
  id: number;
  status: string;
  game_date: Date;
}

/** A season week from the contest's first on, in order. */
export interface OracleWeek {
  id: number;
  number: number;
  games: OracleGame[];
}

/** An entrant's own pick (not assigned). */
export interface OraclePick {
  user_id: number;
  week_id: number;
  game_id: number;
  team_id: number;
}

export interface OracleContest {
  rules: OracleRules;
  /** The entrants' user ids. */
  entrants: number[];
  /** The contest's weeks, first week first. */
  weeks: OracleWeek[];
  /** The season's last week number. */
  lastWeekNumber: number;
  picks: OraclePick[];
}

export type Outcome = 'win' | 'loss' | 'push' | 'missed';

export interface OracleRow {
  user_id: number;
  week_id: number;
  week_number: number;
  team_id: number | null;
  outcome: Outcome;
  lives_lost: number;
  lives_left: number;
  alive: boolean;
  weeks_survived: number;
  all_lost: boolean;
}

export interface OracleResult {
  rows: OracleRow[];
  /** The picks the results gave for missed weeks (`missed: favourite`). */
  assigned: OraclePick[];
  weeks_calculated: number;
  alive_count: number;
  finished: boolean;
  /** Once finished, the entrants left alive or sharing the win; else none. Sorted by user id. */
  winners: number[];
}

/** 0 under `never`; under `half`, 1 up to half the season's last week number (rounded up), else 2. */
export const reusePeriod = (rules: OracleRules, weekNumber: number, lastWeekNumber: number): number =>
  rules.reuse === 'never' ? 0 : weekNumber <= Math.ceil(lastWeekNumber / 2) ? 1 : 2;

/** A week is complete when it has games and each has a winner or is cancelled. */
export const complete = (week: OracleWeek): boolean => week.games.length > 0 && week.games.every((game) => game.status === 'cancelled' || game.winner_team_id !== null);

/** What a pick of `team` on `game` did: a cancelled game is a win; straight up or against the spread, else. */
export function pickOutcome(rules: OracleRules, game: OracleGame, team: number): Exclude<Outcome, 'missed'> {
  if (game.status === 'cancelled') return 'win';
  if (rules.pick_mode === 'winner') return game.winner_team_id === null ? 'push' : game.winner_team_id === team ? 'win' : 'loss';
  const cover = coverOf(game);
  if (cover === 'push' || cover === null) return 'push';
  return (cover === 'home' ? game.home_team_id : game.away_team_id) === team ? 'win' : 'loss';
}

/** The life an outcome costs before the all-lose rule. */
export const cost = (rules: OracleRules, outcome: Outcome): number => (outcome === 'win' ? 0 : outcome === 'push' ? (rules.ties === 'loss' ? 1 : 0) : 1);

/**
 * `missed: favourite`: the favourite with the largest line among the week's games not cancelled whose favourite team
 * is not in `used`; ties: earlier kickoff, then lower game id. Null when there is none.
 */
export function favourite(week: OracleWeek, used: Set<number>): { game_id: number; team_id: number } | null {
  const candidates = week.games
    .filter((game) => game.status !== 'cancelled' && (game.betting_line_team === 'home' || game.betting_line_team === 'away'))
    .map((game) => ({ game, team: game.betting_line_team === 'home' ? game.home_team_id : game.away_team_id, line: game.betting_line ?? 0 }))
    .filter((candidate) => !used.has(candidate.team))
    .sort((a, b) => b.line - a.line || a.game.game_date.getTime() - b.game.game_date.getTime() || a.game.id - b.game.id);
  return candidates.length ? { game_id: candidates[0].game.id, team_id: candidates[0].team } : null;
}

/** The contest's rows, week by week from its first while weeks are complete, until it ends. */
export function runContest(contest: OracleContest): OracleResult {
  const { rules, lastWeekNumber } = contest;
  const result: OracleResult = { rows: [], assigned: [], weeks_calculated: 0, alive_count: contest.entrants.length, finished: false, winners: [] };
  if (contest.entrants.length === 0) return result;
  const weekNumber = new Map(contest.weeks.map((week) => [week.id, week.number]));
  /** Teams each entrant has used, by reuse period: their own picks of any week, and assigned ones as they come. */
  const used = new Map<string, Set<number>>();
  const usedBy = (user: number, period: number) => used.get(`${user}:${period}`) ?? used.set(`${user}:${period}`, new Set()).get(`${user}:${period}`)!;
  for (const pick of contest.picks) {
    const number = weekNumber.get(pick.week_id);
    if (number !== undefined) usedBy(pick.user_id, reusePeriod(rules, number, lastWeekNumber)).add(pick.team_id);
  }
  let alive = contest.entrants.map((user_id) => ({ user_id, lives: rules.lives, survived: 0 }));
  for (const week of contest.weeks) {
    if (!complete(week)) break;
    const period = reusePeriod(rules, week.number, lastWeekNumber);
    const games = new Map(week.games.map((game) => [game.id, game]));
    const scored = alive.map((entrant) => {
      let pick: { game_id: number; team_id: number } | null = contest.picks.find((p) => p.user_id === entrant.user_id && p.week_id === week.id) ?? null;
      if (!pick && rules.missed === 'favourite') {
        pick = favourite(week, usedBy(entrant.user_id, period));
        if (pick) {
          usedBy(entrant.user_id, period).add(pick.team_id);
          result.assigned.push({ user_id: entrant.user_id, week_id: week.id, ...pick });
        }
      }
      const outcome: Outcome = pick ? pickOutcome(rules, games.get(pick.game_id)!, pick.team_id) : 'missed';
      return { ...entrant, team_id: pick?.team_id ?? null, outcome, cost: cost(rules, outcome) };
    });
    const allLost = scored.every((entrant) => entrant.lives - entrant.cost <= 0);
    const rows = scored.map((entrant): OracleRow => {
      const lost = allLost && rules.all_lose === 'stay_alive' ? 0 : entrant.cost;
      const left = entrant.lives - lost;
      return {
        user_id: entrant.user_id,
        week_id: week.id,
        week_number: week.number,
        team_id: entrant.team_id,
        outcome: entrant.outcome,
        lives_lost: lost,
        lives_left: left,
        alive: left > 0,
        weeks_survived: entrant.survived + (left > 0 ? 1 : 0),
        all_lost: allLost,
      };
    });
    result.rows.push(...rows);
    result.weeks_calculated += 1;
    alive = rows.filter((row) => row.alive).map((row) => ({ user_id: row.user_id, lives: row.lives_left, survived: row.weeks_survived }));
    result.alive_count = alive.length;
    if (alive.length <= 1 || week.number >= lastWeekNumber) {
      result.finished = true;
      result.winners = (alive.length > 0 ? alive.map((entrant) => entrant.user_id) : rows.filter((row) => row.all_lost).map((row) => row.user_id)).sort((a, b) => a - b);
      break;
    }
  }
  return result;
}
