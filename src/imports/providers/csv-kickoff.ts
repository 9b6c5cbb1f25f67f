import { DateTime } from 'luxon';

/** The forms a CSV file's game_date may take, as the error and the Import page name them (docs/imports.md#csv). */
export const KICKOFF_FORMS = ['12/31/2026 7:30 PM', '12/31/2026 19:30', '2026-12-31 19:30', '12/31/2026 (time TBD)', '2026-12-31T19:30:00Z'];

export type Kickoff = { kickoff: Date; timeTbd: boolean } | { error: string };

/** An ISO 8601 instant with its zone (Z or an offset): read as it says, whatever the pool's time zone. */
const ZONED_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)$/i;
/** Month/day/year as US spreadsheets write it, then maybe a time: 7:30 PM, 7:30pm, 19:30, 19:30:00. */
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([ap])\.?m\.?)?)?$/i;
/** Year-month-day, then maybe a time after a space or a T (no zone: the pool's). */
const ISO_LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

const MAX_OFFSET_MINUTES = 14 * 60;

const formsText = () => `${KICKOFF_FORMS.slice(0, -1).join(', ')} or ${KICKOFF_FORMS.at(-1)}`;

/**
 * A CSV cell's kickoff. An ISO 8601 instant with a zone is read as written; the spreadsheet forms (month/day/year
 * with a 12- or 24-hour time, year-month-day with a time) are wall-clock times in `timeZone` (the pool's
 * TZ_DISPLAY), daylight saving included. A date alone is a game whose time is not set yet (TBD): its kickoff is the
 * start of that day, so its picks lock early rather than late. A time the clocks skip that day is refused; one they
 * repeat is the later (standard time) one, as the zone library reads it.
 */
export function parseKickoff(text: string, timeZone: string): Kickoff {
  const value = text.trim();
  const refused = { error: `game_date must be a date and time such as ${formsText()} (times without a zone are in ${timeZone})` };
  if (ZONED_ISO.test(value)) {
    const instant = DateTime.fromISO(value, { setZone: true });
    // Offsets on Earth run from -12:00 to +14:00.
    return instant.isValid && Math.abs(instant.offset) <= MAX_OFFSET_MINUTES ? { kickoff: instant.toJSDate(), timeTbd: false } : { error: 'game_date is not a real date and time' };
  }
  const us = US_DATE.exec(value);
  const iso = us ? null : ISO_LOCAL.exec(value);
  if (!us && !iso) return refused;
  const [year, month, day] = us ? [us[3], us[1], us[2]].map(Number) : [iso![1], iso![2], iso![3]].map(Number);
  const [hourText, minuteText, secondText] = us ? [us[4], us[5], us[6]] : [iso![4], iso![5], iso![6]];
  const meridiem = us?.[7]?.toLowerCase() ?? null;
  const timeTbd = hourText === undefined;
  let hour = timeTbd ? 0 : Number(hourText);
  if (meridiem) {
    if (hour < 1 || hour > 12) return { error: `game_date has ${hourText} ${meridiem.toUpperCase()}M: with AM or PM the hour is 1 to 12` };
    hour = (hour % 12) + (meridiem === 'p' ? 12 : 0);
  }
  const wall = { year, month, day, hour, minute: Number(minuteText ?? 0), second: Number(secondText ?? 0) };
  const local = DateTime.fromObject(wall, { zone: timeZone });
  if (!local.isValid) return { error: 'game_date is not a real date and time' };
  // A time the clocks skip (2:30 AM on the spring change) comes back moved by an hour: it never happens there.
  if (local.hour !== wall.hour || local.minute !== wall.minute) return { error: `game_date ${value} does not exist in ${timeZone}: the clocks change at that hour` };
  return { kickoff: local.toJSDate(), timeTbd };
}
