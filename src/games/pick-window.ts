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

/** What decides whether a game's picks are revealed: its kickoff, and the lock an admin's move of it may have left. */
export interface RevealFacts {
  game_date: Date;
  /** Set while a game whose picks were revealed stays locked after its kickoff moved later (docs/decisions.md). */
  picks_locked_at?: Date | null;
}

/**
 * The pick window of a game at `now`: the deadline fields of docs/product.md#data, computed on every read. A game
 * kept locked (picks_locked_at) is closed whatever its kickoff says: its picks were shown to everyone already.
 */
export function pickWindow(game: RevealFacts & { status: GameStatus }, weekStatus: WeekStatus, now: Date): PickWindow {
  const pick_deadline = pickDeadline(game);
  const remaining = isKeptLocked(game) ? 0 : pick_deadline.getTime() - now.getTime();
  const deadline_status: DeadlineStatus = remaining <= 0 ? 'closed' : remaining < CLOSING_SOON_MS ? 'closing_soon' : 'open';
  const refusal =
    weekStatus === 'past'
      ? PICK_REFUSALS.weekPast
      : deadline_status === 'closed'
        ? PICK_REFUSALS.deadlinePassed
        : game.status === 'completed' || game.status === 'cancelled'
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

/** Whether an admin's move of the kickoff left the game locked (until an admin reopens it). */
const isKeptLocked = (game: RevealFacts): boolean => game.picks_locked_at !== null && game.picks_locked_at !== undefined;

/** Whether the game's deadline has passed by its kickoff alone. */
export const isPastDeadline = (game: { game_date: Date }, now: Date): boolean => now.getTime() >= pickDeadline(game).getTime();

/** Whether everyone's picks of a game may be shown: from its deadline on (pool transparency), and while it is kept locked. */
export const isLocked = (game: RevealFacts, now: Date): boolean => isKeptLocked(game) || isPastDeadline(game, now);
