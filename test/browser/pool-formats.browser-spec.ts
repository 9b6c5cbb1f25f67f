import { Browser, chromium, Locator, Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { CspWatch } from './csp-watch';
import { axeViolations, horizontalOverflow } from './screen-checks';
import { Game } from '../../src/games/entities/game.entity';
import { createGame, createSeason, createTeam, createWeek, hoursFromNow } from '../support/factories';
import { bearer, PASSWORD, TestApp } from '../support/test-app';

/**
 * A member on a phone in a confidence + lock season (docs/pool-formats.md): ten open games picked, the confidence
 * points put in the member's own order by tapping two badges per swap, and a lock, in under 30 taps all told;
 * the server then holds exactly that order and that lock.
 */
jest.setTimeout(60_000);

const TAP_LIMIT = 30;
/** The confidence points the member wants, by game in kickoff order (10 = the surest). */
const WANTED = [7, 10, 2, 5, 9, 1, 4, 8, 3, 6];

describe('A member sets confidence points and a lock on a phone', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let csp: CspWatch;
  let base: string;
  let weekId: number;
  let games: Game[];
  let member: { id: number; email: string };
  let taps = 0;

  /** Every tap of the member goes through here, so they can be counted. */
  const tap = async (target: Locator) => {
    taps += 1;
    await target.tap();
  };
  const matchup = (game: Game) => `${game.away_team!.name} @ ${game.home_team!.name}`;
  const card = (game: Game) => page.getByRole('article', { name: matchup(game) });
  const badge = (game: Game) => card(game).getByRole('button', { name: /^(\d+|—) pts$/ });
  const posted = () => page.waitForResponse((response) => response.url().endsWith('/api/picks') && response.request().method() === 'POST');

  beforeAll(async () => {
    t = await TestApp.start({ APP_NAME: 'Saturday Pool' });
    await t.app.listen(0, '127.0.0.1');
    base = await t.app.getUrl();

    const ds = t.dataSource;
    const season = await createSeason(ds, { is_current: true, name: '2026 Season', confidence_points: true, lock_of_week: true });
    const week = await createWeek(ds, { football_season_id: season.id, number: 1 });
    weekId = week.id;
    games = [];
    for (let index = 0; index < WANTED.length; index++) {
      const away = await createTeam(ds, { name: `Away Team ${index + 1}` });
      const home = await createTeam(ds, { name: `Home Team ${index + 1}` });
      const game = await createGame(ds, {
        week_id: week.id,
        away_team_id: away.id,
        home_team_id: home.id,
        game_date: hoursFromNow(48 + index),
        betting_line: 3.5,
        betting_line_team: 'home',
      });
      games.push((await ds.getRepository(Game).findOne({ where: { id: game.id }, relations: { home_team: true, away_team: true } }))!);
    }
    const user = await t.createUser({ email: 'confident@pool.test', name: 'Confident Fan' });
    member = { id: user.id, email: user.email };

    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, colorScheme: 'light' });
    csp = await CspWatch.on(context);
    page = await context.newPage();
  });
  // Every step ran under the server's Content-Security-Policy with nothing refused.
  afterEach(() => expect(csp.take()).toEqual([]));
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('logs in and sees the rules and the ten open games', async () => {
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('heading', { name: `Welcome back, ${member.email}` }).waitFor();
    const rules = page.getByRole('region', { name: "This season's rules" });
    await rules.getByText(/confidence points from 1 up to the number of games/).waitFor();
    await rules.getByText(/lock of the week counts double/).waitFor();
    await card(games[0]).waitFor();
    expect(await page.getByRole('article').count()).toBe(games.length);
  });

  it(`picks every winner, orders the confidence points and picks a lock in under ${TAP_LIMIT} taps`, async () => {
    // Picks in kickoff order: each new pick gets the lowest free number, so game i holds i + 1.
    for (const [index, game] of games.entries()) {
      const saved = posted();
      await tap(card(game).getByRole('button', { name: game.away_team!.name, exact: true }));
      expect((await saved).status()).toBe(201);
      await card(game).getByRole('button', { name: `${index + 1} pts` }).waitFor();
    }
    const held = games.map((_, index) => index + 1);

    // From the surest down: the game that should hold n is tapped, then the game holding n; the server swaps them.
    for (let points = games.length; points >= 1; points--) {
      const wanted = WANTED.indexOf(points);
      const holder = held.indexOf(points);
      if (wanted === holder) continue;
      await tap(badge(games[wanted]));
      await card(games[wanted]).getByRole('button', { pressed: true, name: `${held[wanted]} pts` }).waitFor();
      const saved = posted();
      await tap(badge(games[holder]));
      const answer = await saved;
      expect(answer.status()).toBe(200);
      expect(answer.request().postDataJSON()).toEqual({ game_id: games[wanted].id, selected_winner: games[wanted].away_team!.name, confidence: points });
      [held[holder], held[wanted]] = [held[wanted], points];
      await card(games[wanted]).getByRole('button', { pressed: false, name: `${points} pts` }).waitFor();
      await card(games[holder]).getByRole('button', { name: `${held[holder]} pts` }).waitFor();
    }
    expect(held).toEqual(WANTED);

    // The lock goes on the surest pick.
    const surest = games[WANTED.indexOf(games.length)];
    const locked = posted();
    await tap(card(surest).getByRole('button', { name: 'Lock' }));
    expect((await locked).status()).toBe(200);
    await card(surest).getByRole('button', { name: 'Lock', pressed: true }).waitFor();

    expect(taps).toBeLessThan(TAP_LIMIT);
  });

  it('finds the order and the lock stored on the server, and shown again after a reload', async () => {
    const token = await t.login(member.email, PASSWORD);
    const { body } = await t.http.get(`/api/picks?week_id=${weekId}&user_id=${member.id}`).set(bearer(token)).expect(200);
    const picks = body as { game_id: number; confidence: number | null; is_lock: boolean }[];
    const byGame = new Map(picks.map((pick) => [pick.game_id, pick]));
    expect(games.map((game) => byGame.get(game.id)?.confidence)).toEqual(WANTED);
    expect(picks.filter((pick) => pick.is_lock).map((pick) => pick.game_id)).toEqual([games[WANTED.indexOf(games.length)].id]);

    await page.reload();
    for (const [index, game] of games.entries()) await card(game).getByRole('button', { name: `${WANTED[index]} pts` }).waitFor();
    expect(await page.getByRole('button', { name: 'Lock', pressed: true }).count()).toBe(1);
  });

  it('fits the phone and passes axe with a badge chosen for a swap', async () => {
    await badge(games[0]).tap();
    await card(games[0]).getByText("Tap another game's points to swap").waitFor();
    expect(await horizontalOverflow(page)).toBeNull();
    expect(await axeViolations(page)).toEqual([]);
  });
});
