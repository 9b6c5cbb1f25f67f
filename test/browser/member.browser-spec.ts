import { Browser, BrowserContext, chromium, Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { CspWatch } from './csp-watch';
import { Game } from '../../src/games/entities/game.entity';
import { createGame, createSeason, createTeam, createWeek, hoursFromNow } from '../support/factories';
import { linkIn, TestSmtpServer } from '../support/smtp';
import { bearer, TestApp } from '../support/test-app';

/**
 * A member's season in real Chromium, on a phone-sized screen, against the real server on a fresh database: the
 * invitation e-mail, registration, login, picks, the locks, results, the end of the session and the theme.
 * The steps build on each other, like a member's week does.
 */
jest.setTimeout(30_000);

describe('A member in Chromium', () => {
  const EMAIL = 'rookie@pool.test';
  const PASSWORD = 'kickoff-season1';
  let smtp: TestSmtpServer;
  let t: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let csp: CspWatch;
  let base: string;
  let admin: string;
  let weekId: number;
  let games: Game[];
  /** The team name the member picked per game. */
  const picked = new Map<number, string>();

  const matchup = (game: Game) => `${game.away_team!.name} @ ${game.home_team!.name}`;
  const card = (game: Game) => page.getByRole('article', { name: matchup(game) });
  const picksAnswer = (method: string) => (response: { url(): string; request(): { method(): string } }) =>
    response.url().includes('/api/picks') && response.request().method() === method;

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    t = await TestApp.start({ SMTP_URL: smtp.url, APP_NAME: 'Saturday Pool' });
    await t.app.listen(0, '127.0.0.1');
    base = await t.app.getUrl();
    admin = await t.adminToken();

    const ds = t.dataSource;
    const season = await createSeason(ds, { is_current: true, name: '2026 Season' });
    const week = await createWeek(ds, { football_season_id: season.id, number: 1 });
    weekId = week.id;
    const team = (name: string) => createTeam(ds, { name, nickname: `${name} Nick` });
    const matchups: [string, string, number, boolean][] = [
      ['Auburn', 'Alabama', 48, false],
      ['Baylor', 'Boise State', 60, false],
      ['Clemson', 'Colorado', 72, false],
      ['Duke', 'Drake', 96, true],
    ];
    games = [];
    for (const [away, home, hours, is_tiebreaker] of matchups) {
      const game = await createGame(ds, {
        week_id: week.id,
        away_team_id: (await team(away)).id,
        home_team_id: (await team(home)).id,
        game_date: hoursFromNow(hours),
        is_tiebreaker,
        betting_line: 3.5,
        betting_line_team: 'home',
      });
      games.push((await ds.getRepository(Game).findOne({ where: { id: game.id }, relations: { home_team: true, away_team: true } }))!);
    }

    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    context = await browser.newContext({ viewport: { width: 360, height: 740 }, colorScheme: 'light' });
    csp = await CspWatch.on(context);
    page = await context.newPage();
  });
  // Every step ran under the server's Content-Security-Policy with nothing refused.
  afterEach(() => expect(csp.take()).toEqual([]));
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await smtp?.stop();
  });

  it('follows the invitation e-mail, registers and is sent to the login', async () => {
    await t.http.post('/api/invitations').set(bearer(admin)).send({ email: EMAIL }).expect(201);
    const link = new URL(linkIn(await smtp.waitFor(EMAIL), '/register?invitation_token='));
    await page.goto(`${base}${link.pathname}${link.search}`);

    // The invitation link fills in the invited e-mail and locks it.
    const email = page.getByLabel('Email');
    // Polled from here: the page's policy refuses the string evaluation page.waitForFunction does in the page.
    for (const until = Date.now() + 10_000; (await email.inputValue()) !== EMAIL && Date.now() < until; ) await page.waitForTimeout(50);
    expect(await email.inputValue()).toBe(EMAIL);
    expect(await email.getAttribute('readonly')).not.toBeNull();
    await page.getByLabel('Name').fill('Rookie Fan');
    await page.getByLabel('Password').fill(PASSWORD);
    // The strength meter's code arrives once a password is typed (a chunk of its own, under the page's CSP).
    await page.getByText(/^Strength: (Too weak|Weak|Fair|Strong|Very strong)$/).waitFor();
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Registration successful! Redirecting...').waitFor();
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByText('Registration successful! Sign in with your new account.').waitFor();
  });

  it('logs in and lands on the dashboard of the current week', async () => {
    expect(await page.getByLabel('Email').inputValue()).toBe(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('heading', { name: `Welcome back, ${EMAIL}` }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await card(games[0]).waitFor();
    expect(await page.getByLabel('Week', { exact: true }).inputValue()).toBe(String(weekId));
    // Fits a 360 px wide phone: nothing sticks out sideways.
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
  });

  it('picks every game, the tiebreaker with both scores', async () => {
    for (const [index, game] of games.entries()) {
      const team = index % 2 ? game.home_team!.name : game.away_team!.name;
      const saved = page.waitForResponse(picksAnswer('POST'));
      await card(game).getByRole('button', { name: team, exact: true }).click();
      expect((await saved).status()).toBe(201);
      await page.getByText(`Pick saved for ${matchup(game)}: ${team}`).waitFor();
      await card(game).getByText('Pick Made').waitFor();
      picked.set(game.id, team);
    }
    const tiebreaker = card(games[3]);
    await tiebreaker.getByText('Please enter both scores for the tiebreaker').waitFor();
    await tiebreaker.getByLabel('Duke score').fill('24');
    await tiebreaker.getByText('Both scores required for tiebreaker').waitFor();
    const scoresSaved = page.waitForResponse(picksAnswer('PUT'));
    await tiebreaker.getByLabel('Drake score').fill('17');
    expect((await scoresSaved).status()).toBe(200);
    await tiebreaker.getByText('Please enter both scores for the tiebreaker').waitFor({ state: 'detached' });

    const summary = page.getByRole('region', { name: 'Pick Status Summary' });
    await summary.getByText('Tiebreaker: Done').waitFor();
    expect(await summary.textContent()).toContain('Picks made: 4 of 4 games');
  });

  it('keeps the picks after a reload', async () => {
    await page.reload();
    await card(games[0]).waitFor();
    for (const game of games) {
      const chosen = card(game).getByRole('button', { name: picked.get(game.id)!, exact: true });
      await chosen.and(page.locator('[aria-pressed="true"]')).waitFor();
      await card(game).getByText('Pick Made').waitFor();
    }
    expect(await card(games[3]).getByLabel('Duke score').inputValue()).toBe('24');
    expect(await card(games[3]).getByLabel('Drake score').inputValue()).toBe('17');
  });

  it('is refused on a game whose deadline passed, with the spec’s text', async () => {
    // The first game moves to kick off in 30 minutes: its pick deadline (1 hour before) has passed.
    const locked = games[0];
    await t.http
      .patch(`/api/games/${locked.id}`)
      .set(bearer(admin))
      .send({ game_date: new Date(Date.now() + 30 * 60 * 1000).toISOString() })
      .expect(200);
    const other = locked.home_team!.name;
    const refused = page.waitForResponse(picksAnswer('PUT'));
    await card(locked).getByRole('button', { name: other, exact: true }).click();
    expect((await refused).status()).toBe(422);
    await page.getByText('Pick submission failed: Pick deadline has passed - no changes allowed').waitFor();
    // Rolled back, then shown as locked once the games are read again.
    await card(locked).getByText('Pick deadline has passed - no changes allowed').waitFor();
    expect(await card(locked).getByRole('button', { name: picked.get(locked.id)!, exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await card(locked).getByRole('button', { name: other, exact: true }).isDisabled()).toBe(true);

    // Locked games open everyone's picks.
    await page.getByRole('button', { name: "Everyone's picks" }).click();
    const grid = page.getByRole('table', { name: "Everyone's picks, Week 1" });
    await grid.getByRole('row', { name: /Rookie Fan/ }).getByText(picked.get(locked.id)!).waitFor();
    await page.getByRole('button', { name: 'Close' }).click();
    await grid.waitFor({ state: 'detached' });
  });

  it('sees the results once an admin has calculated them', async () => {
    for (const game of games) {
      await t.http
        .patch(`/api/games/${game.id}`)
        .set(bearer(admin))
        .send({ status: 'completed', winner_team_id: game.away_team_id, away_score: 28, home_score: 21 })
        .expect(200);
    }
    const calculated = await t.http.post(`/api/weekly_results/calculate/${weekId}`).set(bearer(admin)).expect(200);
    expect(calculated.body.results_count).toBe(1);

    // On a phone the top bar's links sit behind its menu button.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Results' }).click();
    await page.getByRole('heading', { name: 'Weekly Results' }).waitFor();
    const row = page.getByRole('table', { name: 'Weekly leaderboard' }).getByRole('row', { name: /Rookie Fan/ });
    await row.waitFor();
    // Away teams won: the member picked the away side in games 1 and 3. Wins, losses, win percentage:
    expect((await row.getByRole('cell').allTextContents()).slice(1, 4)).toEqual(['2', '2', '50.0%']);
    await row.getByRole('img', { name: 'Gold medal' }).waitFor();
    expect(await page.getByRole('button', { name: 'Calculate Results' }).count()).toBe(0);
  });

  it('is warned that the session expired when its password was changed elsewhere', async () => {
    const elsewhere = await t.login(EMAIL, PASSWORD);
    await t.http
      .patch('/api/me/password')
      .set(bearer(elsewhere))
      .send({ current_password: PASSWORD, new_password: 'kickoff-season2', password_confirmation: 'kickoff-season2' })
      .expect(200);

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    await page.getByText('Your session has expired. Please log in again.').waitFor();
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate('localStorage.getItem("token")')).toBeNull();

    // Logging in again returns to the page the session ended on.
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill('kickoff-season2');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');
  });

  it('keeps the theme choice over a reload', async () => {
    // The warning sits over the top bar on a phone; the member closes it (unless its 6 s are over).
    const warning = page.getByRole('alert').filter({ hasText: 'Your session has expired' });
    await warning
      .getByRole('button', { name: 'Close' })
      .click({ timeout: 2000 })
      .catch(() => undefined);
    await warning.waitFor({ state: 'hidden', timeout: 8000 });
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
    expect(await page.evaluate('localStorage.getItem("themeMode")')).toBe('dark');
  });

  it('sees its sessions on the profile page and logs out another device', async () => {
    const login = await t.http.post('/api/users/login').set('User-Agent', 'curl/8.5.0').send({ email: EMAIL, password: 'kickoff-season2' }).expect(200);
    const elsewhere = login.body.token as string;
    await page.reload();
    const sessions = page.getByRole('region', { name: 'Active sessions' });
    await sessions.getByText('This device').waitFor();
    const items = sessions.getByRole('listitem');
    const before = await items.count();
    expect(before).toBeGreaterThanOrEqual(2);
    // Only the other devices have a button of their own: this one logs out from the top bar.
    await items.getByRole('button', { name: /^Log out curl/ }).click();
    await sessions.getByText('That session was logged out.').waitFor();
    expect(await items.count()).toBe(before - 1);
    await t.http.get('/api/me').set(bearer(elsewhere)).expect(401);
  });

  it('logs out from the top bar, and the server ends the session', async () => {
    const token = (await page.evaluate('localStorage.getItem("token")')) as string;
    await t.http.get('/api/me').set(bearer(token)).expect(200);
    await page.getByRole('button', { name: 'Menu' }).click();
    const ended = page.waitForResponse((response) => response.url().endsWith('/api/logout'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    expect((await ended).status()).toBe(204);
    expect(await page.evaluate('localStorage.getItem("token")')).toBeNull();
    await t.http.get('/api/me').set(bearer(token)).expect(401);
  });
});
