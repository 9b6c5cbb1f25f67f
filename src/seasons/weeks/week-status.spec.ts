import { calendarDate, currentWeekOf, weekStatus } from './week-status';

const week = (number: number, start_date: string, end_date: string, is_current = false) => ({ number, start_date, end_date, is_current });

describe('calendarDate', () => {
  it.each([
    // 03:30 UTC is still the evening before on the US east coast, already the same day in London.
    ['2025-09-07T03:30:00Z', 'America/New_York', '2025-09-06'],
    ['2025-09-07T03:30:00Z', 'Europe/London', '2025-09-07'],
    ['2025-09-07T03:30:00Z', 'UTC', '2025-09-07'],
    ['2025-12-31T23:59:59Z', 'Asia/Tokyo', '2026-01-01'],
    ['2025-01-05T12:00:00Z', 'America/Los_Angeles', '2025-01-05'],
  ])('%s in %s is %s', (instant, zone, date) => {
    expect(calendarDate(new Date(instant), zone)).toBe(date);
  });
});

describe('weekStatus', () => {
  const today = '2025-09-10';

  it.each([
    ['ended before today', 'past', week(1, '2025-09-01', '2025-09-09')],
    ['ends today', 'current', week(2, '2025-09-04', '2025-09-10')],
    ['holds today', 'current', week(2, '2025-09-07', '2025-09-13')],
    ['starts today', 'current', week(3, '2025-09-10', '2025-09-16')],
    ['starts after today', 'upcoming', week(3, '2025-09-11', '2025-09-17')],
  ] as const)('without a mark, a week that %s is %s', (_case, status, subject) => {
    expect(weekStatus(subject, today)).toBe(status);
  });

  it('a marked week is current whatever its dates', () => {
    expect(weekStatus(week(1, '2025-08-01', '2025-08-07', true), today, 1)).toBe('current');
    expect(weekStatus(week(9, '2025-11-01', '2025-11-07', true), today, 9)).toBe('current');
  });

  it("another week's mark orders the season by number, not by dates", () => {
    // Week 5 is marked: week 4 is past and week 6 upcoming even though the dates say otherwise.
    expect(weekStatus(week(4, '2025-09-20', '2025-09-27'), today, 5)).toBe('past');
    expect(weekStatus(week(6, '2025-09-01', '2025-09-07'), today, 5)).toBe('upcoming');
    expect(weekStatus(week(2, '2025-09-07', '2025-09-13'), today, 1)).toBe('upcoming');
  });

  it('a null mark is no mark', () => {
    expect(weekStatus(week(1, '2025-09-01', '2025-09-09'), today, null)).toBe('past');
  });
});

describe('currentWeekOf', () => {
  const today = '2025-09-10';
  const season = [week(1, '2025-08-24', '2025-08-30'), week(2, '2025-08-31', '2025-09-06'), week(3, '2025-09-07', '2025-09-13'), week(4, '2025-09-14', '2025-09-20')];

  it('is the marked week first', () => {
    const marked = season.map((w) => ({ ...w, is_current: w.number === 1 }));
    expect(currentWeekOf(marked, today)?.number).toBe(1);
  });

  it('else the week whose dates hold today', () => {
    expect(currentWeekOf(season, today)?.number).toBe(3);
    expect(currentWeekOf(season, '2025-09-13')?.number).toBe(3);
    expect(currentWeekOf(season, '2025-09-14')?.number).toBe(4);
  });

  it('else the next week to start (by date, whatever the list order)', () => {
    const gapped = [week(5, '2025-10-05', '2025-10-11'), week(2, '2025-09-14', '2025-09-20'), week(1, '2025-09-01', '2025-09-06')];
    expect(currentWeekOf(gapped, '2025-09-10')?.number).toBe(2);
    expect(currentWeekOf(gapped, '2025-08-01')?.number).toBe(1);
  });

  it('else the last week of a season that is over', () => {
    expect(currentWeekOf([...season].reverse(), '2026-01-15')?.number).toBe(4);
  });

  it('is null for a season without weeks', () => {
    expect(currentWeekOf([], today)).toBeNull();
  });
});
