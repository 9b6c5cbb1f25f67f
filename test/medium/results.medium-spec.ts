import { DataSource } from 'typeorm';
import { Game } from '../../src/games/entities/game.entity';
import { Pick } from '../../src/picks/entities/pick.entity';
import { SeasonResultsService } from '../../src/results/season-results.service';
import { WeeklyResultsService } from '../../src/results/weekly-results.service';
import { createGame, createPick, createSeason, createTeam, createWeek, hoursFromNow } from '../support/factories';
import { TestApp } from '../support/test-app';

/** The results engine on a real database, no HTTP: dry run, calculation, recalculation and the season built on it. */
describe('Results engine (services on the database)', () => {
  let t: TestApp;
  let ds: DataSource;
  let weekly: WeeklyResultsService;
  let season: SeasonResultsService;

  beforeAll(async () => {
    t = await TestApp.start();
    ds = t.dataSource;
    weekly = t.app.get(WeeklyResultsService);
    season = t.app.get(SeasonResultsService);
  });
  afterAll(() => t?.close());

  /** A finished week of three games (the last the tiebreaker, 24–21) and three members' picks. */
  async function finishedWeek() {
    const { id: seasonId } = await createSeason(ds);
    const week = await createWeek(ds, { football_season_id: seasonId });
    const [home, away] = [await createTeam(ds), await createTeam(ds)];
    const played = { week_id: week.id, home_team_id: home.id, away_team_id: away.id, status: 'completed' as const, game_date: hoursFromNow(-48) };
    const games = [
      await createGame(ds, { ...played, winner_team_id: home.id, home_score: 30, away_score: 10 }),
      await createGame(ds, { ...played, winner_team_id: away.id, home_score: 7, away_score: 14 }),
      await createGame(ds, { ...played, winner_team_id: home.id, home_score: 24, away_score: 21, is_tiebreaker: true }),
    ];
    const [ann, bob, cat] = [await t.createUser({ name: 'Ann' }), await t.createUser({ name: 'Bob' }), await t.createUser({ name: 'Cat' })];
    // Ann: 3 right, tiebreaker 27–20 (distance 4). Bob: 2 right, 24–21 (0). Cat: 2 right, no tiebreaker scores.
    for (const game of games) await createPick(ds, game, ann.id, { selected_team_id: game.winner_team_id!, ...(game.is_tiebreaker ? { tiebreaker_home_score: 27, tiebreaker_away_score: 20 } : {}) });
    await createPick(ds, games[0], bob.id, { selected_team_id: home.id });
    await createPick(ds, games[1], bob.id, { selected_team_id: home.id });
    await createPick(ds, games[2], bob.id, { selected_team_id: home.id, tiebreaker_home_score: 24, tiebreaker_away_score: 21 });
    await createPick(ds, games[0], cat.id, { selected_team_id: home.id });
    await createPick(ds, games[1], cat.id, { selected_team_id: away.id });
    return { seasonId, week, games, home, away, members: { ann, bob, cat } };
  }

  const board = (rows: { user: { name: string }; wins: number; losses: number; tiebreaker_score: number | null; rank: number | null }[]) =>
    rows.map((row) => [row.user.name, row.wins, row.losses, row.tiebreaker_score, row.rank]);

  it('shows in a dry run what a calculation writes, writes it, and recalculates only the picks whose flag changes', async () => {
    const { week, games } = await finishedWeek();

    const dry = await weekly.calculate(week.id, { dryRun: true });
    expect(dry).toMatchObject({ dry_run: true, results_count: 3, picks_changed: 8 });
    expect(board(dry.results!)).toEqual([
      ['Ann', 3, 0, 4, 1],
      ['Bob', 2, 1, 0, 2],
      ['Cat', 2, 1, null, 3],
    ]);
    expect(await weekly.findForWeek(week.id)).toEqual([]);
    expect(await ds.getRepository(Pick).countBy({ week_id: week.id, is_correct: true })).toBe(0);

    expect(await weekly.calculate(week.id)).toEqual({ results_count: 3 });
    expect(board(await weekly.findForWeek(week.id))).toEqual(board(dry.results!));
    // The JSON SQLite builds itself (or the rows' JSON elsewhere) says the same as the rows.
    expect(JSON.parse(await weekly.findForWeekJson(week.id))).toEqual(await weekly.findForWeek(week.id));

    // The second game is corrected to a home win: Ann's, Bob's and Cat's picks of it flip, nothing else.
    await ds.getRepository(Game).update(games[1].id, { winner_team_id: games[1].home_team_id, home_score: 21, away_score: 14 });
    const again = await weekly.calculate(week.id, { dryRun: true });
    expect(again.picks_changed).toBe(3);
    expect(again.changes!.map((change) => [change.user.name, change.before?.wins, change.after?.wins])).toEqual([
      ['Bob', 2, 3],
      ['Ann', 3, 2],
      ['Cat', 2, 1],
    ]);
    await weekly.calculate(week.id);
    expect(await weekly.calculate(week.id, { dryRun: true })).toMatchObject({ picks_changed: 0, changes: [] });
  });

  it('ranks members equal on wins by their tiebreaker distance, the smaller first, in the week and the season', async () => {
    const { seasonId, week, games, home } = await finishedWeek();
    // Three more members, named so that their names would order them the wrong way: each picks the two home wins
    // (2 right, 1 wrong, like Bob) and predicts the 24–21 tiebreaker 9, 1 and 4 points off.
    const predictions: [string, number, number][] = [['Abe', 30, 24], ['Dee', 25, 21], ['Eve', 22, 23]];
    for (const [name, tiebreaker_home_score, tiebreaker_away_score] of predictions) {
      const member = await t.createUser({ name });
      for (const game of games) {
        await createPick(ds, game, member.id, { selected_team_id: home.id, ...(game.is_tiebreaker ? { tiebreaker_home_score, tiebreaker_away_score } : {}) });
      }
    }

    await weekly.calculate(week.id);
    expect(board(await weekly.findForWeek(week.id))).toEqual([
      ['Ann', 3, 0, 4, 1],
      ['Bob', 2, 1, 0, 2],
      ['Dee', 2, 1, 1, 3],
      ['Eve', 2, 1, 4, 4],
      ['Abe', 2, 1, 9, 5],
      ['Cat', 2, 1, null, 6],
    ]);
    await season.calculate(seasonId);
    const { standings } = await season.standings(seasonId);
    expect(standings.map((row) => [row.user.name, row.total_tiebreaker_score, row.rank])).toEqual([
      ['Ann', 4, 1],
      ['Bob', 0, 2],
      ['Dee', 1, 3],
      ['Eve', 4, 4],
      ['Abe', 9, 5],
      ['Cat', 0, 6],
    ]);
  });

  it('builds the season standings from the weekly results, and the same answer as JSON', async () => {
    const { seasonId, week } = await finishedWeek();
    await weekly.calculate(week.id);
    expect(await season.calculate(seasonId)).toEqual({ results_count: 3 });
    const { standings } = await season.standings(seasonId);
    expect(standings.map((row) => [row.user.name, row.total_wins, row.total_losses, row.weeks_participated, row.avg_tiebreaker_score, row.rank])).toEqual([
      ['Ann', 3, 0, 1, 4, 1],
      ['Bob', 2, 1, 1, 0, 2],
      ['Cat', 2, 1, 1, null, 3],
    ]);
    const json = await season.standingsJson(seasonId);
    expect(JSON.parse(json.standings)).toEqual(standings);
  });
});
