import { demoSlate, kickoffInWeek, MissingFixturesError, readRealGames, RealMatchup } from './real-schedule';

const game = (home: number, away: number, home_score: number, away_score: number): RealMatchup => ({
  home_team_id: home,
  away_team_id: away,
  kickoff: new Date('2025-08-30T16:00:00Z'),
  home_score,
  away_score,
  home_rank: home === 1 ? 5 : null,
  away_rank: null,
  name: home === 1 ? 'Classic' : null,
});

describe('demoSlate', () => {
  const real = [game(1, 2, 30, 20), game(3, 4, 10, 17), game(1, 3, 21, 24), game(2, 4, 7, 3)];
  const teams = (week: { home_team_id: number; away_team_id: number }[]) => week.map((entry) => [entry.home_team_id, entry.away_team_id]);

  it('takes the real matchups first, in order, then rematches with home, away, scores and ranks swapped', () => {
    const slate = demoSlate(real, 4, 2);
    expect(slate.map(teams)).toEqual([
      [[1, 2], [3, 4]],
      [[1, 3], [2, 4]],
      [[2, 1], [4, 3]],
      [[3, 1], [4, 2]],
    ]);
    expect(slate[0][0]).toEqual(expect.objectContaining({ rematch: false, home_score: 30, away_score: 20, home_rank: 5, name: 'Classic' }));
    expect(slate[2][0]).toEqual(expect.objectContaining({ rematch: true, home_score: 20, away_score: 30, home_rank: null, away_rank: 5, name: null }));
  });

  it('skips a game whose team already plays that week, and takes it the week after', () => {
    const slate = demoSlate([game(1, 2, 1, 0), game(1, 3, 1, 0), game(3, 4, 1, 0), game(2, 4, 1, 0)], 2, 2);
    expect(slate.map(teams)).toEqual([
      [[1, 2], [3, 4]],
      [[1, 3], [2, 4]],
    ]);
  });

  it('refuses to make a week short of games', () => {
    expect(() => demoSlate(real, 5, 2)).toThrow('The real 2025 games fill only 4 demo weeks of 2 games; week 5 has 0.');
  });
});

describe('kickoffInWeek', () => {
  it('keeps the Eastern weekday and time of day across daylight saving', () => {
    // Saturday noon EDT (August) into a week of November: Saturday noon EST.
    expect(kickoffInWeek(new Date('2025-08-23T16:00:00Z'), new Date('2026-11-22T00:00:00Z'))).toEqual(new Date('2026-11-28T17:00:00Z'));
    // Tuesday 9 pm EST (a UTC Wednesday) into a week of September: Tuesday 9 pm EDT.
    expect(kickoffInWeek(new Date('2025-12-17T02:00:00Z'), new Date('2026-09-13T00:00:00Z'))).toEqual(new Date('2026-09-16T01:00:00Z'));
    // A Sunday kickoff opens the week; in the week daylight saving starts (Sunday March 8, 2026), Saturday is EDT.
    expect(kickoffInWeek(new Date('2025-08-31T23:30:00Z'), new Date('2026-03-08T00:00:00Z'))).toEqual(new Date('2026-03-08T23:30:00Z'));
    expect(kickoffInWeek(new Date('2025-08-30T16:00:00Z'), new Date('2026-03-08T00:00:00Z'))).toEqual(new Date('2026-03-14T16:00:00Z'));
  });
});

describe('readRealGames', () => {
  it('reads the four fixture files through the providers parsers', () => {
    const sources = readRealGames();
    expect([sources.cfbdWeek1.length, sources.scoreboardWeek1.length, sources.scoreboardWeek2.length, sources.scoreboardPostseason.length]).toEqual([96, 96, 83, 11]);
  });

  it('says where the fixtures should be and how to run the seed when they are absent', () => {
    expect(() => readRealGames('/nowhere/providers')).toThrow(MissingFixturesError);
    expect(() => readRealGames('/nowhere/providers')).toThrow(
      'The demo season is built from the real 2025 games in /nowhere/providers, but cfbd/games-2025-week1.json, ncaa-api/scoreboard-2025-01.json, ' +
        'ncaa-api/scoreboard-2025-02.json, ncaa-api/scoreboard-postseason.json are not there. Run `npm run seed` from a checkout of the repository',
    );
  });
});
