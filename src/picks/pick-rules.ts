import type { Game } from '../games/entities/game.entity';
import type { SeasonRules } from '../seasons/season-rules';
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
  noPickem: "This season has no pick'em contest",
  // docs/pool-formats.md#picks
  noConfidence: 'Confidence points are not used this season',
  noLock: 'There is no lock of the week this season',
  confidenceRange: (games: number) => `confidence must be between 1 and ${games}`,
  partnerStarted: (points: number, matchup: string) => `${points} ${points === 1 ? 'point is' : 'points are'} on ${matchup}, which has started`,
  lockStarted: (matchup: string) => `Your lock of the week is on ${matchup}, which has started`,
} as const;

/** The part of a pick an admin can change and the audit trail records. */
export interface PickValue {
  selected_winner: string;
  is_correct: boolean | null;
  tiebreaker_home_score: number | null;
  tiebreaker_away_score: number | null;
  confidence: number | null;
  is_lock: boolean;
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

/** What a request says about a pick's confidence points and lock: undefined when left out. */
export interface PlacementRequest {
  confidence?: number | null;
  is_lock?: boolean | null;
}

/**
 * What is wrong with a request's confidence and lock in this season, or null (docs/pool-formats.md#picks).
 * `gamesInWeek` is N, the highest number a pick may carry.
 */
export function placementError(rules: Pick<SeasonRules, 'confidence_points' | 'lock_of_week'>, request: PlacementRequest, gamesInWeek: number): string | null {
  if (given(request.confidence)) {
    if (!rules.confidence_points) return PICK_MESSAGES.noConfidence;
    if (request.confidence < 1 || request.confidence > gamesInWeek) return PICK_MESSAGES.confidenceRange(gamesInWeek);
  }
  if (request.is_lock === true && !rules.lock_of_week) return PICK_MESSAGES.noLock;
  return null;
}

/** A pick's place in its member's week: its confidence points and whether it is the lock. */
export interface Placed {
  id: number;
  confidence: number | null;
  is_lock: boolean;
}

/** The placement of a pick after a request, and the member's other picks of the week that move with it. */
export interface Placement {
  confidence: number | null;
  is_lock: boolean;
  /** The swap partner's new number, or the former lock given up; only what changes. */
  moves: { id: number; confidence?: number | null; is_lock?: false }[];
}

/** The lowest of 1..gamesInWeek that no pick holds; null when all are held (only after a game moved weeks). */
export function lowestFree(held: Iterable<number | null>, gamesInWeek: number): number | null {
  const taken = new Set(held);
  for (let points = 1; points <= gamesInWeek; points++) if (!taken.has(points)) return points;
  return null;
}

/**
 * Where a pick lands (docs/pool-formats.md#picks), after placementError accepted the request. In a confidence
 * season a pick always carries points: one saved without a number keeps its own, a new one takes the lowest free
 * number; a number another pick of the week holds is swapped (that pick takes this one's old number, or the lowest
 * free number when this one had none). A lock takes the lock from the member's other pick of the week.
 */
export function placePick(
  rules: Pick<SeasonRules, 'confidence_points' | 'lock_of_week'>,
  current: Omit<Placed, 'id'> | null,
  others: Placed[],
  request: PlacementRequest,
  gamesInWeek: number,
): Placement {
  const moves: Placement['moves'] = [];
  let confidence: number | null;
  if (rules.confidence_points) {
    const held = others.map((other) => other.confidence);
    confidence = request.confidence ?? current?.confidence ?? lowestFree(held, gamesInWeek);
    const holder = others.find((other) => confidence !== null && other.confidence === confidence);
    if (holder) moves.push({ id: holder.id, confidence: current?.confidence ?? lowestFree(held, gamesInWeek) });
  } else {
    confidence = request.confidence === undefined ? (current?.confidence ?? null) : null;
  }
  const is_lock = request.is_lock ?? current?.is_lock ?? false;
  if (is_lock) for (const other of others) if (other.is_lock) moves.push({ id: other.id, is_lock: false });
  return { confidence, is_lock, moves };
}
