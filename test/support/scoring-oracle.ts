/**
 * The test oracle: the scoring rules of docs/product.md#states, #constants and docs/pool-formats.md#results as small
 * pure functions. The results services compute the same numbers set-wise in SQL (src/results/sql.ts); these are the
 * readable statement of the rules, unit-tested, and the reference the API and property tests hold the SQL engine
 * to. The ranking itself is production code (the pick grid uses it), and so is the spread's cover rule (coverOf).
 */
import { coverOf, CoverFacts } from '../../src/games/cover';
import { compareRecords, rank, tiebreakerScore } from '../../src/results/ranking';
import { DEFAULT_RULES, SeasonRules } from '../../src/seasons/season-rules';

export { compareRecords, rank, tiebreakerScore };

/** A week's record for one member, before ranking. */
export interface WeekRecord {
  user_id: number;
  wins: number;
  losses: number;
  total_games: number;
  /** Picks on games that landed exactly on the line (against the spread). */
  pushes: number;
  /** What the week ranks by: wins under the spec's rules. */
  points: number;
  win_percentage: number;
  /** Distance of the tiebreaker prediction from the final score; null without a prediction. */
  tiebreaker_score: number | null;
}

export interface ScoredGame extends CoverFacts {
  id: number;
  status: string;
  is_tiebreaker: boolean;
}

export interface ScoredPick {
  user_id: number;
  game_id: number;
  selected_team_id: number;
  tiebreaker_home_score: number | null;
  tiebreaker_away_score: number | null;
  confidence: number | null;
  is_lock: boolean;
}

/** Against the spread, a push may count as half a win. */
const halfPushes = (rules: SeasonRules): boolean => rules.pick_mode === 'spread' && rules.push_rule === 'half';

/** Wins (and half-win pushes) out of games played, as a percentage with one decimal. */
export function winPercentage(wins: number, totalGames: number, halfWins = 0): number {
  return totalGames === 0 ? 0 : Math.round(((wins * 2 + halfWins) * 500) / totalGames) / 10;
}

/** Whether the game landed exactly on the line: only against the spread. */
const pushed = (game: ScoredGame, rules: SeasonRules): boolean => rules.pick_mode === 'spread' && coverOf(game) === 'push';

/** Whether the game counts for the week: not cancelled, nor a push under push_rule void. */
export const counted = (game: ScoredGame, rules: SeasonRules): boolean =>
  game.status !== 'cancelled' && !(rules.push_rule === 'void' && pushed(game, rules));

/** A pick's outcome: it named the winner, or against the spread its team covered; a game on the line is a push. */
export function outcome(game: ScoredGame, pick: ScoredPick, rules: SeasonRules): 'won' | 'lost' | 'push' {
  if (rules.pick_mode === 'winner') return game.winner_team_id === pick.selected_team_id ? 'won' : 'lost';
  const cover = coverOf(game);
  if (cover === 'push') return 'push';
  const team = cover === 'home' ? game.home_team_id : cover === 'away' ? game.away_team_id : null;
  return team === pick.selected_team_id ? 'won' : 'lost';
}

/** A pick's is_correct: won true, lost false; a push false when it counts as a loss, else null; null if cancelled. */
export function isCorrect(game: ScoredGame, pick: ScoredPick, rules: SeasonRules = DEFAULT_RULES): boolean | null {
  if (game.status === 'cancelled') return null;
  const result = outcome(game, pick, rules);
  if (result === 'push') return rules.push_rule === 'loss' ? false : null;
  return result === 'won';
}

/** What a correct pick earns: its confidence points (0 without) in a confidence season, else 1; the lock double. */
export const weight = (pick: ScoredPick, rules: SeasonRules): number =>
  (rules.confidence_points ? (pick.confidence ?? 0) : 1) * (rules.lock_of_week && pick.is_lock ? 2 : 1);

/**
 * One record per member with at least one pick in the week. Cancelled games do not count (nor, under push_rule
 * void, games on the line); a game the member left unpicked counts as a loss. The tiebreaker distance is measured on
 * any tiebreaker game not cancelled.
 */
export function scoreWeek(games: ScoredGame[], picks: ScoredPick[], rules: SeasonRules = DEFAULT_RULES): WeekRecord[] {
  const byId = new Map(games.map((game) => [game.id, game]));
  const total_games = games.filter((game) => counted(game, rules)).length;
  const half = halfPushes(rules);
  const byUser = new Map<number, ScoredPick[]>();
  for (const pick of picks) byUser.set(pick.user_id, [...(byUser.get(pick.user_id) ?? []), pick]);
  return [...byUser].map(([user_id, own]) => {
    let wins = 0;
    let pushes = 0;
    let points = 0;
    let tiebreaker: number | null = null;
    for (const pick of own) {
      const game = byId.get(pick.game_id);
      if (!game || game.status === 'cancelled') continue;
      const result = outcome(game, pick, rules);
      if (result === 'won') {
        wins += 1;
        points += weight(pick, rules);
      } else if (result === 'push') {
        pushes += 1;
        if (half) points += weight(pick, rules) / 2;
      }
      if (game.is_tiebreaker) {
        const score = tiebreakerScore(
          { home: pick.tiebreaker_home_score, away: pick.tiebreaker_away_score },
          { home: game.home_score, away: game.away_score },
        );
        if (score !== null) tiebreaker = (tiebreaker ?? 0) + score;
      }
    }
    const halfWins = half ? pushes : 0;
    return {
      user_id,
      wins,
      losses: total_games - wins - halfWins,
      total_games,
      pushes,
      points,
      win_percentage: winPercentage(wins, total_games, halfWins),
      tiebreaker_score: tiebreaker,
    };
  });
}

/** Weekly order: most points, then (weekly_ties tiebreaker) the spec's order; equal points share under `shared`. */
export const compareWeekRecords =
  (rules: SeasonRules = DEFAULT_RULES) =>
  (a: WeekRecord, b: WeekRecord): number =>
    rules.weekly_ties === 'shared'
      ? b.points - a.points
      : compareRecords(
          { wins: a.points, losses: a.losses, tiebreaker: a.tiebreaker_score },
          { wins: b.points, losses: b.losses, tiebreaker: b.tiebreaker_score },
        );

/** A week's records, ranked. */
export const rankWeek = (records: WeekRecord[], rules: SeasonRules = DEFAULT_RULES) => rank(records, compareWeekRecords(rules));

/** A member's week within the season. */
export interface SeasonWeekRecord extends WeekRecord {
  week_id: number;
}

/** A member's season standing from their weekly records. */
export interface SeasonRecord {
  user_id: number;
  total_wins: number;
  total_losses: number;
  total_games: number;
  total_pushes: number;
  total_points: number;
  win_percentage: number;
  weeks_participated: number;
  weeks_dropped: number;
  total_tiebreaker_score: number;
  avg_tiebreaker_score: number | null;
}

/**
 * The standings over the season's scored weeks (`scoredWeekIds`, earliest first; by default the weeks of the
 * records). Each member drops their worst weeks: under missed_weeks loss, the missed weeks first (0 points), then
 * the played weeks with the fewest points, earlier first, at most all scored weeks but one; under excluded, played
 * weeks only, at most all but one. The totals sum the kept weeks; weeks_participated counts every played week.
 */
export function scoreSeason(weeks: SeasonWeekRecord[], rules: SeasonRules = DEFAULT_RULES, scoredWeekIds?: number[]): SeasonRecord[] {
  const order = scoredWeekIds ?? [...new Set(weeks.map((week) => week.week_id))];
  const byUser = new Map<number, SeasonWeekRecord[]>();
  for (const week of weeks) byUser.set(week.user_id, [...(byUser.get(week.user_id) ?? []), week]);
  return [...byUser].map(([user_id, played]) => {
    const missed = order.length - played.length;
    const dropped =
      rules.missed_weeks === 'excluded' ? Math.min(rules.drop_worst_weeks, played.length - 1) : Math.min(rules.drop_worst_weeks, order.length - 1);
    const droppedPlayed = rules.missed_weeks === 'excluded' ? dropped : Math.max(0, dropped - missed);
    const worstFirst = [...played].sort((a, b) => a.points - b.points || order.indexOf(a.week_id) - order.indexOf(b.week_id));
    const own = worstFirst.slice(droppedPlayed);
    const sum = (pick: (week: WeekRecord) => number) => own.reduce((total, week) => total + pick(week), 0);
    const tiebreakers = own.map((week) => week.tiebreaker_score).filter((score): score is number => score !== null);
    const total_wins = sum((week) => week.wins);
    const total_games = sum((week) => week.total_games);
    const total_pushes = sum((week) => week.pushes);
    return {
      user_id,
      total_wins,
      total_losses: sum((week) => week.losses),
      total_games,
      total_pushes,
      total_points: sum((week) => week.points),
      win_percentage: winPercentage(total_wins, total_games, halfPushes(rules) ? total_pushes : 0),
      weeks_participated: played.length,
      weeks_dropped: dropped,
      total_tiebreaker_score: tiebreakers.reduce((total, score) => total + score, 0),
      avg_tiebreaker_score: tiebreakers.length ? Math.round((tiebreakers.reduce((t, s) => t + s, 0) * 10) / tiebreakers.length) / 10 : null,
    };
  });
}

/**
 * Season order: most points (by win percentage first when missed weeks are excluded), then the weekly order on
 * season totals, where a member who never gave a tiebreaker prediction sorts last.
 */
export const compareSeasonRecords =
  (rules: SeasonRules = DEFAULT_RULES) =>
  (a: SeasonRecord, b: SeasonRecord): number =>
    (rules.missed_weeks === 'excluded' ? b.win_percentage - a.win_percentage : 0) ||
    compareRecords(
      { wins: a.total_points, losses: a.total_losses, tiebreaker: a.avg_tiebreaker_score === null ? null : a.total_tiebreaker_score },
      { wins: b.total_points, losses: b.total_losses, tiebreaker: b.avg_tiebreaker_score === null ? null : b.total_tiebreaker_score },
    );

/** A season's records, ranked. */
export const rankSeason = (records: SeasonRecord[], rules: SeasonRules = DEFAULT_RULES) => rank(records, compareSeasonRecords(rules));
