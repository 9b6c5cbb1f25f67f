import { calendarDate } from '../seasons/weeks/week-status';
import type { CalendarWeek, ScheduleProvider, SeasonType, WeekQuery } from './providers/provider';

/** A week of ours as a provider's calendar gives it. */
export interface CalendarEntry {
  number: number;
  start_date: string;
  end_date: string;
}

const DAY_MS = 24 * 3600 * 1000;
/** A week ending in the small hours (CFBD: 06:59 UTC, 23:59 in the Pacific) ends on the day before in any US zone. */
const END_SHIFT_MS = 12 * 3600 * 1000;
const previousDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);

/**
 * The provider's calendar as our numbered weeks (docs/imports.md): regular weeks keep their number; the postseason
 * follows the last regular week (its first week is last + 1). Dates are days in the pool's time zone. Providers mark a
 * week's end at the minute before the next one starts (CFBD: 06:59 UTC), which is the next day in the pool's zone:
 * the end counts on the day 12 hours before it, and a week ends at the latest the day before the next one starts (CFBD
 * once listed a regular week ending a year late).
 */
export function calendarEntries(calendar: CalendarWeek[], timeZone: string): CalendarEntry[] {
  const regular = calendar.filter((week) => week.season_type === 'regular');
  const lastRegular = Math.max(0, ...regular.map((week) => week.week));
  const numberOf = (week: CalendarWeek) => (week.season_type === ('postseason' satisfies SeasonType) ? lastRegular + week.week : week.week);
  const ordered = [...calendar].sort((a, b) => a.start.getTime() - b.start.getTime());
  const byNumber = new Map<number, CalendarEntry>();
  ordered.forEach((week, position) => {
    const start_date = calendarDate(week.start, timeZone);
    let end_date = calendarDate(new Date(week.end.getTime() - END_SHIFT_MS), timeZone);
    const next = ordered[position + 1];
    if (next) {
      const nextStart = calendarDate(next.start, timeZone);
      if (end_date >= nextStart) end_date = previousDay(nextStart);
    }
    if (end_date < start_date) end_date = start_date;
    const number = numberOf(week);
    if (!byNumber.has(number)) byNumber.set(number, { number, start_date, end_date });
  });
  return [...byNumber.values()].sort((a, b) => a.number - b.number);
}

/**
 * Which of the provider's weeks one of ours is: a number up to the calendar's last regular week is that regular week;
 * a higher one is the postseason (its week `number − last regular`, at least 1).
 */
export function providerWeekOf(number: number, lastRegularWeek: number): { week: number; season_type: SeasonType } {
  return number <= lastRegularWeek ? { week: number, season_type: 'regular' } : { week: Math.max(1, number - lastRegularWeek), season_type: 'postseason' };
}

/** The last regular week of a provider's calendar (null when it lists none). */
export function lastRegularWeek(calendar: CalendarWeek[]): number | null {
  const weeks = calendar.filter((week) => week.season_type === 'regular').map((week) => week.week);
  return weeks.length > 0 ? Math.max(...weeks) : null;
}

/** A provider without a calendar (the scoreboard) is taken to have this many regular weeks; later ones are its postseason. */
export const REGULAR_WEEKS_WITHOUT_CALENDAR = 16;

/**
 * The provider's week for one of ours (number in the season of `year`): the import and the score sync ask the same
 * week. A provider with a calendar (CFBD) is asked for it first, for its last regular week.
 */
export async function providerWeek(provider: ScheduleProvider, year: number, number: number): Promise<WeekQuery> {
  const last = provider.calendar ? (lastRegularWeek(await provider.calendar(year)) ?? REGULAR_WEEKS_WITHOUT_CALENDAR) : REGULAR_WEEKS_WITHOUT_CALENDAR;
  return { year, ...providerWeekOf(number, last) };
}
