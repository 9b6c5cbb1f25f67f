import { DataSource } from 'typeorm';
import { Game } from '../../src/games/entities/game.entity';
import { GamesService } from '../../src/games/games.service';
import { WeeklyResult } from '../../src/results/entities/weekly-result.entity';
import { ResultsRefresherService } from '../../src/results/results-refresher.service';
import { createGame, createPick, createSeason, createTeam, createWeek, hoursFromNow } from '../support/factories';
import { TestApp } from '../support/test-app';

/**
 * "A game's outcome changed" is raised by the games service inside the writing transaction and delivered to results
 * once the outermost transaction commits: a writer that only writes the game still gets the week recalculated, and a
 * rolled-back change recalculates nothing.
 */
describe("A game's outcome changed (domain event, delivered after commit)", () => {
  let t: TestApp;
  let ds: DataSource;
  let games: GamesService;
  let refresher: ResultsRefresherService;

  beforeAll(async () => {
    t = await TestApp.start();
    ds = t.dataSource;
    games = t.app.get(GamesService);
    refresher = t.app.get(ResultsRefresherService);
  });
  afterAll(() => t?.close());
  afterEach(() => jest.restoreAllMocks());

  /** A week whose first game is final and whose second (the one to finish) has no winner yet; a member picked both. */
  async function weekWithOneGameLeft() {
    const week = await createWeek(ds, { football_season_id: (await createSeason(ds)).id });
    const [home, away] = [await createTeam(ds), await createTeam(ds)];
    const teams = { week_id: week.id, home_team_id: home.id, away_team_id: away.id };
    const done = await createGame(ds, { ...teams, status: 'completed', winner_team_id: home.id, home_score: 21, away_score: 7, game_date: hoursFromNow(-30) });
    const last = await createGame(ds, { ...teams, status: 'in_progress', game_date: hoursFromNow(-3) });
    const member = await t.createUser();
    await createPick(ds, done, member.id, { selected_team_id: home.id });
    await createPick(ds, last, member.id, { selected_team_id: home.id });
    return { week, last };
  }
  const final = { status: 'completed', home_score: 17, away_score: 10 } as const;
  const results = (weekId: number) => ds.getRepository(WeeklyResult).countBy({ week_id: weekId });

  it('recalculates the week after the commit of a writer that only writes the game, once, with the week named', async () => {
    const { week, last } = await weekWithOneGameLeft();
    const told = jest.spyOn(refresher, 'outcomeChanged');
    await ds.transaction(async (manager) => {
      // Raised in a savepoint of the transaction, and again in the transaction itself: still one delivery.
      await manager.transaction((inner) => games.updateWithin(inner, null, last.id, { home_score: 3, away_score: 0, status: 'in_progress' }));
      await games.updateWithin(manager, null, last.id, final);
      expect(told).not.toHaveBeenCalled();
    });
    expect(told).toHaveBeenCalledTimes(1);
    expect(told).toHaveBeenCalledWith([week.id]);
    expect(await results(week.id)).toBe(1);
  });

  it('recalculates nothing when the transaction rolls back', async () => {
    const { week, last } = await weekWithOneGameLeft();
    const told = jest.spyOn(refresher, 'outcomeChanged');
    const written = ds.transaction(async (manager) => {
      await games.updateWithin(manager, null, last.id, final);
      throw new Error('the writer failed after the game');
    });
    await expect(written).rejects.toThrow('the writer failed after the game');
    expect(told).not.toHaveBeenCalled();
    expect(await results(week.id)).toBe(0);
    expect((await ds.getRepository(Game).findOneByOrFail({ id: last.id })).winner_team_id).toBeNull();

    // The event does not linger on the query runner: the next transaction that changes no outcome delivers nothing.
    await ds.transaction((manager) => games.updateWithin(manager, null, last.id, { name: 'Renamed' }));
    expect(told).not.toHaveBeenCalled();
    expect(await results(week.id)).toBe(0);
  });

  it('recalculates after a write made without a transaction (it gets one of its own)', async () => {
    const { week, last } = await weekWithOneGameLeft();
    await games.updateWithin(ds.manager, null, last.id, final);
    expect(await results(week.id)).toBe(1);
  });

  it('recalculates after a game created with its winner, and not for one created without', async () => {
    const { week, last } = await weekWithOneGameLeft();
    const told = jest.spyOn(refresher, 'outcomeChanged');
    await ds.transaction((manager) =>
      games.createWithin(manager, null, { week_id: week.id, home_team_id: last.home_team_id, away_team_id: last.away_team_id, game_date: hoursFromNow(48).toISOString() }),
    );
    expect(told).not.toHaveBeenCalled();
    await ds.transaction((manager) =>
      games.createWithin(manager, null, { week_id: week.id, home_team_id: last.home_team_id, away_team_id: last.away_team_id, game_date: hoursFromNow(-2).toISOString(), ...final }),
    );
    expect(told).toHaveBeenCalledWith([week.id]);
  });
});
