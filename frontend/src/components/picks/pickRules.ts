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

/** The deadline status now: the server's, or closed as soon as the member's clock passes the pick deadline. */
export function deadlineStatusAt(game: Pick<Game, 'deadline_status' | 'pick_deadline'>, now: number): Game['deadline_status'] {
  return now >= Date.parse(game.pick_deadline) ? 'closed' : game.deadline_status;
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
  /** none: the week has no tiebreaker game. */
  tiebreaker: 'done' | 'missing' | 'none';
  /** The earliest deadline still ahead, of a game the member can still pick. */
  nextDeadline: Game | null;
}

export function pickSummary(games: Game[], picks: MemberPick[], weekStatus: WeekStatus | undefined, now: number): PickSummary {
  const byGame = new Map(picks.map((pick) => [pick.game_id, pick]));
  const tiebreakerGame = games.find((game) => game.is_tiebreaker);
  const open = inKickoffOrder(games).filter((game) => pickLock(game, weekStatus, byGame.has(game.id), now) === null);
  return {
    made: games.filter((game) => byGame.has(game.id)).length,
    total: games.length,
    tiebreaker: !tiebreakerGame ? 'none' : hasBothScores(byGame.get(tiebreakerGame.id)) ? 'done' : 'missing',
    nextDeadline: open[0] ?? null,
  };
}

/** "2d 4h", "3h 05m", "12m", "under 1m": the time left before a deadline. */
export function formatCountdown(ms: number): string {
  if (ms <= 0) return 'closed';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'under 1m';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${String(rest).padStart(2, '0')}m`;
  return `${rest}m`;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Kickoff and deadlines in the member's own time zone: "Sat, Sep 6, 3:30 PM". Written out by hand because the
 * first Intl date formatter of a page costs a phone tens of milliseconds, and the app speaks English anyway.
 */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return `${DAYS[date.getDay()]}, ${MONTHS[date.getMonth()]} ${date.getDate()}, ${formatTime(iso)}`;
}

/** "3:00 PM": the time alone (a deadline on the kickoff's own day). */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  const hours = date.getHours();
  return `${hours % 12 || 12}:${String(date.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "Sat 3:30 PM": the kickoff on a phone's game card. */
export const formatWeekdayTime = (iso: string): string => `${DAYS[new Date(iso).getDay()]} ${formatTime(iso)}`;

/** The deadline as short as it can be read beside the kickoff: the time alone when it falls on the same day. */
export const formatDeadline = (deadline: string, kickoff: string): string =>
  new Date(deadline).toDateString() === new Date(kickoff).toDateString() ? formatTime(deadline) : formatDateTime(deadline);

/** "Georgia -7.5" (the favoured side gives the points), "Pick'em" at 0, nothing without a line. */
export function lineText(game: Pick<Game, 'betting_line' | 'betting_line_team' | 'home_team' | 'away_team'>): string | null {
  if (game.betting_line === null || game.betting_line === undefined) return null;
  if (Number(game.betting_line) === 0) return "Pick'em";
  const favoured = game.betting_line_team === 'away' ? game.away_team : game.betting_line_team === 'home' ? game.home_team : null;
  return favoured ? `${favoured.name} -${Number(game.betting_line)}` : `${Number(game.betting_line)}`;
}

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' }) as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}
