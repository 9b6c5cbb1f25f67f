import type { Game } from './api/types';

/**
 * How the web app writes times, deadlines, countdowns, betting lines and places: one home for the member pages and
 * the admin console.
 */

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

/** "3:00 PM", or with seconds "3:04:05 PM". */
function clock(date: Date, seconds: boolean): string {
  const hours = date.getHours();
  const two = (value: number) => String(value).padStart(2, '0');
  return `${hours % 12 || 12}:${two(date.getMinutes())}${seconds ? `:${two(date.getSeconds())}` : ''} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "3:00 PM": the time alone (a deadline on the kickoff's own day). */
export const formatTime = (iso: string): string => clock(new Date(iso), false);

/** "3:04:05 PM": when the live board was last confirmed by the server. */
export const formatClock = (ms: number): string => clock(new Date(ms), true);

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

/** A calendar date (YYYY-MM-DD) as the browser's locale writes it, without a time zone shift. */
export const dateText = (value: string | null | undefined) =>
  value ? new Date(`${value.slice(0, 10)}T00:00:00Z`).toLocaleDateString(undefined, { timeZone: 'UTC', dateStyle: 'medium' }) : '';

/** An instant in the browser's time zone. */
export const dateTimeText = (value: string | null | undefined) =>
  value ? new Date(value).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '';
