import { Game } from '../../src/games/entities/game.entity';
import { ProviderImport } from '../../src/imports/entities/provider-import.entity';
import { FootballSeason } from '../../src/seasons/entities/football-season.entity';
import { Week } from '../../src/seasons/weeks/entities/week.entity';
import { TeamProviderId } from '../../src/teams/entities/team-provider-id.entity';
import { createSeason, createWeek } from '../support/factories';
import { CFBD_KEY, ProviderServer } from '../support/provider-server';
import { bearer, TestApp } from '../support/test-app';
import { cfbdGames, closedPort, GAMES_PATH, importsSuite, INTERNAL_CODE, Json, LINES_PATH } from '../support/imports-suite';

jest.setTimeout(60_000);

describe('Imports (docs/imports.md)', () => {
  const s = importsSuite();
  const { nextSeason, week1, preview, counts } = s;
  let server: ProviderServer, t: TestApp, admin: string, member: string;
  beforeAll(() => ({ server, t, admin, member } = s));

  describe('when the provider fails, nothing is written', () => {
    it.each([
      ['sends something that is not JSON', 502, () => server.answer(GAMES_PATH, { body: 'not json' }), /CollegeFootballData sent an answer that is not JSON/],
      ['answers an error', 502, () => server.answer(LINES_PATH, { status: 500 }), /CollegeFootballData answered HTTP 500/],
      ['drops the connection', 502, () => server.answer(GAMES_PATH, { destroy: true }), /CollegeFootballData/],
      ['sends another format', 502, () => server.answer(GAMES_PATH, { json: [{ id: 'x' }] }), /format we do not recognise/],
      // The deadline covers the body too: a provider that stops halfway is as late as one that never answers.
      ['stalls halfway through its answer', 504, () => server.answer(GAMES_PATH, { stall: true }), /^CollegeFootballData did not answer within 3 s\./],
      // Reading stops at the cap: a body that never ends is refused at once, not read until the deadline.
      ['sends an answer that never ends', 502, () => server.answer(GAMES_PATH, { endless: true }), /^CollegeFootballData sent an answer too large/],
    ])('%s → %i', async (_name, status, fault, message) => {
      const week = await week1();
      fault();
      const before = await counts();
      const response = await preview(week.id).expect(status);
      expect(response.body.errors[0]).toMatch(message);
      expect(response.body.errors[0]).not.toMatch(INTERNAL_CODE);
      // The web app reads this header as "the API is fine, a provider is not" (no "Can't reach the server" banner).
      expect(response.headers['upstream-failure']).toBe('data-provider');
      expect(await counts()).toEqual(before);
    });

    it('refuses a redirect to another host (another port counts), and the other host is never asked', async () => {
      const elsewhere = await ProviderServer.start();
      try {
        for (const target of [`${elsewhere.url}/cfbd/games`, `${elsewhere.url.replace('127.0.0.1', 'localhost')}/cfbd/games`]) {
          const week = await week1();
          server.answer(GAMES_PATH, { redirect: target });
          const before = await counts();
          const response = await preview(week.id).expect(502);
          expect(response.body.errors[0]).toMatch(/^CollegeFootballData redirected the request to another host \(.+\); it was not followed\./);
          expect(response.headers['upstream-failure']).toBe('data-provider');
          expect(await counts()).toEqual(before);
        }
        expect(elsewhere.requests).toEqual([]);
      } finally {
        await elsewhere.close();
      }
    });

    it('follows a redirect on the same host', async () => {
      const week = await week1();
      server.answer(GAMES_PATH, { redirect: '/cfbd/v2/games?year=2025&week=1&seasonType=regular', status: 301 });
      server.answer('/cfbd/v2/games', { json: cfbdGames() });
      const { body } = await preview(week.id).expect(201);
      expect(body.games).toHaveLength(96);
      expect(server.requests).toContain('/cfbd/v2/games?year=2025&week=1&seasonType=regular');
    });

    it('gives up after a few redirects on the same host', async () => {
      const week = await week1();
      server.answer(GAMES_PATH, { redirect: GAMES_PATH });
      const before = await counts();
      expect((await preview(week.id).expect(502)).body.errors[0]).toMatch(/^CollegeFootballData redirected the request too many times\./);
      expect(await counts()).toEqual(before);
    });

    it('answers 504 when the provider hangs past PROVIDER_TIMEOUT', async () => {
      const week = await week1();
      server.answer(LINES_PATH, { hang: true });
      const before = await counts();
      // The stand-in never answers: only the deadline can end the request, so the 504 itself proves it fired.
      const response = await preview(week.id).expect(504);
      expect(response.headers['upstream-failure']).toBe('data-provider');
      expect(response.body.errors[0]).toMatch(/CollegeFootballData did not answer within 3 s/);
      expect(await counts()).toEqual(before);
    });

    it.each([
      ['a wrong key', 502, async () => server.env({ CFBD_API_KEY: 'wrong-key' }), /refused the request \(HTTP 401\).*CFBD_API_KEY/],
      ['the provider down', 502, async () => ({ ...server.env(), CFBD_BASE_URL: `http://127.0.0.1:${await closedPort()}/cfbd` }), /could not be reached \(connection refused\)/],
      ['no key', 422, async () => ({ SCOREBOARD_BASE_URL: `${server.url}/ncaa` }), /needs an API key: set CFBD_API_KEY/],
    ])('with %s → %i', async (_name, status, env, message) => {
      const other = await TestApp.start(await env());
      try {
        const token = await other.adminToken();
        const season = await createSeason(other.dataSource, { year: 2025 });
        const week = await createWeek(other.dataSource, { football_season_id: season.id, number: 1 });
        const count = () => Promise.all([Game, ProviderImport, TeamProviderId].map((entity) => other.dataSource.getRepository(entity).count()));
        const before = await count();
        const response = await other.http.post('/api/imports').set(bearer(token)).send({ week_id: week.id, provider: 'cfbd' }).expect(status);
        expect(response.body.errors[0]).toMatch(message);
        const calendar = await other.http.post(`/api/football_seasons/${season.id}/weeks/import`).set(bearer(token)).send({ provider: 'cfbd' }).expect(status);
        expect(calendar.body.errors[0]).toMatch(message);
        expect(await count()).toEqual(before);
        expect(await other.dataSource.getRepository(Week).countBy({ football_season_id: season.id })).toBe(1);
        if (status === 422) {
          const providers = await other.http.get('/api/providers').set(bearer(token)).expect(200);
          expect(providers.body[0]).toMatchObject({ name: 'cfbd', configured: false });
        }
      } finally {
        await other.close();
      }
    });
  });

  it('refuses a preview of a week that does not exist and CSV without its contents', async () => {
    expect((await preview(999999).expect(422)).body.errors).toEqual(['week_id does not match any week']);
    const week = await week1();
    expect((await t.http.post('/api/imports').set(bearer(admin)).send({ week_id: week.id, provider: 'csv' }).expect(422)).body.errors).toEqual([
      "CSV import needs the file's contents in csv",
    ]);
    expect((await t.http.post('/api/imports').set(bearer(admin)).send({ week_id: week.id, provider: 'espn' }).expect(422)).body.errors[0]).toMatch(/provider must be one of/);
  });

  it('creates the season weeks from the CFBD calendar, once', async () => {
    const season = await createSeason(t.dataSource, { name: `Calendar 2025 ${nextSeason()}`, year: 2025, start_date: '2025-08-23', end_date: '2026-01-20' });
    const url = `/api/football_seasons/${season.id}/weeks/import`;
    const first = await t.http.post(url).set(bearer(admin)).send({ provider: 'cfbd' }).expect(200);
    expect(first.body).toMatchObject({ created: 17, unchanged: 0 });
    expect(first.body.weeks.map((week: Json) => week.number)).toEqual([...Array(17).keys()].map((n) => n + 1));
    expect(first.body.weeks[0]).toMatchObject({ number: 1, start_date: '2025-08-23', end_date: '2025-09-01', football_season_id: season.id, games_count: 0 });
    expect(first.body.weeks[16]).toMatchObject({ number: 17, start_date: '2025-12-13', end_date: '2026-01-20' });

    const second = await t.http.post(url).set(bearer(admin)).send({ provider: 'cfbd' }).expect(200);
    expect(second.body).toMatchObject({ created: 0, unchanged: 17 });
    expect(await t.dataSource.getRepository(Week).countBy({ football_season_id: season.id })).toBe(17);
    const records = await t.dataSource.getRepository(ProviderImport).findBy({ kind: 'calendar', football_season_id: season.id });
    expect(records.map((record) => [record.status, JSON.parse(record.summary!).created.length])).toEqual([
      ['applied', 17],
      ['applied', 0],
    ]);

    // A week the season has is left as it is.
    const other = await createSeason(t.dataSource, { name: `Calendar 2025 ${nextSeason()}`, year: 2025 });
    await createWeek(t.dataSource, { football_season_id: other.id, number: 1, start_date: '2025-08-30', end_date: '2025-09-06' });
    const partial = await t.http.post(`/api/football_seasons/${other.id}/weeks/import`).set(bearer(admin)).send({ provider: 'cfbd' }).expect(200);
    expect(partial.body).toMatchObject({ created: 16, unchanged: 1 });
    expect(partial.body.weeks[0]).toMatchObject({ number: 1, start_date: '2025-08-30', end_date: '2025-09-06' });

    await t.http.post('/api/football_seasons/999999/weeks/import').set(bearer(admin)).send({ provider: 'cfbd' }).expect(404);
    expect((await t.http.post(url).set(bearer(admin)).send({ provider: 'scoreboard' }).expect(422)).body.errors[0]).toMatch(/provider must be one of: cfbd/);
    expect(await t.dataSource.getRepository(FootballSeason).countBy({ id: season.id })).toBe(1);
  });

  it('previews a week after the last regular one as the postseason', async () => {
    const season = await createSeason(t.dataSource, { name: `Post 2025 ${nextSeason()}`, year: 2025 });
    const week = await createWeek(t.dataSource, { football_season_id: season.id, number: 17 });
    server.answer('/cfbd/games?year=2025&week=1&seasonType=postseason', { json: [] });
    server.answer('/cfbd/lines?year=2025&week=1&seasonType=postseason', { json: [] });
    server.answer('/cfbd/rankings?year=2025&seasonType=postseason', { json: [] });
    const { body } = await preview(week.id).expect(201);
    expect(body.games).toEqual([]);
    // CFBD's calendar (asked at this app's first CFBD preview, and kept for a day) makes week 17 its postseason week 1.
    expect(server.requests).toEqual(expect.arrayContaining([expect.stringMatching(/^\/cfbd\/games\?year=2025&week=1&seasonType=postseason/)]));
    const scoreboard = await preview(week.id, 'scoreboard').expect(201);
    expect(scoreboard.body.games.length).toBeGreaterThan(0);
    expect(server.requests).toContain('/ncaa/scoreboard/football/fbs/2025/P/all-conf');
  });

  it.each([
    ['GET', '/api/providers'],
    ['POST', '/api/imports'],
    ['GET', '/api/imports'],
    ['GET', '/api/imports/1'],
    ['POST', '/api/imports/1/apply'],
    ['POST', '/api/football_seasons/1/weeks/import'],
  ])('answers 403 to a member: %s %s', async (method, url) => {
    const call = method === 'GET' ? t.http.get(url) : t.http.post(url).send({});
    expect((await call.set(bearer(member)).expect(403)).body).toEqual({ errors: ['You are not allowed to do this'] });
  });

  it('keeps the CFBD key out of every answer', async () => {
    const week = await week1();
    const response = await preview(week.id).expect(201);
    expect(JSON.stringify(response.body)).not.toContain(CFBD_KEY);
  });
});
