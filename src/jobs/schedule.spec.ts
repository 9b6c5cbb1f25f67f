import { duePicksSheet, dueReminder, reminderRuns, weekDeadlines, WeekDeadlines } from './schedule';

const HOUR = 3600 * 1000;
const T = new Date('2030-09-06T23:00:00Z');
const at = (hoursFromFirstDeadline: number) => new Date(T.getTime() + hoursFromFirstDeadline * HOUR);
const week: WeekDeadlines = { weekId: 7, first: T, last: at(48) };

describe('job schedule', () => {
  it('puts one reminder run per REMINDER_HOURS before the first pick deadline', () => {
    expect(reminderRuns(week, [24, 2])).toEqual([
      { weekId: 7, slot: '24h', dueAt: at(-24) },
      { weekId: 7, slot: '2h', dueAt: at(-2) },
    ]);
  });

  it.each([
    [-30, null, []],
    [-24, '24h', []],
    [-3, '24h', []],
    [-2, '2h', ['24h']],
    [-0.01, '2h', ['24h']],
    [0, null, []],
    [5, null, []],
  ])('at %d h from the first deadline the due reminder is %s (superseded %j)', (hours, slot, superseded) => {
    const { run, superseded: skipped } = dueReminder(week, [24, 2], at(hours));
    expect(run?.slot ?? null).toBe(slot);
    expect(skipped.map((r) => r.slot)).toEqual(superseded);
  });

  it.each([
    [47.9, false],
    [48, true],
    [71.9, true],
    [72, false],
  ])('the picks sheet at %d h is due: %s', (hours, due) => {
    expect(duePicksSheet(week, at(hours)) !== null).toBe(due);
  });

  it("finds each week's first and last deadline", () => {
    const games = [
      { week_id: 1, game_date: new Date('2030-09-06T20:00:00Z') },
      { week_id: 1, game_date: new Date('2030-09-05T20:00:00Z') },
      { week_id: 2, game_date: new Date('2030-09-13T20:00:00Z') },
    ];
    expect(weekDeadlines(games, HOUR)).toEqual([
      { weekId: 1, first: new Date('2030-09-05T19:00:00Z'), last: new Date('2030-09-06T19:00:00Z') },
      { weekId: 2, first: new Date('2030-09-13T19:00:00Z'), last: new Date('2030-09-13T19:00:00Z') },
    ]);
  });
});
