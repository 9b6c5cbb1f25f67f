import type { Week } from './entities/week.entity';

export const WEEK_STATUSES = ['past', 'current', 'upcoming'] as const;
/** The columns a week's status is computed from (with football_season_id, to find its season's marked week). */
export const WEEK_STATUS_FIELDS = ['number', 'football_season_id', 'start_date', 'end_date', 'is_current'] as const;
export type WeekStatus = (typeof WEEK_STATUSES)[number];

/**
 * A calendar date (YYYY-MM-DD) of an instant in the pool's time zone. Every games and picks read asks for today's:
 * formatting costs microseconds, so each zone keeps its last answer for the minute it holds (zone offsets are whole
 * minutes, so a date never changes within one).
 */
export function calendarDate(instant: Date, timeZone: string): string {
  const minute = Math.floor(instant.getTime() / 60_000);
  let zone = DATE_FORMATS.get(timeZone);
  if (!zone) {
    // en-CA formats dates as YYYY-MM-DD. Building a formatter costs far more than using one: keep one per zone.
    zone = { format: new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }), minute: NaN, date: '' };
    DATE_FORMATS.set(timeZone, zone);
  }
  if (zone.minute !== minute) {
    zone.date = zone.format.format(instant);
    zone.minute = minute;
  }
  return zone.date;
}

const DATE_FORMATS = new Map<string, { format: Intl.DateTimeFormat; minute: number; date: string }>();

/**
 * A week's status. An admin's mark (is_current) makes that week the current one; the season's other weeks are
 * then past or upcoming by their number relative to it. Without a mark it follows the dates: past once it ended
 * before today, upcoming before it starts, current in between. "Today" is in the pool's time zone.
 */
export function weekStatus(week: Pick<Week, 'number' | 'start_date' | 'end_date' | 'is_current'>, today: string, markedNumber?: number | null): WeekStatus {
  if (week.is_current) return 'current';
  if (markedNumber != null) return week.number < markedNumber ? 'past' : 'upcoming';
  if (week.end_date < today) return 'past';
  if (week.start_date > today) return 'upcoming';
  return 'current';
}

type CalendarWeek = Pick<Week, 'number' | 'start_date' | 'end_date' | 'is_current'>;

/**
 * A season's current week, the one screens open on: the week an admin marked, else the week whose dates hold
 * today, else the next to start, else the last one (the season is over). Null when the season has no weeks.
 */
export function currentWeekOf<W extends CalendarWeek>(weeks: readonly W[], today: string): W | null {
  const byNumber = [...weeks].sort((a, b) => a.number - b.number);
  const upcoming = byNumber.filter((week) => week.start_date > today).sort((a, b) => a.start_date.localeCompare(b.start_date));
  return (
    byNumber.find((week) => week.is_current) ??
    byNumber.find((week) => week.start_date <= today && today <= week.end_date) ??
    upcoming[0] ??
    byNumber.at(-1) ??
    null
  );
}
