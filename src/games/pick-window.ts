import type { GameStatus } from './entities/game.entity';
import type { WeekStatus } from '../seasons/weeks/week-status';

/** docs/product.md#constants: picks lock 1 hour before kickoff. */
export const PICK_DEADLINE_BEFORE_KICKOFF_MS = 60 * 60 * 1000;
/** A game is "closing_soon" when less than 24 hours remain before its pick deadline. */
export const CLOSING_SOON_MS = 24 * 60 * 60 * 1000;

/** A game's pick deadline by its kickoff: an hour before. */
export const pickDeadline = (game: { game_date: Date }): Date => new Date(game.game_date.getTime() - PICK_DEADLINE_BEFORE_KICKOFF_MS);

export type DeadlineStatus = 'open' | 'closing_soon' | 'closed';

/** Why a pick cannot be made or changed now: the spec's texts (docs/product.md#validation), first error of a refused pick. */
export const PICK_REFUSALS = {
  weekPast: 'Week completed - no changes allowed',
  deadlinePassed: 'Pick deadline has passed - no changes allowed',
  disabled: 'Picks are currently disabled',
} as const;

export interface PickWindow {
  pick_deadline: Date;
  deadline_status: DeadlineStatus;
  minutes_until_deadline: number;
  picks_allowed: boolean;
  /** Null while picks are allowed; otherwise the spec's text that says why not. */
  refusal: string | null;
}

/** What decides whether a game's picks are revealed: its kickoff, its final, and the lock an admin's move of it may have left. */
export interface RevealFacts {
  game_date: Date;
  status: GameStatus;
  winner_team_id?: number | null;
  /** Set while a game whose picks were revealed stays locked after its kickoff moved later (docs/decisions.md). */
  picks_locked_at?: Date | null;
}

/**
 * The pick window of a game at `now`: the deadline fields of docs/product.md#data, computed on every read. A game
 * kept locked (picks_locked_at) or with a final is closed whatever its kickoff says: the kept game's picks were shown
 * to everyone already, and a final leaves nothing to pick (docs/results-integrity.md#a-final-closes-picks).
 */
export function pickWindow(game: RevealFacts, weekStatus: WeekStatus, now: Date): PickWindow {
  const pick_deadline = pickDeadline(game);
  const remaining = isClosedEarly(game) ? 0 : pick_deadline.getTime() - now.getTime();
  const deadline_status: DeadlineStatus = remaining <= 0 ? 'closed' : remaining < CLOSING_SOON_MS ? 'closing_soon' : 'open';
  const refusal =
    weekStatus === 'past'
      ? PICK_REFUSALS.weekPast
      : deadline_status === 'closed'
        ? PICK_REFUSALS.deadlinePassed
        : game.status === 'cancelled'
          ? PICK_REFUSALS.disabled
          : null;
  return {
    pick_deadline,
    deadline_status,
    minutes_until_deadline: Math.max(0, Math.floor(remaining / 60_000)),
    picks_allowed: refusal === null,
    refusal,
  };
}

/**
 * Whether the game has a final: completed, or a winner recorded (games stored before the outcome rules may hold a
 * winner on another status). The admin sets a status freely, even weeks before kickoff.
 */
export const hasFinal = (game: Pick<RevealFacts, 'status' | 'winner_team_id'>): boolean =>
  game.status === 'completed' || (game.winner_team_id !== null && game.winner_team_id !== undefined);

/** Whether the game is closed before its deadline: kept locked after an admin's move of it (until reopened), or final. */
const isClosedEarly = (game: RevealFacts): boolean => (game.picks_locked_at !== null && game.picks_locked_at !== undefined) || hasFinal(game);

/** Whether the game's deadline has passed by its kickoff alone. */
const isPastDeadline = (game: { game_date: Date }, now: Date): boolean => now.getTime() >= pickDeadline(game).getTime();

/**
 * Whether everyone's picks of a game may be shown: exactly while its pick window is closed (pool transparency): from
 * its deadline on, while it is kept locked, and once it has a final.
 */
export const isLocked = (game: RevealFacts, now: Date): boolean => isClosedEarly(game) || isPastDeadline(game, now);
