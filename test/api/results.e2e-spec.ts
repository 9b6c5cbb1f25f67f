import { Game } from '../../src/games/entities/game.entity';
import { Pick } from '../../src/picks/entities/pick.entity';
import { compareRecords, rank, scoreWeek } from '../support/scoring-oracle';
import { SeasonResultsService } from '../../src/results/season-results.service';
import { WeeklyResultsService } from '../../src/results/weekly-results.service';
import { User } from '../../src/users/entities/user.entity';
import { createGame, createPick, createSeason, createTeam, createWeek, dateFromNow, hoursFromNow } from '../support/factories';
import { bearer, TestApp } from '../support/test-app';

describe('Results and standings', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await TestApp.start();
    admin = await t.adminToken();
  });
  afterAll(() => t.close());

  /** A finished week of four games: two plain ones, a cancelled one and the tiebreaker (home 28, away 21). */
  async function finishedWeek(football_season_id: number, number = 1) {
    const week = await createWeek(t.dataSource, { football_season_id, number, start_date: dateFromNow(-10), end_date: dateFromNow(-4) });
    const finished = { week_id: week.id, status: 'completed' as const, game_date: hoursFromNow(-24 * 6) };
    const game = async (fields: Partial<Game> = {}) => {
      const home = await createTeam(t.dataSource);
      const away = await createTeam(t.dataSource);
      return createGame(t.dataSource, { ...finished, home_team_id: home.id, away_team_id: away.id, winner_team_id: home.id, ...fields });
    };
    const g1 = await game();
    const g2 = await game();
    const g3 = await game({ status: 'cancelled', winner_team_id: null });
    const g4 = await game({ is_tiebreaker: true, home_score: 28, away_score: 21 });
    return { week, g1, g2, g3, g4 };
  }

  const named = async (name: string) => (await t.member({ name })).user;

  it('scores a week by hand-checked rules: skipped game, skipped tiebreaker, cancelled game, ties on wins and full ties', async () => {
    const season = await createSeason(t.dataSource, { is_current: true });
    const { week, g1, g2, g3, g4 } = await finishedWeek(season.id);
    const [a, b, c, d, e, f] = await Promise.all(['Ann', 'Ben', 'Cal', 'Dee', 'Eve', 'Fay'].map(named));
    const home = (game: Game) => ({ selected_team_id: game.home_team_id });
    const away = (game: Game) => ({ selected_team_id: game.away_team_id });
    const tb = (home_score: number, away_score: number) => ({ tiebreaker_home_score: home_score, tiebreaker_away_score: away_score });
    // Ann and Ben pick everything right; Ben's tiebreaker is exact (0), Ann's is 1 off.
    for (const [member, prediction] of [
      [a, tb(27, 21)],
      [b, tb(28, 21)],
    ] as const) {
      await createPick(t.dataSource, g1, member.id, home(g1));
      await createPick(t.dataSource, g2, member.id, home(g2));
      await createPick(t.dataSource, g3, member.id, home(g3));
      await createPick(t.dataSource, g4, member.id, { ...home(g4), ...prediction });
    }
    // Cal misses game 2, Dee leaves it unpicked: the same record and tiebreaker (3), so a shared rank.
    await createPick(t.dataSource, g1, c.id, home(g1));
    await createPick(t.dataSource, g2, c.id, away(g2));
    await createPick(t.dataSource, g4, c.id, { ...home(g4), ...tb(30, 20) });
    await createPick(t.dataSource, g1, d.id, home(g1));
    await createPick(t.dataSource, g4, d.id, { ...home(g4), ...tb(30, 20) });
    // Eve has Cal's record without a tiebreaker prediction: after them.
    await createPick(t.dataSource, g1, e.id, home(g1));
    await createPick(t.dataSource, g2, e.id, away(g2));
    await createPick(t.dataSource, g4, e.id, home(g4));
    // Fay picks only game 2, right.
    await createPick(t.dataSource, g2, f.id, home(g2));

    const preview = await t.http.post(`/api/weekly_results/calculate/${week.id}?dry_run=true`).set(bearer(admin)).expect(200);
    expect(preview.body).toEqual(expect.objectContaining({ dry_run: true, results_count: 6 }));
    expect(preview.body.changes).toHaveLength(6);
    expect(preview.body.changes.every((change: { before: unknown }) => change.before === null)).toBe(true);
    expect(await t.dataSource.getRepository(Pick).countBy({ week_id: week.id, is_correct: true })).toBe(0);

    expect((await t.http.post(`/api/weekly_results/calculate/${week.id}`).set(bearer(admin)).expect(200)).body).toEqual({ results_count: 6 });
    const { token } = await t.member();
    const results = await t.http.get('/api/weekly_results').query({ football_season_id: season.id, week_id: week.id }).set(bearer(token)).expect(200);
    const table = results.body.map((r: { user: { name: string } } & Record<string, unknown>) => [
      r.user.name,
      r.wins,
      r.losses,
      r.total_games,
      r.win_percentage,
      r.tiebreaker_score,
      r.rank,
    ]);
    expect(table).toEqual([
      ['Ben', 3, 0, 3, 100, 0, 1],
      ['Ann', 3, 0, 3, 100, 1, 2],
      ['Cal', 2, 1, 3, 66.7, 3, 3],
      ['Dee', 2, 1, 3, 66.7, 3, 3],
      ['Eve', 2, 1, 3, 66.7, null, 5],
      ['Fay', 1, 2, 3, 33.3, null, 6],
    ]);
    // Least data (docs/decisions.md): a member reads other members' names, not their e-mail addresses.
    expect(results.body[0].user).toEqual({ id: b.id, name: 'Ben', email: null });
    const picks = await t.dataSource.getRepository(Pick).find({ where: { user_id: c.id } });
    expect(picks.map((p) => [p.game_id, p.is_correct]).sort()).toEqual(
      [
        [g1.id, true],
        [g2.id, false],
        [g4.id, true],
      ].sort(),
    );
    expect((await t.dataSource.getRepository(Pick).findOneByOrFail({ user_id: a.id, game_id: g3.id })).is_correct).toBeNull();

    // Season standings from the week, and the members' wins and losses refreshed (current season).
    expect((await t.http.post(`/api/season_results/calculate/${season.id}`).set(bearer(admin)).expect(200)).body).toEqual({ results_count: 6 });
    const standings = await t.http.get(`/api/season_results/standings/${season.id}`).set(bearer(token)).expect(200);
    expect(standings.body.season).toEqual({ id: season.id, name: season.name });
    expect(standings.body.standings[0]).toEqual(
      expect.objectContaining({
        rank: 1,
        user: { id: b.id, name: 'Ben', email: null },
        total_wins: 3,
        total_losses: 0,
        total_games: 3,
        win_percentage: 100,
        weeks_participated: 1,
        weeks_played: 1,
        total_tiebreaker_score: 0,
        avg_tiebreaker_score: 0,
      }),
    );
    expect(standings.body.standings.map((s: { rank: number }) => s.rank)).toEqual([1, 2, 3, 3, 5, 6]);
    expect((await t.http.get('/api/standings').set(bearer(token)).expect(200)).body).toEqual(standings.body.standings);
    expect(await t.dataSource.getRepository(User).findOneByOrFail({ id: c.id })).toEqual(expect.objectContaining({ wins: 2, losses: 1 }));

    // The admin corrects game 2's winner: the week is complete, so results and standings follow by themselves.
    const corrected = await t.http.put(`/api/games/${g2.id}`).set(bearer(admin)).send({ winner_team_id: g2.away_team_id }).expect(200);
    expect(corrected.body.winner_team_id).toBe(g2.away_team_id);
    const after = await t.http.get('/api/weekly_results').query({ week_id: week.id }).set(bearer(token)).expect(200);
    expect(after.body.map((r: { user: { name: string }; wins: number; rank: number }) => [r.user.name, r.wins, r.rank])).toEqual([
      ['Cal', 3, 1],
      ['Eve', 3, 2],
      ['Ben', 2, 3],
      ['Ann', 2, 4],
      ['Dee', 2, 5],
      ['Fay', 0, 6],
    ]);
    const refreshed = await t.http.get(`/api/season_results/standings/${season.id}`).set(bearer(token)).expect(200);
    expect(refreshed.body.standings[0].user.name).toBe('Cal');
    expect(await t.dataSource.getRepository(User).findOneByOrFail({ id: c.id })).toEqual(expect.objectContaining({ wins: 3, losses: 0 }));

    // Recalculating replaces: nothing is duplicated, and a dry run now reports no changes.
    await t.http.post(`/api/weekly_results/calculate/${week.id}`).set(bearer(admin)).expect(200);
    expect((await t.http.get('/api/weekly_results').query({ week_id: week.id }).set(bearer(token))).body).toHaveLength(6);
    const unchanged = await t.http.post(`/api/weekly_results/calculate/${week.id}?dry_run=true`).set(bearer(admin)).expect(200);
    expect(unchanged.body).toEqual(expect.objectContaining({ results_count: 6, changes: [], picks_changed: 0 }));
  });

  it('adds up a season over weeks and charts cumulative wins, saying which weeks are scored', async () => {
    const season = await createSeason(t.dataSource);
    const one = await finishedWeek(season.id, 1);
    const two = await finishedWeek(season.id, 2);
    const three = await createWeek(t.dataSource, { football_season_id: season.id, number: 3 });
    const member = await named('Gus');
    for (const { g1, g2, g4 } of [one, two]) {
      await createPick(t.dataSource, g1, member.id, { selected_team_id: g1.home_team_id });
      await createPick(t.dataSource, g2, member.id, { selected_team_id: g2.away_team_id });
      await createPick(t.dataSource, g4, member.id, { selected_team_id: g4.home_team_id, tiebreaker_home_score: 20, tiebreaker_away_score: 20 });
    }
    await t.http.post(`/api/weekly_results/calculate/${one.week.id}`).set(bearer(admin)).expect(200);
    await t.http.post(`/api/weekly_results/calculate/${two.week.id}`).set(bearer(admin)).expect(200);
    await t.http.post(`/api/season_results/calculate/${season.id}`).set(bearer(admin)).expect(200);
    const standings = (await t.http.get(`/api/standings?football_season_id=${season.id}`).set(bearer(admin)).expect(200)).body;
    expect(standings).toEqual([
      expect.objectContaining({ total_wins: 4, total_losses: 2, total_games: 6, win_percentage: 66.7, weeks_participated: 2, total_tiebreaker_score: 18, avg_tiebreaker_score: 9 }),
    ]);
    const chart = (await t.http.get(`/api/season_results/${season.id}/by_week`).set(bearer(admin)).expect(200)).body;
    expect(chart.weeks).toEqual([
      { id: one.week.id, number: 1, scored: true },
      { id: two.week.id, number: 2, scored: true },
      { id: three.id, number: 3, scored: false },
    ]);
    expect(chart.members).toEqual([{ user: { id: member.id, name: 'Gus' }, cumulative_wins: [2, 4, 4], cumulative_points: [2, 4, 4] }]);
  });

  it('refuses to calculate while a game has no winner, naming it, and writes nothing', async () => {
    const season = await createSeason(t.dataSource);
    const { week, g2 } = await finishedWeek(season.id);
    await t.dataSource.getRepository(Game).update(g2.id, { winner_team_id: null, status: 'in_progress' });
    const member = await named('Hal');
    await createPick(t.dataSource, g2, member.id);
    const refused = await t.http.post(`/api/weekly_results/calculate/${week.id}`).set(bearer(admin)).expect(422);
    const home = await t.dataSource.getRepository(Game).findOneOrFail({ where: { id: g2.id }, relations: { home_team: true, away_team: true } });
    expect(refused.body.errors[0]).toContain(`${home.away_team!.name} @ ${home.home_team!.name}`);
    expect((await t.http.get('/api/weekly_results').query({ week_id: week.id }).set(bearer(admin))).body).toEqual([]);

    // Recording the last missing winner calculates the week by itself.
    await t.http.patch(`/api/games/${g2.id}`).set(bearer(admin)).send({ status: 'completed', home_score: 10, away_score: 3 }).expect(200);
    const results = (await t.http.get('/api/weekly_results').query({ week_id: week.id }).set(bearer(admin))).body;
    expect(results).toEqual([expect.objectContaining({ user: expect.objectContaining({ id: member.id }), wins: 1, losses: 2, rank: 1 })]);
  });

  describe('status: when and how the results were calculated', () => {
    const status = (week_id: number | string, token = admin) => t.http.get('/api/weekly_results/status').query({ week_id }).set(bearer(token));

    it('says a week is not calculated yet, then calculated automatically as its last game went final, then by the admin who recalculated it', async () => {
      const season = await createSeason(t.dataSource);
      const { week, g2 } = await finishedWeek(season.id);
      await t.dataSource.getRepository(Game).update(g2.id, { winner_team_id: null, status: 'in_progress' });
      const member = await named('Ivy');
      await createPick(t.dataSource, g2, member.id);
      expect((await status(week.id).expect(200)).body).toEqual({ week_id: week.id, calculated_at: null, automatic: false, calculated_by: null, results_count: 0 });

      const before = Date.now() - 1000;
      await t.http.patch(`/api/games/${g2.id}`).set(bearer(admin)).send({ status: 'completed', home_score: 10, away_score: 3 }).expect(200);
      const automatic = (await status(week.id).expect(200)).body;
      expect(automatic).toEqual({ week_id: week.id, calculated_at: expect.any(String), automatic: true, calculated_by: null, results_count: 1 });
      expect(Date.parse(automatic.calculated_at)).toBeGreaterThanOrEqual(before);

      const me = (await t.http.get('/api/me').set(bearer(admin)).expect(200)).body;
      await t.http.post(`/api/weekly_results/calculate/${week.id}`).set(bearer(admin)).expect(200);
      const byHand = (await status(week.id).expect(200)).body;
      expect(byHand).toEqual({ week_id: week.id, calculated_at: expect.any(String), automatic: false, calculated_by: { id: me.id, name: me.name }, results_count: 1 });
      expect(Date.parse(byHand.calculated_at)).toBeGreaterThanOrEqual(Date.parse(automatic.calculated_at));

      // A dry run calculates nothing: the record stays the admin's.
      await t.http.post(`/api/weekly_results/calculate/${week.id}?dry_run=true`).set(bearer(admin)).expect(200);
      expect((await status(week.id).expect(200)).body).toEqual(byHand);
    });

    it('is for admins only, and needs an existing week', async () => {
      const { token } = await t.member();
      const week = await createWeek(t.dataSource, { football_season_id: (await createSeason(t.dataSource)).id });
      await status(week.id, token).expect(403);
      await t.http.get('/api/weekly_results/status').query({ week_id: week.id }).expect(401);
      expect((await t.http.get('/api/weekly_results/status').set(bearer(admin)).expect(400)).body.errors).toEqual(['week_id is required and must be a whole number']);
      await status('abc').expect(400);
      await status(0).expect(400);
      expect((await status(999999).expect(404)).body.errors).toEqual(['Week not found']);
    });
  });

  it('is calculated by admins only and answers clear errors for bad input', async () => {
    const { token } = await t.member();
    const season = await createSeason(t.dataSource);
    const week = await createWeek(t.dataSource, { football_season_id: season.id });
    await t.http.post(`/api/weekly_results/calculate/${week.id}`).set(bearer(token)).expect(403);
    await t.http.post(`/api/season_results/calculate/${season.id}`).set(bearer(token)).expect(403);
    await t.http.post(`/api/weekly_results/calculate/${week.id}`).expect(401);
    expect((await t.http.post(`/api/weekly_results/calculate/${week.id}`).set(bearer(admin)).expect(422)).body).toEqual({
      errors: ['Week 1 has no games'],
    });
    await t.http.post('/api/weekly_results/calculate/999999').set(bearer(admin)).expect(404);
    await t.http.post(`/api/weekly_results/calculate/${week.id}?dry_run=maybe`).set(bearer(admin)).expect(400);
    expect((await t.http.get('/api/weekly_results').set(bearer(token)).expect(400)).body.errors[0]).toContain('week_id');
    await t.http.get('/api/weekly_results').query({ week_id: week.id, football_season_id: season.id + 1000 }).set(bearer(token)).expect(404);
    await t.http.get('/api/season_results/standings/999999').set(bearer(token)).expect(404);
  });

  it('computes in SQL exactly what the reference rules compute, on a random week', async () => {
    const season = await createSeason(t.dataSource);
    const { week, g1, g2, g3, g4 } = await finishedWeek(season.id);
    const games = [g1, g2, g3, g4];
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const members = await Promise.all(Array.from({ length: 25 }, (_, i) => t.createUser({ name: `Random ${String(i).padStart(2, '0')}` })));
    for (const member of members) {
      for (const game of games) {
        if (random() < 0.2) continue;
        const withScores = game.is_tiebreaker && random() < 0.8;
        await createPick(t.dataSource, game, member.id, {
          selected_team_id: random() < 0.5 ? game.home_team_id : game.away_team_id,
          tiebreaker_home_score: withScores ? Math.floor(random() * 6) + 25 : null,
          tiebreaker_away_score: withScores ? Math.floor(random() * 6) + 18 : null,
        });
      }
    }
    await t.http.post(`/api/weekly_results/calculate/${week.id}`).set(bearer(admin)).expect(200);
    const stored = (await t.http.get('/api/weekly_results').query({ week_id: week.id }).set(bearer(admin))).body;

    const picks = await t.dataSource.getRepository(Pick).findBy({ week_id: week.id });
    const games$ = await t.dataSource.getRepository(Game).findBy({ week_id: week.id });
    const expected = rank(scoreWeek(games$, picks), (x, y) =>
      compareRecords({ ...x, tiebreaker: x.tiebreaker_score }, { ...y, tiebreaker: y.tiebreaker_score }),
    );
    const key = (r: { user_id: number; wins: number; losses: number; tiebreaker_score: number | null; win_percentage: number; rank: number }) =>
      [r.user_id, r.wins, r.losses, r.tiebreaker_score, r.win_percentage, r.rank].join('/');
    expect(stored.map((r: { user: { id: number } } & Parameters<typeof key>[0]) => key({ ...r, user_id: r.user.id })).sort()).toEqual(expected.map(key).sort());

    // The database-built JSON of the hot reads says exactly what the row-by-row answer says.
    await t.http.post(`/api/season_results/calculate/${season.id}`).set(bearer(admin)).expect(200);
    const weekly = t.app.get(WeeklyResultsService);
    const seasons = t.app.get(SeasonResultsService);
    expect(JSON.parse(await weekly.findForWeekJson(week.id))).toEqual(JSON.parse(JSON.stringify(await weekly.findForWeek(week.id))));
    expect(JSON.parse((await seasons.standingsJson(season.id)).standings)).toEqual(JSON.parse(JSON.stringify((await seasons.standings(season.id)).standings)));
    expect(stored).toEqual(JSON.parse(await weekly.findForWeekJson(week.id)));
  });
});
