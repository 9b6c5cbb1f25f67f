import { Browser, chromium, Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { Game } from '../../src/games/entities/game.entity';
import { createGame, createSeason, createTeam, createWeek, dateFromNow } from '../support/factories';
import { PASSWORD, TestApp } from '../support/test-app';

/**
 * A member in real Chromium while the API cannot be reached: every /api call answers 503 with the API's error body
 * and Retry-After (as when its database is down), then the API comes back. The member is told, stays signed in on
 * their page, sees a pick save fail rather than vanish, and the page catches up by itself afterwards.
 */
jest.setTimeout(30_000);

describe('A member while the server cannot be reached', () => {
  const NOTICE = "Can't reach the server. Retrying…";
  const DB_DOWN = 'The database is not available right now; please try again in a moment.';
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let base: string;
  let email: string;
  let thisWeek: Game;
  let nextWeek: Game;
  let nextWeekId: number;

  const matchup = (game: Game) => `${game.away_team!.name} @ ${game.home_team!.name}`;
  const card = (game: Game) => page.getByRole('article', { name: matchup(game) });
  const notice = () => page.getByRole('status').filter({ hasText: NOTICE });
  const withTeams = (game: Game) => t.dataSource.getRepository(Game).findOneOrFail({ where: { id: game.id }, relations: { home_team: true, away_team: true } });

  /** Resolves once the page has sent `count` requests to the path. */
  const requestsFor = (path: string, count: number) =>
    new Promise<void>((resolve) => {
      let seen = 0;
      const onRequest = (request: { url(): string }) => {
        if (!request.url().endsWith(path) || ++seen < count) return;
        page.off('request', onRequest);
        resolve();
      };
      page.on('request', onRequest);
    });

  /** Every API call answers 503 until the returned function is called. */
  async function takeTheApiDown(): Promise<() => Promise<void>> {
    const down = '**/api/**';
    await page.route(down, (route) =>
      route.fulfill({ status: 503, headers: { 'Retry-After': '1' }, contentType: 'application/json', body: JSON.stringify({ errors: [DB_DOWN] }) }),
    );
    return () => page.unroute(down);
  }

  /** Still on the dashboard and still signed in: no session-expired warning, no login page, the token kept. */
  async function expectStillSignedIn() {
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.getByRole('heading', { name: `Welcome back, ${email}` }).waitFor();
    expect(await page.getByText('Your session has expired. Please log in again.').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Sign In' }).count()).toBe(0);
    expect(await page.evaluate('localStorage.getItem("token")')).toBeTruthy();
  }

  beforeAll(async () => {
    t = await TestApp.start();
    await t.app.listen(0, '127.0.0.1');
    base = await t.app.getUrl();
    email = (await t.createUser()).email;

    const ds = t.dataSource;
    const season = await createSeason(ds, { is_current: true, name: '2026 Season' });
    const week = await createWeek(ds, { football_season_id: season.id, number: 1 });
    const later = await createWeek(ds, { football_season_id: season.id, number: 2, start_date: dateFromNow(6), end_date: dateFromNow(13) });
    nextWeekId = later.id;
    const team = (name: string) => createTeam(ds, { name });
    thisWeek = await withTeams(await createGame(ds, { week_id: week.id, away_team_id: (await team('Auburn')).id, home_team_id: (await team('Alabama')).id }));
    nextWeek = await withTeams(
      await createGame(ds, { week_id: later.id, away_team_id: (await team('Baylor')).id, home_team_id: (await team('Boise State')).id, game_date: new Date(Date.now() + 9 * 24 * 3600 * 1000) }),
    );

    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    // page.route cannot see what a service worker fetches: the worker is kept out, as on a first visit.
    page = await (await browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block' })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('logs in and sees the week', async () => {
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await card(thisWeek).waitFor();
    expect(await notice().count()).toBe(0);
  });

  it('is told the server cannot be reached, stays signed in, and sees a pick save fail', async () => {
    const bringBack = await takeTheApiDown();
    const team = thisWeek.home_team!.name;
    await card(thisWeek).getByRole('button', { name: team, exact: true }).click();
    await page.getByText(`Pick submission failed: ${DB_DOWN}`).waitFor();
    await notice().waitFor();
    expect(await card(thisWeek).getByRole('button', { name: team, exact: true }).getAttribute('aria-pressed')).toBe('false');

    // Another week cannot be read either: the page asks again by itself (after Retry-After), the notice stays.
    const retried = requestsFor(`/api/games?week_id=${nextWeekId}`, 3);
    await page.getByLabel('Week', { exact: true }).selectOption(String(nextWeekId));
    await retried;
    await notice().waitFor();
    await expectStillSignedIn();

    await bringBack();
    // The page's own retry gets through: the notice goes and the week's games load.
    await card(nextWeek).waitFor();
    await notice().waitFor({ state: 'detached' });
    await expectStillSignedIn();
  });

  it('can save the pick once the server is back', async () => {
    await page.getByLabel('Week', { exact: true }).selectOption(String(thisWeek.week_id));
    const team = thisWeek.home_team!.name;
    const saved = page.waitForResponse((response) => response.url().includes('/api/picks') && response.request().method() === 'POST');
    await card(thisWeek).getByRole('button', { name: team, exact: true }).click();
    expect((await saved).status()).toBe(201);
    await page.getByText(`Pick saved for ${matchup(thisWeek)}: ${team}`).waitFor();
  });
});
