import type { Game, Pick as MemberPick, WeekStatus } from '../../api/types';
import { TIEBREAKER_MAX, TIEBREAKER_MIN } from '../../constants';

/** The texts of docs/product.md#screens, #states, #validation, #errors around picks, verbatim. */
export const PICK_TEXTS = {
  pickMade: 'Pick Made',
  noPick: 'No Pick',
  bothScoresRequired: 'Both scores required for tiebreaker',
  enterBothScores: 'Please enter both scores for the tiebreaker',
  noGames: 'No games found for this week.',
  saveFailedPrefix: 'Pick submission failed: ',
  saveFailedFallback: 'Failed to save pick',
  disabled: 'Picks are currently disabled',
  weekCompleted: (hasPick: boolean) => `Week completed - ${hasPick ? 'no changes allowed' : 'no picks allowed'}`,
  deadlinePassed: (hasPick: boolean) => `Pick deadline has passed - ${hasPick ? 'no changes allowed' : 'no picks allowed'}`,
  saved: (game: Pick<Game, 'home_team' | 'away_team'>, team: string) => `Pick saved for ${game.away_team.name} @ ${game.home_team.name}: ${team}`,
} as const;

/**
 * The deadline status now: the server's, or closed as soon as the member's clock passes the pick deadline or the game
 * has a final (the server closes it then too, docs/results-integrity.md), so a card never shows a countdown beside a
 * result that arrived before its game's answer did.
 */
export function deadlineStatusAt(game: Pick<Game, 'deadline_status' | 'pick_deadline' | 'status' | 'winner_team_id'>, now: number): Game['deadline_status'] {
  const final = game.status === 'completed' || (game.winner_team_id !== null && game.winner_team_id !== undefined);
  return final || now >= Date.parse(game.pick_deadline) ? 'closed' : game.deadline_status;
}

/**
 * Why the member cannot pick this game now (docs/product.md#validation), or null when they can: a past week, a closed deadline, or
 * the server's refusal for any other reason (a completed or cancelled game).
 */
export function pickLock(game: Game, weekStatus: WeekStatus | undefined, hasPick: boolean, now: number): string | null {
  if (weekStatus === 'past') return PICK_TEXTS.weekCompleted(hasPick);
  if (deadlineStatusAt(game, now) === 'closed') return PICK_TEXTS.deadlinePassed(hasPick);
  if (!game.picks_allowed) return PICK_TEXTS.disabled;
  return null;
}

/** A tiebreaker score as typed: empty, a whole number 0–199, or not a valid score. */
export type ScoreInput = { kind: 'empty' } | { kind: 'valid'; value: number } | { kind: 'invalid' };

export function parseScore(text: string): ScoreInput {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  if (!/^\d{1,3}$/.test(trimmed)) return { kind: 'invalid' };
  const value = Number(trimmed);
  return value >= TIEBREAKER_MIN && value <= TIEBREAKER_MAX ? { kind: 'valid', value } : { kind: 'invalid' };
}

export const SCORE_RANGE_TEXT = `Whole number from ${TIEBREAKER_MIN} to ${TIEBREAKER_MAX}`;

/** Both tiebreaker scores, when both are valid. */
export function bothScores(away: string, home: string): { home: number; away: number } | null {
  const [a, h] = [parseScore(away), parseScore(home)];
  return a.kind === 'valid' && h.kind === 'valid' ? { away: a.value, home: h.value } : null;
}

export const hasBothScores = (pick: MemberPick | undefined): boolean =>
  pick?.tiebreaker_home_score !== null && pick?.tiebreaker_home_score !== undefined && pick.tiebreaker_away_score !== null && pick.tiebreaker_away_score !== undefined;

/** Games in kickoff order (then by id, so equal kickoffs keep a stable order). */
export const inKickoffOrder = (games: Game[]): Game[] =>
  [...games].sort((a, b) => Date.parse(a.game_date) - Date.parse(b.game_date) || a.id - b.id);

export interface PickSummary {
  made: number;
  total: number;
  /**
   * Games whose deadline passed without the member's pick (a late joiner's, or forgotten), in kickoff order: they are
   * losses once decided if the member picks in the week. Never a cancelled game, nor any of a finished week.
   */
  missed: Game[];
  /** none: the week has no tiebreaker game. */
  tiebreaker: 'done' | 'missing' | 'none';
  /** The earliest deadline still ahead, of a game the member can still pick. */
  nextDeadline: Game | null;
}

export function pickSummary(games: Game[], picks: MemberPick[], weekStatus: WeekStatus | undefined, now: number): PickSummary {
  const byGame = new Map(picks.map((pick) => [pick.game_id, pick]));
  const tiebreakerGame = games.find((game) => game.is_tiebreaker);
  const open = inKickoffOrder(games).filter((game) => pickLock(game, weekStatus, byGame.has(game.id), now) === null);
  const missed =
    weekStatus === 'past'
      ? []
      : inKickoffOrder(games).filter((game) => game.status !== 'cancelled' && !byGame.has(game.id) && deadlineStatusAt(game, now) === 'closed');
  return {
    made: games.filter((game) => byGame.has(game.id)).length,
    total: games.length,
    missed,
    tiebreaker: !tiebreakerGame ? 'none' : hasBothScores(byGame.get(tiebreakerGame.id)) ? 'done' : 'missing',
    nextDeadline: open[0] ?? null,
  };
}

