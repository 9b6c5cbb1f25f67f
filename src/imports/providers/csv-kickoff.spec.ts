import { KICKOFF_FORMS, parseKickoff } from './csv-kickoff';

const NEW_YORK = 'America/New_York';
const at = (text: string, zone = NEW_YORK) => {
  const result = parseKickoff(text, zone);
  if ('error' in result) throw new Error(result.error);
  return { kickoff: result.kickoff.toISOString(), tbd: result.timeTbd };
};
const refusal = (text: string, zone = NEW_YORK) => {
  const result = parseKickoff(text, zone);
  if (!('error' in result)) throw new Error(`${text} was accepted as ${result.kickoff.toISOString()}`);
  return result.error;
};

describe('parseKickoff', () => {
  it.each([
    // 7:30 PM Eastern standard time on New Year's Eve is 00:30 UTC on New Year's Day.
    ['12/31/2026 7:30 PM', '2027-01-01T00:30:00.000Z'],
    ['12/31/2026 7:30 pm', '2027-01-01T00:30:00.000Z'],
    ['12/31/2026 7:30PM', '2027-01-01T00:30:00.000Z'],
    ['12/31/2026 7:30 p.m.', '2027-01-01T00:30:00.000Z'],
    ['12/31/2026 07:30:00 PM', '2027-01-01T00:30:00.000Z'],
    ['12/31/2026 19:30', '2027-01-01T00:30:00.000Z'],
    ['12/31/2026 19:30:00', '2027-01-01T00:30:00.000Z'],
    ['2026-12-31 19:30', '2027-01-01T00:30:00.000Z'],
    ['2026-12-31 19:30:00', '2027-01-01T00:30:00.000Z'],
    ['2026-12-31T19:30', '2027-01-01T00:30:00.000Z'],
    ['  9/5/2026 12:00 PM ', '2026-09-05T16:00:00.000Z'],
    ['9/5/2026 12:30 AM', '2026-09-05T04:30:00.000Z'],
    // An instant with its zone is read as written, whatever the pool's zone.
    ['2026-12-31T19:30:00Z', '2026-12-31T19:30:00.000Z'],
    ['2025-08-30T15:30:00-04:00', '2025-08-30T19:30:00.000Z'],
  ])('reads %s in the pool time zone as %s', (text, iso) => {
    expect(at(text)).toEqual({ kickoff: iso, tbd: false });
  });

  it('takes daylight saving time from the zone on each side of the autumn change', () => {
    // US clocks go back on Sunday 1 November 2026: Saturday evening is EDT (-4), Sunday evening EST (-5).
    expect(at('10/31/2026 7:30 PM').kickoff).toBe('2026-10-31T23:30:00.000Z');
    expect(at('11/1/2026 7:30 PM').kickoff).toBe('2026-11-02T00:30:00.000Z');
    // The hour the clocks repeat is read as the later one (standard time).
    expect(at('11/1/2026 1:30 AM').kickoff).toBe('2026-11-01T06:30:00.000Z');
  });

  it('refuses a time the clocks skip on the spring change', () => {
    expect(refusal('3/8/2026 2:30 AM')).toBe('game_date 3/8/2026 2:30 AM does not exist in America/New_York: the clocks change at that hour');
    expect(at('3/8/2026 3:30 AM').kickoff).toBe('2026-03-08T07:30:00.000Z');
  });

  it('reads the wall clock of the zone it is given', () => {
    expect(at('9/5/2026 7:30 PM', 'America/Los_Angeles').kickoff).toBe('2026-09-06T02:30:00.000Z');
    expect(at('9/5/2026 7:30 PM', 'UTC').kickoff).toBe('2026-09-05T19:30:00.000Z');
  });

  it('takes a date alone as a game whose time is TBD, starting the day', () => {
    expect(at('12/31/2026')).toEqual({ kickoff: '2026-12-31T05:00:00.000Z', tbd: true });
    expect(at('2026-09-05')).toEqual({ kickoff: '2026-09-05T04:00:00.000Z', tbd: true });
  });

  it.each([['12/31/2026 7:30 XM'], ['31.12.2026 19:30'], ['Dec 31 2026 7:30 PM'], ['12/31/26 7:30 PM'], ['2026-12-31 7pm'], ['tomorrow'], ['2026-12-31 19:30 EST']])(
    'refuses %s naming the accepted forms and the zone',
    (text) => {
      expect(refusal(text)).toBe(
        'game_date must be a date and time such as 12/31/2026 7:30 PM, 12/31/2026 19:30, 2026-12-31 19:30, 12/31/2026 (time TBD) or 2026-12-31T19:30:00Z (times without a zone are in America/New_York)',
      );
    },
  );

  it.each([['2/30/2026 7:30 PM'], ['13/1/2026 19:30'], ['12/31/2026 24:30'], ['12/31/2026 19:60'], ['2025-02-30T19:30:00Z'], ['2026-12-31T19:30:00+25']])('refuses the impossible %s', (text) => {
    expect(refusal(text)).toBe('game_date is not a real date and time');
  });

  it('refuses an hour past 12 or 0 beside AM or PM', () => {
    expect(refusal('12/31/2026 13:30 PM')).toBe('game_date has 13 PM: with AM or PM the hour is 1 to 12');
    expect(refusal('12/31/2026 0:30 am')).toBe('game_date has 0 AM: with AM or PM the hour is 1 to 12');
  });

  it('names every form it reads', () => {
    for (const form of KICKOFF_FORMS) expect('error' in parseKickoff(form.replace(' (time TBD)', ''), NEW_YORK)).toBe(false);
  });
});
