/** A scheduled run of a job for one week: the slot names it (24h, 2h, lock) and it is due from `dueAt` on. */
export interface DueRun {
  weekId: number;
  slot: string;
  dueAt: Date;
}

/** A week's pick deadlines: of its first and of its last game (cancelled games left out). */
export interface WeekDeadlines {
  weekId: number;
  first: Date;
  last: Date;
}

/** How long after a week locks its picks sheet may still go out (after downtime); older sheets are not sent. */
export const PICKS_SHEET_CATCH_UP_MS = 24 * 3600 * 1000;
const HOUR_MS = 3600 * 1000;

export const reminderSlot = (hours: number): string => `${hours}h`;

/** The reminder runs of a week: one per REMINDER_HOURS, `hours` before its first pick deadline. */
export const reminderRuns = (week: WeekDeadlines, hours: readonly number[]): DueRun[] =>
  hours.map((h) => ({ weekId: week.weekId, slot: reminderSlot(h), dueAt: new Date(week.first.getTime() - h * HOUR_MS) }));

/**
 * The reminder to send now for a week: of its slots that are due (their time reached, the first deadline not yet),
 * only the latest; earlier ones still due are superseded (after downtime a member gets one reminder, not two).
 */
export function dueReminder(week: WeekDeadlines, hours: readonly number[], now: Date): { run: DueRun | null; superseded: DueRun[] } {
  if (now.getTime() >= week.first.getTime()) return { run: null, superseded: [] };
  const due = reminderRuns(week, hours)
    .filter((run) => run.dueAt.getTime() <= now.getTime())
    .sort((a, b) => b.dueAt.getTime() - a.dueAt.getTime());
  return { run: due[0] ?? null, superseded: due.slice(1) };
}

export const PICKS_SHEET_SLOT = 'lock';

/** The picks sheet of a week is due once its last game has locked, for a day (PICKS_SHEET_CATCH_UP_MS). */
export function duePicksSheet(week: WeekDeadlines, now: Date): DueRun | null {
  const since = now.getTime() - week.last.getTime();
  return since >= 0 && since < PICKS_SHEET_CATCH_UP_MS ? { weekId: week.weekId, slot: PICKS_SHEET_SLOT, dueAt: week.last } : null;
}

/** First and last deadline of each week, from its games' kickoffs (the deadline is `deadlineBeforeMs` before). */
export function weekDeadlines(games: readonly { week_id: number; game_date: Date }[], deadlineBeforeMs: number): WeekDeadlines[] {
  const byWeek = new Map<number, WeekDeadlines>();
  for (const game of games) {
    const deadline = new Date(game.game_date.getTime() - deadlineBeforeMs);
    const week = byWeek.get(game.week_id);
    if (!week) byWeek.set(game.week_id, { weekId: game.week_id, first: deadline, last: deadline });
    else {
      if (deadline < week.first) week.first = deadline;
      if (deadline > week.last) week.last = deadline;
    }
  }
  return [...byWeek.values()];
}
