import { Clock } from '../../src/common/clock';
import { Game } from '../../src/games/entities/game.entity';
import { GameAudit } from '../../src/games/entities/game-audit.entity';
import { ProviderImport } from '../../src/imports/entities/provider-import.entity';
import { JobRunnerService } from '../../src/jobs/job-runner.service';
import { MaintenanceRun } from '../../src/jobs/entities/maintenance-run.entity';
import { WeeklyResult } from '../../src/results/entities/weekly-result.entity';
import { seedReferenceData } from '../../src/seeds/demo-seed';
import { TeamProviderId } from '../../src/teams/entities/team-provider-id.entity';
import { Team } from '../../src/teams/entities/team.entity';
import type { User } from '../../src/users/entities/user.entity';
import { createPick, createTeam } from '../support/factories';
import { fixture, ProviderServer } from '../support/provider-server';
import { bearer, TestApp } from '../support/test-app';

const SCOREBOARD_WEEK_1 = '/ncaa/scoreboard/football/fbs/2025/01/all-conf';
const HOUR = 3600 * 1000;

/** A pool of 2025 with week 1 (set up through the admin API) and the FBS teams seeded, on the given app. */
async function pool(t: TestApp, admin: string) {
  await t.dataSource.transaction((manager) => seedReferenceData(manager));
  const season = (await t.http.post('/api/football_seasons').set(bearer(admin)).send({ name: `2025-2026 ${Math.random()}`, start_date: '2025-08-01', end_date: '2026-01-31' }).expect(201)).body;
  const week = (await t.http.post('/api/weeks').set(bearer(admin)).send({ football_season_id: season.id, number: 1, start_date: '2025-08-23', end_date: '2025-08-31' }).expect(201)).body;
  const teams = new Map((await t.dataSource.getRepository(Team).find()).map((team) => [team.name, team.id]));
  const team = (name: string) => {
    const id = teams.get(name);
    if (id === undefined) throw new Error(`No team ${name}`);
    return id;
  };
  const game = async (away: string | number, home: string | number, kickoff: string, extra: object = {}): Promise<Game> =>
    (
      await t.http
        .post('/api/games')
        .set(bearer(admin))
        .send({ week_id: week.id, away_team_id: typeof away === 'number' ? away : team(away), home_team_id: typeof home === 'number' ? home : team(home), game_date: kickoff, ...extra })
        .expect(201)
    ).body;
  return { season, week, team, game };
}

const stored = (t: TestApp, id: number) => t.dataSource.getRepository(Game).findOneByOrFail({ id });

describe('Score sync (scoreboard)', () => {
  let server: ProviderServer;
  let t: TestApp;
  let admin: string;
  let members: User[];
  let setup: Awaited<ReturnType<typeof pool>>;
  /** Iowa State at Kansas State (Dublin, 24–21), the tiebreaker. */
  let dublin: Game;
  let kansas: Game;
  let ohioState: Game;
  let hawaii: Game;
  /** UNLV's opponent is a team the scoreboard names differently from anything of ours: matched by UNLV and the day. */
  let unlv: Game;
  let bengals: Team;
  /** Finished by the admin as 45–20; the scoreboard says 45–26. */
  let tennessee: Game;

  const sync = (body: object = {}, token = admin) => t.http.post('/api/score_sync').set(bearer(token)).send(body);
  const snapshot = async () => ({
    games: (await t.dataSource.getRepository(Game).find({ order: { id: 'ASC' } })).map(({ updated_at: _updated, ...game }) => game),
    audits: await t.dataSource.getRepository(GameAudit).count(),
    imports: await t.dataSource.getRepository(ProviderImport).count(),
    remembered: await t.dataSource.getRepository(TeamProviderId).count(),
    results: await t.dataSource.getRepository(WeeklyResult).count(),
  });

  beforeAll(async () => {
    server = await ProviderServer.start();
    t = await TestApp.start(server.env({ SCORE_SYNC_PROVIDER: 'scoreboard', PROVIDER_TIMEOUT: '1s' }));
    admin = await t.adminToken();
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });
  afterEach(() => server.reset());

  it('answers 422 when there is no current week and no week_id, and for an unknown week', async () => {
    expect((await sync().expect(422)).body).toEqual({ errors: [expect.stringMatching(/^There is no current week to sync/)] });
    expect((await sync({ week_id: 999999 }).expect(422)).body).toEqual({ errors: ['week_id does not match any week'] });
    expect((await sync({ week_id: 'one' }).expect(422)).body.errors[0]).toMatch(/week_id/);
    expect(server.requests).toEqual([]);
  });

  describe('on a week of real week-1 games', () => {
    beforeAll(async () => {
      setup = await pool(t, admin);
      const { game } = setup;
      dublin = await game('Iowa State', 'Kansas State', '2025-08-23T16:00:00Z', { is_tiebreaker: true });
      kansas = await game('Fresno State', 'Kansas', '2025-08-23T22:30:00Z');
      ohioState = await game('Texas', 'Ohio State', '2025-08-30T16:00:00Z');
      hawaii = await game('Stanford', "Hawai'i", '2025-08-23T23:30:00Z');
      bengals = await createTeam(t.dataSource, { name: 'ISU Bengals' });
      unlv = await game(bengals.id, 'UNLV', '2025-08-23T20:00:00Z');
      tennessee = await game('Syracuse', 'Tennessee', '2025-08-30T16:00:00Z');
      await t.http.patch(`/api/games/${tennessee.id}`).set(bearer(admin)).send({ home_score: 45, away_score: 20 }).expect(200);
      members = [await t.createUser({ name: 'Ann Homer' }), await t.createUser({ name: 'Bob Roader' })];
      for (const g of [dublin, kansas, ohioState, hawaii, unlv, tennessee]) {
        const tiebreaker = g.id === dublin.id ? { tiebreaker_home_score: 20, tiebreaker_away_score: 17 } : {};
        await createPick(t.dataSource, g, members[0].id, { selected_team_id: g.home_team_id, ...tiebreaker });
        await createPick(t.dataSource, g, members[1].id, { selected_team_id: g.away_team_id, ...tiebreaker });
      }
    });

    it('is for admins only', async () => {
      const { token } = await t.member();
      await sync({ week_id: setup.week.id }, token).expect(403);
      await t.http.post('/api/score_sync').send({ week_id: setup.week.id }).expect(401);
      expect(server.requests).toEqual([]);
    });

    it.each([
      ['is down', { status: 503 }, 502, /^The NCAA scoreboard answered HTTP 503/],
      ['drops the connection', { destroy: true as const }, 502, /^The NCAA scoreboard could not be reached/],
      ['sends something that is not JSON', { body: '<html>busy</html>', contentType: 'text/html' }, 502, /not JSON/],
      ['sends JSON of another shape', { json: { games: [{ game: { gameID: 1 } }] } }, 502, /format we do not recognise/],
      ['does not answer within PROVIDER_TIMEOUT', { hang: true as const }, 504, /did not answer within 1 s/],
      ['stops halfway through its answer', { stall: true as const }, 504, /^The NCAA scoreboard did not answer within 1 s\. Nothing was changed; try again later\.$/],
      ['sends an answer larger than the cap', { endless: true as const }, 502, /^The NCAA scoreboard sent an answer too large/],
    ])('writes nothing when the provider %s (%s)', async (_what, answer, status, message) => {
      const before = await snapshot();
      server.answer(SCOREBOARD_WEEK_1, answer);
      const { body } = await sync({ week_id: setup.week.id }).expect(status);
      expect(body).toEqual({ errors: [expect.stringMatching(message)] });
      expect(await snapshot()).toEqual(before);
      expect(server.requests).toEqual([SCOREBOARD_WEEK_1]);
    });

    it("writes the finals as the provider has them, the week's results follow, and each change is the sync's", async () => {
      const { body: report } = await sync({ week_id: setup.week.id }).expect(200);
      const iowaState = setup.team('Iowa State');
      expect(report).toEqual({
        id: expect.any(Number),
        provider: 'scoreboard',
        week_id: setup.week.id,
        ran_at: expect.any(String),
        changes: expect.any(Array),
        flagged: [
          {
            game_id: tennessee.id,
            game: 'Syracuse at Tennessee',
            flag: 'Completed by an admin as Syracuse 20, Tennessee 45, but the NCAA scoreboard has the final as Syracuse 26, Tennessee 45: check the score.',
          },
        ],
        unmatched: expect.arrayContaining([
          { external_id: '6459013', home: 'Kansas', away: 'Wagner' },
          { external_id: '6459406', home: 'Sam Houston', away: 'UNLV' },
        ]),
        unchanged: 0,
        results_calculated: true,
      });
      expect(report.changes).toHaveLength(5);
      expect(report.changes).toContainEqual({
        game_id: dublin.id,
        game: 'Iowa State at Kansas State',
        changes: [
          { field: 'status', from: 'scheduled', to: 'completed' },
          { field: 'home_score', from: null, to: 21 },
          { field: 'away_score', from: null, to: 24 },
          { field: 'winner_team_id', from: null, to: iowaState },
        ],
      });
      // Nothing the provider has that involves none of our teams is listed.
      expect(report.unmatched.every((game: { home: string; away: string }) => ['Kansas', 'Kansas St.', 'Iowa St.', 'UNLV', 'Ohio St.', 'Texas', 'Stanford', 'Hawaii', 'Fresno St.', 'Syracuse', 'Tennessee'].some((name) => [game.home, game.away].includes(name)))).toBe(true);

      const expected: [Game, number, number, number][] = [
        [dublin, 21, 24, iowaState],
        [kansas, 31, 7, setup.team('Kansas')],
        [ohioState, 14, 7, setup.team('Ohio State')],
        [hawaii, 23, 20, setup.team("Hawai'i")],
        [unlv, 38, 31, setup.team('UNLV')],
      ];
      for (const [game, home_score, away_score, winner_team_id] of expected) {
        expect(await stored(t, game.id)).toEqual(expect.objectContaining({ status: 'completed', home_score, away_score, winner_team_id, forfeit: false, sync_flag: null }));
      }
      // The admin's final stands, flagged.
      const { body: flagged } = await t.http.get(`/api/games/${tennessee.id}`).set(bearer(admin)).expect(200);
      expect(flagged).toEqual(expect.objectContaining({ status: 'completed', home_score: 45, away_score: 20, sync_flag: report.flagged[0].flag, sync_flagged_at: report.ran_at }));

      // The scoreboard's id of the opponent we call ISU Bengals is remembered.
      expect(await t.dataSource.getRepository(TeamProviderId).findBy({ provider: 'scoreboard' })).toEqual([
        expect.objectContaining({ external_id: 'idaho-st', external_name: 'Idaho St.', team_id: bengals.id }),
      ]);

      // The week is finished: Ann picked every home team (5 of 6 won), Bob every away team.
      const { body: results } = await t.http.get(`/api/weekly_results?week_id=${setup.week.id}`).set(bearer(admin)).expect(200);
      const byMember = new Map(results.map((row: { user: { id: number }; wins: number; losses: number }) => [row.user.id, [row.wins, row.losses]]));
      expect(byMember.get(members[0].id)).toEqual([5, 1]);
      expect(byMember.get(members[1].id)).toEqual([1, 5]);

      const { body: history } = await t.http.get(`/api/games/${dublin.id}/history`).set(bearer(admin)).expect(200);
      expect(history).toEqual([
        {
          id: expect.any(Number),
          action: 'score_sync',
          admin: null,
          by: 'Score sync',
          previous_value: { status: 'scheduled', winner_team_id: null, home_score: null, away_score: null, forfeit: false, forfeit_reason: null },
          new_value: { status: 'completed', winner_team_id: iowaState, home_score: 21, away_score: 24, forfeit: false, forfeit_reason: null },
          created_at: expect.any(String),
        },
      ]);
      const { body: adminsHistory } = await t.http.get(`/api/games/${tennessee.id}/history`).set(bearer(admin)).expect(200);
      expect(adminsHistory).toEqual([expect.objectContaining({ action: 'update', admin: expect.objectContaining({ id: expect.any(Number) }), by: expect.any(String) })]);
      expect(adminsHistory[0].by).not.toBe('Score sync');

      const recorded = await t.dataSource.getRepository(ProviderImport).findOneByOrFail({ id: report.id });
      expect(recorded).toEqual(
        expect.objectContaining({ kind: 'scores', provider: 'scoreboard', status: 'applied', week_id: setup.week.id, football_season_id: setup.season.id, created_by: expect.any(Number) }),
      );
      expect(JSON.parse(recorded.summary!)).toEqual(report);
    });

    it('changes nothing when synced again with the same data', async () => {
      const before = await snapshot();
      const { body: report } = await sync({ week_id: setup.week.id }).expect(200);
      expect(report).toEqual(expect.objectContaining({ changes: [], unchanged: 5, results_calculated: true }));
      expect(report.flagged.map((flag: { game_id: number }) => flag.game_id)).toEqual([tennessee.id]);
      const after = await snapshot();
      expect({ ...after, imports: after.imports - 1 }).toEqual(before);
    });

    it('flags a game the provider does not have that is not final 8 h after kickoff, and clears the flag once it is final', async () => {
      const overdue = await setup.game('Rice', 'Navy', new Date(Date.now() - 10 * HOUR).toISOString());
      const early = await setup.game('Tulsa', 'Army', new Date(Date.now() - 2 * HOUR).toISOString());
      // With no week_id: the current week (the only week of the current season).
      const { body: report } = await sync().expect(200);
      expect(report.week_id).toBe(setup.week.id);
      expect(report.changes).toEqual([]);
      expect(report.flagged).toContainEqual({
        game_id: overdue.id,
        game: 'Rice at Navy',
        flag: 'Not final 8 hours after kickoff and the NCAA scoreboard does not list it: postponed or cancelled?',
      });
      expect(report.flagged.map((flag: { game_id: number }) => flag.game_id)).not.toContain(early.id);
      expect(await stored(t, overdue.id)).toEqual(expect.objectContaining({ status: 'scheduled', winner_team_id: null, sync_flag: expect.stringMatching(/^Not final/) }));
      expect(report.results_calculated).toBe(true);

      await t.http.patch(`/api/games/${overdue.id}`).set(bearer(admin)).send({ home_score: 31, away_score: 10 }).expect(200);
      const { body: again } = await sync().expect(200);
      expect(again.flagged.map((flag: { game_id: number }) => flag.game_id)).toEqual([tennessee.id]);
      expect(await stored(t, overdue.id)).toEqual(expect.objectContaining({ status: 'completed', sync_flag: null, sync_flagged_at: null }));
    });

    it('writes a live score without a winner, and flags a game the provider has postponed', async () => {
      const boise = (await setup.game('Boise State', 'South Florida', '2025-08-28T23:30:00Z')).id;
      const mississippiState = await setup.game('Mississippi State', 'Southern Miss', '2025-08-30T16:00:00Z');
      const answer = fixture<{ games: { game: Record<string, unknown> }[] }>('ncaa-api/scoreboard-2025-01.json');
      for (const { game } of answer.games) {
        if (game.gameID === '6458875') Object.assign(game, { gameState: 'live', finalMessage: '3RD', home: { ...(game.home as object), score: '20' }, away: { ...(game.away as object), score: '7' } });
        if (game.gameID === '6459075') Object.assign(game, { gameState: 'pre', finalMessage: 'Postponed', home: { ...(game.home as object), score: '' }, away: { ...(game.away as object), score: '' } });
      }
      server.answer(SCOREBOARD_WEEK_1, { json: answer });
      const { body: report } = await sync().expect(200);
      expect(report.changes).toEqual([
        {
          game_id: boise,
          game: 'Boise State at South Florida',
          changes: [
            { field: 'status', from: 'scheduled', to: 'in_progress' },
            { field: 'home_score', from: null, to: 20 },
            { field: 'away_score', from: null, to: 7 },
          ],
        },
      ]);
      expect(await stored(t, boise)).toEqual(expect.objectContaining({ status: 'in_progress', winner_team_id: null, home_score: 20, away_score: 7 }));
      expect(report.flagged).toContainEqual({ game_id: mississippiState.id, game: 'Mississippi State at Southern Miss', flag: 'The NCAA scoreboard reports this game postponed: cancel it, or move its kickoff.' });
      expect(await stored(t, mississippiState.id)).toEqual(expect.objectContaining({ status: 'scheduled', home_score: null }));
    });
  });
});

describe('Score sync (CollegeFootballData)', () => {
  let server: ProviderServer;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    server = await ProviderServer.start();
    t = await TestApp.start(server.env({ SCORE_SYNC_PROVIDER: 'cfbd' }));
    admin = await t.adminToken();
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  it("finds games by CFBD's id, by their teams, and by swapped teams at a neutral site", async () => {
    const { week, team, game } = await pool(t, admin);
    // Entered with the teams the other way round: CFBD has Kansas State at home in Dublin, a neutral site.
    const dublin = await game('Kansas State', 'Iowa State', '2025-08-23T16:00:00Z');
    // Imported from CFBD with its id; the kickoff has moved since by more than the 36 h the teams would allow.
    const ohioState = await game('Texas', 'Ohio State', '2025-09-03T16:00:00Z');
    await t.dataSource.getRepository(Game).update(ohioState.id, { provider: 'cfbd', external_id: '401752677' });
    const kansas = await game('Fresno State', 'Kansas', '2025-08-23T22:30:00Z');
    const member = await t.createUser();
    for (const picked of [dublin, ohioState, kansas]) await createPick(t.dataSource, picked, member.id, picked.id === kansas.id ? { tiebreaker_home_score: 28, tiebreaker_away_score: 10 } : {});

    const { body: report } = await t.http.post('/api/score_sync').set(bearer(admin)).send({ week_id: week.id }).expect(200);
    expect(report).toEqual(expect.objectContaining({ provider: 'cfbd', flagged: [], unchanged: 0, results_calculated: true }));
    expect(report.changes.map((change: { game_id: number }) => change.game_id).sort()).toEqual([dublin.id, ohioState.id, kansas.id].sort());
    expect(await stored(t, dublin.id)).toEqual(expect.objectContaining({ status: 'completed', home_score: 24, away_score: 21, winner_team_id: team('Iowa State') }));
    expect(await stored(t, ohioState.id)).toEqual(expect.objectContaining({ status: 'completed', home_score: 14, away_score: 7, winner_team_id: team('Ohio State') }));
    expect(await stored(t, kansas.id)).toEqual(expect.objectContaining({ status: 'completed', home_score: 31, away_score: 7, winner_team_id: team('Kansas') }));
    // CFBD's calendar tells a regular week from the postseason; it is kept, so the next sync asks for the games only.
    expect(server.requests).toEqual(['/cfbd/calendar?year=2025', '/cfbd/games?year=2025&week=1&seasonType=regular&classification=fbs']);

    server.requests.length = 0;
    const again = (await t.http.post('/api/score_sync').set(bearer(admin)).send({ week_id: week.id }).expect(200)).body;
    expect(again).toEqual(expect.objectContaining({ changes: [], flagged: [], unchanged: 3 }));
    expect(server.requests).toEqual(['/cfbd/games?year=2025&week=1&seasonType=regular&classification=fbs']);
  });
});

describe('Score sync job', () => {
  let server: ProviderServer;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    server = await ProviderServer.start();
    const env = server.env({ SCORE_SYNC_PROVIDER: 'scoreboard', SCORE_SYNC_INTERVAL: '5m' });
    a = await TestApp.start(env);
    b = await TestApp.startBeside(a, env);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await server?.close();
  });
  afterEach(() => jest.restoreAllMocks());

  /** Both instances check their jobs at the same moment, twice. */
  const tickBothAt = async (iso: string) => {
    for (const app of [a, b]) jest.spyOn(app.app.get(Clock), 'now').mockImplementation(() => new Date(iso));
    await Promise.all([a, b, a, b].map((app) => app.app.get(JobRunnerService).tick()));
  };
  const runs = () => a.dataSource.getRepository(MaintenanceRun).find({ where: { job: 'score-sync' }, order: { id: 'ASC' } });

  it('syncs once per slot across instances only while a game is under way; a failing provider fails the run without retrying it', async () => {
    const { game } = await pool(a, await a.adminToken());
    const dublin = await game('Iowa State', 'Kansas State', '2025-08-23T16:00:00Z');

    // Before kickoff nothing is under way: no run, no request.
    await tickBothAt('2025-08-23T15:58:00Z');
    expect(await runs()).toEqual([]);
    expect(server.requests).toEqual([]);

    // Under way, the provider down: the slot's one run fails with the provider's message, and is not tried again.
    server.answer(SCOREBOARD_WEEK_1, { status: 500 });
    await tickBothAt('2025-08-23T16:31:00Z');
    await tickBothAt('2025-08-23T16:33:00Z');
    expect(await runs()).toEqual([
      expect.objectContaining({ slot: '2025-08-23T16:30', status: 'failed', attempts: 1, message: expect.stringMatching(/^Error: The NCAA scoreboard answered HTTP 500/) }),
    ]);
    expect(server.requests).toEqual([SCOREBOARD_WEEK_1]);
    expect(await stored(a, dublin.id)).toEqual(expect.objectContaining({ status: 'scheduled', home_score: null }));

    // The next slot, the provider back: one run by one of the two instances writes the final.
    server.reset();
    await tickBothAt('2025-08-23T16:35:00Z');
    expect(await runs()).toEqual([
      expect.objectContaining({ slot: '2025-08-23T16:30', status: 'failed' }),
      expect.objectContaining({ slot: '2025-08-23T16:35', status: 'succeeded', attempts: 1, message: expect.stringMatching(/^Scores from scoreboard: week \d+: 1 changed, 0 flagged/) }),
    ]);
    expect(server.requests).toEqual([SCOREBOARD_WEEK_1]);
    expect(await stored(a, dublin.id)).toEqual(expect.objectContaining({ status: 'completed', home_score: 21, away_score: 24 }));
    const audits = await a.dataSource.getRepository(GameAudit).findBy({ game_id: dublin.id });
    expect(audits).toEqual([expect.objectContaining({ action: 'score_sync', admin_id: null })]);
    expect(await a.dataSource.getRepository(ProviderImport).findBy({ kind: 'scores' })).toEqual([expect.objectContaining({ status: 'applied', created_by: null })]);

    // Final: nothing is under way any more, so nothing is due.
    await tickBothAt('2025-08-23T16:41:00Z');
    expect(await runs()).toHaveLength(2);
    expect(server.requests).toHaveLength(1);
  });
});
