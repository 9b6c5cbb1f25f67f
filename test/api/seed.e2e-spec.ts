import { Game } from '../../src/games/entities/game.entity';
import { Pick } from '../../src/picks/entities/pick.entity';
import { FootballSeason } from '../../src/seasons/entities/football-season.entity';
import { seed } from '../../src/seeds/demo-seed';
import { Conference } from '../../src/teams/entities/conference.entity';
import { Team } from '../../src/teams/entities/team.entity';
import { User } from '../../src/users/entities/user.entity';
import { Week } from '../../src/seasons/weeks/entities/week.entity';
import { TestApp } from '../support/test-app';

describe('npm run seed', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.start();
  });
  afterAll(() => t.close());

  const counts = async () => {
    const m = t.dataSource.manager;
    return {
      conferences: await m.count(Conference),
      teams: await m.count(Team),
      seasons: await m.count(FootballSeason),
      weeks: await m.count(Week),
      games: await m.count(Game),
      picks: await m.count(Pick),
      users: await m.count(User),
    };
  };

  it('loads the FBS league and a living demo season, and a second run duplicates nothing', async () => {
    const now = new Date('2026-11-22T15:00:00Z');
    const first = await t.dataSource.transaction((manager) => seed(manager, now));
    expect(first).toEqual(expect.objectContaining({ conferences: 11, teams: 136, seasonCreated: true, members: 6 }));
    const after = await counts();
    expect(after).toEqual(expect.objectContaining({ conferences: 11, teams: 136, seasons: 1, weeks: 15, games: 150, users: 7 }));

    const weeks = await t.dataSource.getRepository(Week).find({ order: { number: 'ASC' } });
    const games = await t.dataSource.getRepository(Game).find();
    for (const week of weeks) {
      const ofWeek = games.filter((game) => game.week_id === week.id);
      expect(ofWeek).toHaveLength(10);
      expect(ofWeek.filter((game) => game.is_tiebreaker)).toHaveLength(1);
      expect(ofWeek.every((game) => game.home_team_id !== game.away_team_id)).toBe(true);
    }
    const past = games.filter((game) => game.game_date.getTime() < now.getTime() - 4 * 3600_000);
    const future = games.filter((game) => game.game_date.getTime() > now.getTime());
    expect(past.length).toBeGreaterThan(0);
    expect(future.length).toBeGreaterThan(0);
    expect(past.every((game) => game.status === 'completed' && game.winner_team_id !== null)).toBe(true);
    expect(future.every((game) => game.status === 'scheduled' && game.winner_team_id === null)).toBe(true);
    // The week holding "now" is the season's week 11.
    const current = weeks.find((week) => week.start_date <= '2026-11-22' && week.end_date >= '2026-11-22');
    expect(current?.number).toBe(11);
    expect(after.picks).toBeGreaterThan(6 * 10 * 10);

    const second = await t.dataSource.transaction((manager) => seed(manager, now));
    expect(second.seasonCreated).toBe(false);
    expect(await counts()).toEqual(after);
  });
});
