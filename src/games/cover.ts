import type { SeasonRules } from '../seasons/season-rules';
import type { GameStatus, Side } from './entities/game.entity';

export type Cover = Side | 'push';

/** What decides which side covered a game's line. */
export interface CoverFacts {
  home_team_id: number;
  away_team_id: number;
  winner_team_id: number | null;
  home_score: number | null;
  away_score: number | null;
  betting_line: number | null;
  betting_line_team: Side | null;
}

/**
 * The side that covered the line (docs/pool-formats.md#games): the favourite (betting_line_team) covers when its
 * margin is above the line, exactly on it is a push. Without a line the winner covers; without both scores (a
 * forfeit) the winner covers too. Null while the game is undecided.
 */
export function coverOf(game: CoverFacts): Cover | null {
  if (game.home_score === null || game.away_score === null) return winnerSide(game);
  const margin = game.home_score - game.away_score - handicapOf(game);
  return margin > 0 ? 'home' : margin < 0 ? 'away' : 'push';
}

/** The points the favourite gives, from the home side's view: the line for a home favourite, minus it for an away one. */
export function handicapOf(game: { betting_line?: number | null; betting_line_team?: Side | null }): number {
  const line = game.betting_line ?? 0;
  return game.betting_line_team === 'home' ? line : game.betting_line_team === 'away' ? -line : 0;
}

/** The side of the game's winner; null while it has none. */
export function winnerSide(game: Pick<CoverFacts, 'home_team_id' | 'away_team_id' | 'winner_team_id'>): Side | null {
  return game.winner_team_id === game.home_team_id ? 'home' : game.winner_team_id === game.away_team_id ? 'away' : null;
}

/**
 * How a game landed for the pool under the season's rules: against the spread its cover (a push included), else its
 * winner's side; null while undecided or when cancelled.
 */
export function landingOf(game: CoverFacts & { status: GameStatus }, rules: SeasonRules): Cover | null {
  if (game.status === 'cancelled') return null;
  return rules.pick_mode === 'spread' ? coverOf(game) : winnerSide(game);
}
