/**
 * A brute-force statement of "who can still win" (docs/saturday.md#who-can-still-win) for the property test of
 * src/results/contention/: every outcome of the undecided games, every final score of an undecided tiebreaker game
 * on a grid, and (for games still open to picks) every way each member could still pick them, each scored with the
 * scoring oracle (scoreWeek / rankWeek / scoreSeason / rankSeason) and ranked. Small leagues only.
 */
import { coverOf } from '../../src/games/cover';
import type { Landing } from '../../src/results/contention';
import type { SeasonRules } from '../../src/seasons/season-rules';
import { rankSeason, rankWeek, scoreSeason, scoreWeek, ScoredGame, ScoredPick, SeasonWeekRecord, tiebreakerScore, WeekRecord } from './scoring-oracle';

/** A game of a drawn league. `landing` is set for decided games; undecided ones get theirs from the outcome. */
export interface BruteGame {
  id: number;
  state: 'decided' | 'forfeit' | 'cancelled' | 'undecided' | 'open';
  is_tiebreaker: boolean;
  /** Line in points for the favourite, or null. */
  line: { team: 'home' | 'away'; value: number } | null;
  /** Decided games: the final score (a forfeit has none); `awardAway` settles a level scoreboard in winner mode. */
  home: number;
  away: number;
  awardAway: boolean;
}

export const homeTeam = (game: { id: number }): number => game.id * 10;
export const awayTeam = (game: { id: number }): number => game.id * 10 + 1;

const handicap = (game: BruteGame): number => (game.line === null ? 0 : game.line.team === 'home' ? game.line.value : -game.line.value);

/** The oracle's game, decided at a landing (and, for the tiebreaker, at a final score). */
export function scoredGame(rules: SeasonRules, game: BruteGame, landing: Landing | null, score: [number, number] | null): ScoredGame {
  const base = {
    id: game.id,
    home_team_id: homeTeam(game),
    away_team_id: awayTeam(game),
    is_tiebreaker: game.is_tiebreaker,
    betting_line: game.line?.value ?? null,
    betting_line_team: game.line?.team ?? null,
  };
  if (game.state === 'cancelled') return { ...base, status: 'cancelled', winner_team_id: null, home_score: null, away_score: null };
  if (game.state === 'forfeit') {
    return { ...base, status: 'completed', winner_team_id: game.awardAway ? awayTeam(game) : homeTeam(game), home_score: null, away_score: null };
  }
  let home: number;
  let away: number;
  if (game.state === 'decided') [home, away] = [game.home, game.away];
  else if (score) [home, away] = score;
  else {
    // Any score giving the landing: against the spread, one point past the line (or on it).
    const h = rules.pick_mode === 'spread' ? handicap(game) : 0;
    const margin = landing === 'home' ? Math.floor(h) + 1 : landing === 'away' ? Math.ceil(h) - 1 : h;
    [home, away] = [50 + margin, 50];
  }
  const winner = home > away ? homeTeam(game) : away > home ? awayTeam(game) : game.awardAway || landing === 'away' ? awayTeam(game) : homeTeam(game);
  return { ...base, status: 'completed', winner_team_id: winner, home_score: home, away_score: away };
}

/** How a decided game landed for the pool. */
export function landingOf(rules: SeasonRules, game: BruteGame): Landing | null {
  if (game.state === 'cancelled' || game.state === 'undecided' || game.state === 'open') return null;
  const scored = scoredGame(rules, game, null, null);
  if (rules.pick_mode === 'spread') return coverOf(scored);
  return scored.winner_team_id === homeTeam(game) ? 'home' : 'away';
}

/** The landings an undecided game may still take. */
export const landingsOf = (rules: SeasonRules, game: BruteGame): Landing[] =>
  rules.pick_mode === 'spread' && Number.isInteger(handicap(game)) ? ['home', 'away', 'push'] : ['home', 'away'];

/** Whether a final score of the tiebreaker game gives the landing. */
export function scoreFits(rules: SeasonRules, game: BruteGame, landing: Landing, [home, away]: [number, number]): boolean {
  const margin = home - away - (rules.pick_mode === 'spread' ? handicap(game) : 0);
  return landing === 'home' ? margin > 0 : landing === 'away' ? margin < 0 : rules.pick_mode === 'spread' && margin === 0;
}

/** Every combination of the landings of `games`. */
export function outcomes(rules: SeasonRules, games: BruteGame[]): Map<number, Landing>[] {
  let all: Map<number, Landing>[] = [new Map()];
  for (const game of games) all = all.flatMap((outcome) => landingsOf(rules, game).map((landing) => new Map(outcome).set(game.id, landing)));
  return all;
}

/** The oracle's games for one outcome (and tiebreaker score). */
export const gamesAt = (rules: SeasonRules, games: BruteGame[], outcome: Map<number, Landing>, score: [number, number] | null): ScoredGame[] =>
  games.map((game) => scoredGame(rules, game, outcome.get(game.id) ?? null, game.is_tiebreaker ? score : null));

/** The final scores 0..limit each side that give the tiebreaker game its landing. */
export function scoresFor(rules: SeasonRules, game: BruteGame, landing: Landing, limit: number): [number, number][] {
  const cells: [number, number][] = [];
  for (let home = 0; home <= limit; home += 1) for (let away = 0; away <= limit; away += 1) if (scoreFits(rules, game, landing, [home, away])) cells.push([home, away]);
  return cells;
}

/**
 * For every outcome of the undecided games and every final score of an undecided tiebreaker game within 0..limit,
 * the members ranked first: by the week (rankWeek) or, given the stored weeks, by the season (rankSeason).
 * `scorer` turns the week's records into winners. Calls `visit` with each scenario's winners.
 */
export function everyScenario(
  rules: SeasonRules,
  games: BruteGame[],
  picks: ScoredPick[],
  limit: number,
  winners: (records: WeekRecord[]) => Set<number>,
  visit: (winners: Set<number>, outcome: Map<number, Landing>, records: WeekRecord[]) => void,
): number {
  const undecided = games.filter((game) => game.state === 'undecided' || game.state === 'open');
  const tiebreaker = undecided.find((game) => game.is_tiebreaker) ?? null;
  let count = 0;
  for (const outcome of outcomes(rules, undecided)) {
    const scores = tiebreaker ? scoresFor(rules, tiebreaker, outcome.get(tiebreaker.id)!, limit) : [null];
    for (const score of scores) {
      const records = scoreWeek(gamesAt(rules, games, outcome, score), picks, rules);
      visit(winners(records), outcome, records);
      count += 1;
    }
  }
  return count;
}

/** The week's winners: rank 1 of rankWeek. */
export const weekWinners = (rules: SeasonRules) => (records: WeekRecord[]): Set<number> =>
  new Set(rankWeek(records, rules).filter((record) => record.rank === 1).map((record) => record.user_id));

/** The season's winners with the live week's records added to the stored ones (rank 1 of rankSeason). */
export const seasonWinners =
  (rules: SeasonRules, stored: SeasonWeekRecord[], storedWeekIds: number[], liveWeekId: number) =>
  (records: WeekRecord[]): Set<number> => {
    const live = records.map((record) => ({ ...record, week_id: liveWeekId }));
    const ids = live.length ? [...storedWeekIds, liveWeekId] : storedWeekIds;
    const season = scoreSeason([...stored, ...live], rules, ids);
    return new Set(rankSeason(season, rules).filter((record) => record.rank === 1).map((record) => record.user_id));
  };

/** A tiebreaker distance helper re-exported for the test's fast grid: the oracle's own. */
export { tiebreakerScore };
