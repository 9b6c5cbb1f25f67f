import * as weekEngine from '../../src/results/contention/week';
import { Game } from '../../src/games/entities/game.entity';
import { Week } from '../../src/seasons/weeks/entities/week.entity';
import { createPick, createSeason, hoursFromNow } from '../support/factories';
import { bearer, TestApp } from '../support/test-app';
import { liveSuite, Contender } from '../support/live-suite';

/** The live board (docs/saturday.md#the-live-board). */
describe('Live board', () => {
  const s = liveSuite();
  const { teamOf, live, rowOf, cellOf, gameOf, week } = s;
  let t: TestApp, admin: string;
  beforeAll(() => ({ t, admin } = s));

  it('keeps who can still win while a score moves within how its game lands, and works it out again when the cover changes', async () => {
    // Against the spread a game in progress lands by its cover at the score so far: the races follow the cover.
    const spread = await createSeason(t.dataSource, { pick_mode: 'spread' });
    const { week_id, locked, ann, bob } = await week();
    await t.dataSource.getRepository(Week).update(week_id, { football_season_id: spread.id });
    await t.dataSource.getRepository(Game).update(locked.id, { game_date: hoursFromNow(-0.5), status: 'in_progress' });
    await createPick(t.dataSource, locked, ann.user.id, { selected_team_id: locked.home_team_id });
    await createPick(t.dataSource, locked, bob.user.id, { selected_team_id: locked.away_team_id });
    const currentOf = (body: { contention: { week: { contenders: (Contender & { current: number })[] } } }) =>
      Object.fromEntries(body.contention.week.contenders.filter((one) => [ann.user.id, bob.user.id].includes(one.user.id)).map((one) => [one.user.id, one.current]));
    const scored = async (home_score: number, away_score: number) => {
      await t.http.put(`/api/games/${locked.id}`).set(bearer(admin)).send({ status: 'in_progress', home_score, away_score }).expect(200);
      s.now += 6_000;
      return (await live(week_id, ann.token).query({ rows: 'all' }).expect(200)).body;
    };

    const home = await scored(14, 7);
    expect(currentOf(home)).toEqual({ [ann.user.id]: 1, [bob.user.id]: 0 });
    const stillHome = await scored(21, 7);
    expect(gameOf(stillHome, locked)).toEqual(expect.objectContaining({ home_score: 21, cover: 'home' }));
    expect(stillHome.contention).toEqual(home.contention);
    const away = await scored(21, 28);
    expect(gameOf(away, locked).cover).toBe('away');
    expect(currentOf(away)).toEqual({ [ann.user.id]: 0, [bob.user.id]: 1 });
  });

  it("keeps who can still win when a game's first score puts it in progress without deciding it", async () => {
    // Straight up, a game in progress lands only with its winner: its first score changes the board, not the races.
    const { week_id, locked, ann, bob } = await week();
    await t.dataSource.getRepository(Game).update(locked.id, { game_date: hoursFromNow(-0.5) });
    await createPick(t.dataSource, locked, ann.user.id, { selected_team_id: locked.home_team_id });
    await createPick(t.dataSource, locked, bob.user.id, { selected_team_id: locked.away_team_id });
    const before = (await live(week_id, ann.token).expect(200)).body;
    expect(gameOf(before, locked).status).toBe('scheduled');

    await t.http.put(`/api/games/${locked.id}`).set(bearer(admin)).send({ status: 'in_progress', home_score: 7, away_score: 0 }).expect(200);
    s.now += 6_000;
    const engine = jest.spyOn(weekEngine, 'weekContention');
    const after = (await live(week_id, ann.token).expect(200)).body;
    expect(gameOf(after, locked)).toEqual(expect.objectContaining({ status: 'in_progress', home_score: 7 }));
    expect(after.contention).toEqual(before.contention);
    expect(engine).not.toHaveBeenCalled();

    // Cancelled, the game leaves the races: worked out again.
    engine.mockClear();
    await t.http.put(`/api/games/${locked.id}`).set(bearer(admin)).send({ status: 'cancelled' }).expect(200);
    s.now += 6_000;
    engine.mockClear();
    await live(week_id, ann.token).expect(200);
    expect(engine).toHaveBeenCalled();
  });

  it('shows a pick changed with SQL of its own (as the results and another instance write picks) at the next build', async () => {
    const { week_id, locked, ann } = await week();
    await createPick(t.dataSource, locked, ann.user.id, { selected_team_id: locked.home_team_id });
    const [home, away] = [await teamOf(locked.home_team_id), await teamOf(locked.away_team_id)];
    const first = (await live(week_id, ann.token).query({ rows: 'all' }).expect(200)).body;
    expect(cellOf(rowOf(first, ann.user.id), locked)).toEqual(expect.objectContaining({ selected_winner: home.name, is_correct: null }));

    // Neither moves the pick's update time nor goes through TypeORM.
    const write = (set: string, values: unknown[]) =>
      t.dataSource.query(`UPDATE picks SET ${set} WHERE user_id = ? AND game_id = ?`, [...values, ann.user.id, locked.id]);
    await write('selected_team_id = ?, is_correct = ?', [locked.away_team_id, 1]);
    s.now += 6_000;
    const moved = (await live(week_id, ann.token).query({ rows: 'all' }).expect(200)).body;
    expect(cellOf(rowOf(moved, ann.user.id), locked)).toEqual(expect.objectContaining({ selected_winner: away.name, is_correct: true }));
    expect(gameOf(moved, locked).pick_counts).toEqual({ home: 0, away: 1 });

    await write('is_correct = ?', [0]);
    s.now += 6_000;
    expect(cellOf(rowOf((await live(week_id, ann.token).query({ rows: 'all' }).expect(200)).body, ann.user.id), locked)).toEqual(expect.objectContaining({ is_correct: false }));
  });

  it('names the winner of a final week clinched once its games are decided', async () => {
    const { week_id, open, locked, ann, bob } = await week();
    // Both games kicked off earlier today; Ann picks both winners, Bob picks neither.
    const repository = t.dataSource.getRepository(Game);
    await repository.update(open.id, { game_date: hoursFromNow(-3) });
    await repository.update(locked.id, { game_date: hoursFromNow(-3) });
    for (const game of [open, locked]) {
      await createPick(t.dataSource, game, ann.user.id, { selected_team_id: game.home_team_id, ...(game.is_tiebreaker ? { tiebreaker_home_score: 30, tiebreaker_away_score: 20 } : {}) });
      await createPick(t.dataSource, game, bob.user.id, { selected_team_id: game.away_team_id, ...(game.is_tiebreaker ? { tiebreaker_home_score: 30, tiebreaker_away_score: 20 } : {}) });
    }
    const during = (await live(week_id, bob.token).expect(200)).body;
    expect(during.contention.week.method).not.toBe('final');
    expect(during.contention.week.winners).toBeNull();

    for (const game of [open, locked]) {
      await t.http.put(`/api/games/${game.id}`).set(bearer(admin)).send({ home_score: 28, away_score: 10 }).expect(200);
    }
    s.now += 6_000;
    const body = (await live(week_id, bob.token).query({ rows: 'all' }).expect(200)).body;
    const contenders: Contender[] = body.contention.week.contenders;
    expect(body.contention.week.method).toBe('final');
    expect(contenders.find((one) => one.user.id === ann.user.id)!.status).toBe('clinched');
    expect(contenders.find((one) => one.user.id === bob.user.id)!.status).toBe('eliminated');
    expect(contenders.filter((one) => one.status === 'clinched').map((one) => one.user.id)).toEqual([ann.user.id]);
    // The race is over: it names who won it, so a finished week reads "Won by Ann" rather than a list of the eliminated.
    expect(body.contention.week.winners).toEqual([{ id: ann.user.id, name: ann.user.name }]);
    expect(rowOf(body, ann.user.id).wins).toBe(2);
    // The week was scored when its last game got a winner: its stored results are the season's, and nothing is live.
    const [{ n }] = await t.dataSource.query('SELECT COUNT(*) AS n FROM weekly_results WHERE week_id = ?', [week_id]);
    expect(Number(n)).toBeGreaterThan(0);
    const season: Contender[] = body.contention.season.contenders;
    expect(season.find((one) => one.user.id === ann.user.id)!.status).toBe('clinched');
    expect(season.find((one) => one.user.id === bob.user.id)!.status).toBe('eliminated');
    expect(body.contention.season.winners).toEqual([{ id: ann.user.id, name: ann.user.name }]);
  });
});
