import { Browser, chromium, Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { CspWatch } from './csp-watch';
import { axeViolations, horizontalOverflow } from './screen-checks';
import { Clock } from '../../src/common/clock';
import { Game } from '../../src/games/entities/game.entity';
import { LIVE_BOARD_TTL_MS } from '../../src/live/live-board.service';
import { createGame, createPick, createSeason, createTeam, createWeek, hoursFromNow } from '../support/factories';
import { bearer, PASSWORD, TestApp } from '../support/test-app';

/**
 * The live board on a phone (docs/saturday.md#the-live-board): a member watches /live while the admin enters a
 * score, and the page shows the new score and the new leaderboard by itself, in the same document (no reload, no
 * navigation). The page polls every second here (`/live?poll=1000`, LivePage's test override); the server keeps
 * each board LIVE_BOARD_TTL_MS by its Clock, which the test moves on after the score instead of sleeping.
 */
jest.setTimeout(30_000);

describe('The live board on a phone', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let csp: CspWatch;
  let base: string;
  let admin: string;
  /** How far the server's clock runs ahead of the real one. */
  let skew = 0;
  const games: Game[] = [];
  const navigations: string[] = [];
  const member = { email: 'ann@pool.test', name: 'Ann' };

  const matchup = (game: Game) => `${game.away_team!.name} @ ${game.home_team!.name}`;
  const card = (game: Game) => page.getByRole('article', { name: matchup(game) });
  const scores = (game: Game) => card(game).getByTestId('score').allTextContents();
  const leaderboardRows = () => page.getByRole('table', { name: 'Projected leaderboard' }).getByTestId('live-leaderboard-row').allInnerTexts();
  const isBoard = (url: string) => new URL(url).pathname === '/api/live';

  beforeAll(async () => {
    t = await TestApp.start({ APP_NAME: 'Saturday Pool' });
    await t.app.listen(0, '127.0.0.1');
    base = await t.app.getUrl();
    admin = await t.adminToken();
    jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => new Date(Date.now() + skew));

    const ds = t.dataSource;
    const season = await createSeason(ds, { is_current: true, name: '2026 Season' });
    const week = await createWeek(ds, { football_season_id: season.id, number: 1 });
    const team = (name: string) => createTeam(ds, { name });
    // Final, in progress, and not yet started: the first two locked (kickoffs in the past), the third open.
    const setups: [string, string, number, Partial<Game>][] = [
      ['Auburn', 'Alabama', -3, { status: 'completed', home_score: 21, away_score: 14 }],
      ['Clemson', 'Georgia', -1, { status: 'in_progress', home_score: 7, away_score: 10 }],
      ['Duke', 'Drake', 48, {}],
    ];
    for (const [away, home, hours, fields] of setups) {
      const awayTeam = await team(away);
      const homeTeam = await team(home);
      const winner = fields.status === 'completed' ? { winner_team_id: homeTeam.id } : {};
      const game = await createGame(ds, { week_id: week.id, away_team_id: awayTeam.id, home_team_id: homeTeam.id, game_date: hoursFromNow(hours), ...fields, ...winner });
      games.push((await ds.getRepository(Game).findOne({ where: { id: game.id }, relations: { home_team: true, away_team: true } }))!);
    }
    // Ann and Cy picked Alabama (right), Bob Auburn; on the game in progress Ann took Clemson, Bob and Cy Georgia.
    const picks: [string, 'home' | 'away', 'home' | 'away'][] = [
      ['Ann', 'home', 'away'],
      ['Bob', 'away', 'home'],
      ['Cy', 'home', 'home'],
    ];
    for (const [name, first, second] of picks) {
      const user = name === member.name ? await t.createUser(member) : await t.createUser({ name });
      for (const [index, side] of [first, second].entries()) {
        const game = games[index];
        await createPick(ds, game, user.id, { selected_team_id: side === 'home' ? game.home_team_id : game.away_team_id });
      }
    }

    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, colorScheme: 'light' });
    csp = await CspWatch.on(context);
    page = await context.newPage();
    // A step that cannot happen fails in seconds, not at the test's timeout.
    page.setDefaultTimeout(8000);
  });
  // Every step ran under the server's Content-Security-Policy with nothing refused.
  afterEach(() => expect(csp.take()).toEqual([]));
  afterAll(async () => {
    jest.restoreAllMocks();
    await browser?.close();
    await t?.close();
  });

  it('signs in and opens the live board: scores, states, the leaderboard and who can still win, on 390 px', async () => {
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('heading', { name: `Welcome back, ${member.email}` }).waitFor();

    // A game is in progress: the top bar links the live board.
    await page.getByRole('button', { name: 'Menu' }).tap();
    await page.getByRole('link', { name: 'Live' }).waitFor();
    await page.getByRole('button', { name: 'Menu' }).tap();

    await page.goto(`${base}/live?poll=1000`);
    await page.getByRole('heading', { level: 1, name: 'Live board' }).waitFor();
    await page.getByText('Week 1 · 2026 Season').waitFor();
    await card(games[0]).getByText('Final').waitFor();
    await card(games[1]).getByText('Live', { exact: true }).waitFor();
    expect(await scores(games[0])).toEqual(['14', '21']);
    expect(await scores(games[1])).toEqual(['10', '7']);
    // Ann's own pick sits on each card, under the score: right on the final, winning on the game being played.
    expect(await card(games[0]).getByTestId('own-pick').innerText()).toMatch(/^Your pick: Alabama\s*Right$/);
    expect(await card(games[1]).getByTestId('own-pick').innerText()).toMatch(/^Your pick: Clemson\s*Winning$/);
    expect(await card(games[2]).getByTestId('own-pick').innerText()).toBe('Your pick: none');
    // The locked games show how the members split; the open one does not yet.
    await card(games[1]).getByText('Picks: Clemson 1 · Georgia 2').waitFor();
    expect(await card(games[2]).getByText(/^Picks:/).count()).toBe(0);
    expect((await leaderboardRows()).map((row) => row.split(/\s+/).join(' '))).toEqual(['1 Ann 1 1–0', '1 Cy 1 1–0', '3 Bob 0 0–1']);
    await page.getByRole('region', { name: 'This week' }).getByTestId('contender').first().waitFor();
    expect(await page.getByRole('region', { name: 'Scores' }).getAttribute('aria-live')).toBe('polite');
    expect(await horizontalOverflow(page)).toBeNull();
    // WCAG AA in both themes.
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Switch to dark mode' }).tap();
    await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Switch to light mode' }).tap();
  });

  it('asks again with If-None-Match and gets 304 while nothing changes', async () => {
    const answer = await page.waitForResponse((response) => isBoard(response.url()) && response.status() === 304, );
    expect(await answer.request().headerValue('if-none-match')).toMatch(/^W\/"/);
  });

  it('shows a new score and the new leaderboard without a reload when the admin enters it', async () => {
    await page.evaluate('window.__marker = "same document"');
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });
    const updated = await page.getByTestId('live-updated').textContent();

    const georgia = games[1];
    await t.http
      .put(`/api/games/${georgia.id}`)
      .set(bearer(admin))
      .send({ status: 'completed', home_score: 28, away_score: 10, winner_team_id: georgia.home_team_id })
      .expect(200);
    // The server's kept board is now old: its clock moves past the 5 seconds.
    skew += LIVE_BOARD_TTL_MS;

    const fresh = page.waitForResponse((response) => isBoard(response.url()) && response.status() === 200);
    await card(georgia).getByText('Final').waitFor();
    expect((await fresh).request().headers()['if-none-match']).toBeDefined();
    expect(await scores(georgia)).toEqual(['10', '28']);
    await card(georgia).getByText('Georgia (winner)').waitFor();
    expect(await card(georgia).getByTestId('own-pick').innerText()).toMatch(/^Your pick: Clemson\s*Wrong$/);
    expect((await leaderboardRows()).map((row) => row.split(/\s+/).join(' '))).toEqual(['1 Cy 2 2–0', '2 Ann 1 1–1', '2 Bob 1 1–1']);
    expect(await page.getByTestId('live-updated').textContent()).not.toBe(updated);
    // Who can still win moved too: Cy has 2 and can reach 3 with the game still open to picks.
    const leader = page.getByRole('region', { name: 'This week' }).getByTestId('contender').first();
    await leader.getByText('2 pts now, 3 at most').waitFor();
    expect(await leader.innerText()).toMatch(/^Cy\s+Can still win/);

    // The same document all along: nothing navigated, nothing reloaded.
    expect(await page.evaluate('window.__marker')).toBe('same document');
    expect(navigations).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/live');
    expect(await horizontalOverflow(page)).toBeNull();
  });
});
