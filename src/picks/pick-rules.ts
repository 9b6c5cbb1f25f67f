import type { Game } from '../games/entities/game.entity';
import type { Team } from '../teams/entities/team.entity';

/** docs/product.md#validation, #constants: tiebreaker scores are whole numbers from 0 to 199. */
export const TIEBREAKER_SCORE_MIN = 0;
export const TIEBREAKER_SCORE_MAX = 199;
/** The longest reason an admin may give for an override (the audit column's width). */
export const PICK_REASON_MAX_LENGTH = 500;

export const PICK_MESSAGES = {
  adminsDoNotPick: 'Admins do not make picks; choose a member',
  bothScoresRequired: 'Both scores required for tiebreaker',
  scoresOnlyOnTiebreaker: 'Tiebreaker scores are only accepted on the tiebreaker game',
  weekMismatch: "week_id does not match the game's week",
  gameMismatch: "game_id does not match this pick's game",
  userMismatch: "user_id does not match this pick's member",
  notFound: 'Pick not found',
} as const;

/** The part of a pick an admin can change and the audit trail records. */
export interface PickValue {
  selected_winner: string;
  is_correct: boolean | null;
  tiebreaker_home_score: number | null;
  tiebreaker_away_score: number | null;
}

export type PickAuditAction = 'create' | 'update' | 'delete';

type GameWithTeams = Pick<Game, 'is_tiebreaker' | 'winner_team_id'> & { home_team?: Team; away_team?: Team };

/** The game's team a `selected_winner` names (its name, ignoring case and surrounding spaces), or null. */
export function teamNamed(game: GameWithTeams, name: string): Team | null {
  const wanted = name.trim().toLowerCase();
  return [game.home_team, game.away_team].find((team) => team?.name.trim().toLowerCase() === wanted) ?? null;
}

export function selectedWinnerMessage(game: GameWithTeams): string {
  return `selected_winner must be ${game.away_team?.name} or ${game.home_team?.name}`;
}

export const given = (score: number | null | undefined): score is number => score !== undefined && score !== null;

/**
 * What is wrong with the tiebreaker scores of a request, or null. Both or neither (null clears them), and only
 * on the game marked as the tiebreaker.
 */
export function tiebreakerError(game: Pick<Game, 'is_tiebreaker'>, home: number | null | undefined, away: number | null | undefined): string | null {
  if (given(home) !== given(away)) return PICK_MESSAGES.bothScoresRequired;
  if (given(home) && !game.is_tiebreaker) return PICK_MESSAGES.scoresOnlyOnTiebreaker;
  return null;
}

/**
 * The scores a pick keeps after a request: left out, they stay as they were; sent, they replace them (both null
 * clears them). Call after tiebreakerError said the pair is whole.
 */
export function nextScores(
  current: { tiebreaker_home_score: number | null; tiebreaker_away_score: number | null } | null,
  home: number | null | undefined,
  away: number | null | undefined,
): { tiebreaker_home_score: number | null; tiebreaker_away_score: number | null } {
  if (home === undefined && away === undefined) {
    return { tiebreaker_home_score: current?.tiebreaker_home_score ?? null, tiebreaker_away_score: current?.tiebreaker_away_score ?? null };
  }
  return { tiebreaker_home_score: home ?? null, tiebreaker_away_score: away ?? null };
}

/**
 * A pick's correctness after its team changed: known once the game has a winner, unknown before. An admin's
 * explicit is_correct wins over this.
 */
export function correctnessFor(game: Pick<Game, 'winner_team_id'>, selectedTeamId: number): boolean | null {
  return game.winner_team_id == null ? null : game.winner_team_id === selectedTeamId;
}

export function sameValue(a: PickValue | null, b: PickValue | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
