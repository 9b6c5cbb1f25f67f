import { cfbdCalendar } from './providers/cfbd.provider';
import { fixture } from '../../test/support/provider-server';
import { calendarEntries, lastRegularWeek, providerWeekOf } from './calendar';

describe('weeks from a provider calendar', () => {
  const calendar = cfbdCalendar(fixture('cfbd/calendar-2025.json'));

  it('numbers the 16 regular weeks and puts the postseason after them, as days in the pool zone', () => {
    const entries = calendarEntries(calendar, 'America/New_York');
    expect(entries.map((entry) => entry.number)).toEqual([...Array(17).keys()].map((n) => n + 1));
    expect(entries[0]).toEqual({ number: 1, start_date: '2025-08-23', end_date: '2025-09-01' });
    expect(entries[1]).toEqual({ number: 2, start_date: '2025-09-02', end_date: '2025-09-07' });
    // CFBD lists week 16 as ending in 2026-12: it ends the day before the postseason starts.
    expect(entries[15]).toEqual({ number: 16, start_date: '2025-12-08', end_date: '2025-12-12' });
    expect(entries[16]).toEqual({ number: 17, start_date: '2025-12-13', end_date: '2026-01-20' });
    for (const [position, entry] of entries.entries()) {
      expect(entry.end_date >= entry.start_date).toBe(true);
      if (position > 0) expect(entry.start_date > entries[position - 1].end_date).toBe(true);
    }
  });

  it('maps our week numbers to the provider weeks', () => {
    expect(lastRegularWeek(calendar)).toBe(16);
    expect(lastRegularWeek([])).toBeNull();
    expect(providerWeekOf(1, 16)).toEqual({ week: 1, season_type: 'regular' });
    expect(providerWeekOf(16, 16)).toEqual({ week: 16, season_type: 'regular' });
    expect(providerWeekOf(17, 16)).toEqual({ week: 1, season_type: 'postseason' });
  });
});
