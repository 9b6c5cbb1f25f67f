import { Browser, BrowserContext, chromium, Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { CspWatch } from './csp-watch';
import { describeView } from './screen-checks';
import { screenViews, Sweep, Theme } from './screen-views';
import { Game } from '../../src/games/entities/game.entity';
import { createGame, createSeason, createTeam, createWeek, dateFromNow, hoursFromNow } from '../support/factories';
import { bearer, PASSWORD, TestApp } from '../support/test-app';

/**
 * The member's survivor contest in real Chromium on a 390×844 phone (docs/member-pages.md#survivor-survivor), against
 * the real server on a fresh database: from the dashboard to a saved pick in three taps, the week completed by the
 * admin (finals and the calculation, through the API), the team greyed with its week in the next week, and the page
 * swept for overflow and axe-core in light and dark.
 */
jest.setTimeout(60_000);

const PHONE = { width: 390, height: 844 };

describe('A member playing survivor in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let csp: CspWatch;
  let base: string;
  let admin: string;
  let contestId: number;
  let memberSession: { token: string; user: unknown };
  const weekIds: number[] = [];
  /** Week 1's games: Georgia at Alabama, Texas at Ohio State. */
  const week1: Game[] = [];
  const teamIds = new Map<string, number>();

  beforeAll(async () => {
    t = await TestApp.start();
    await t.app.listen(0, '127.0.0.1');
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    admin = await t.adminToken();

    const ds = t.dataSource;
    const season = await createSeason(ds, { is_current: true, name: '2026 Season' });
    const schedule: [number, [string, string, number][]][] = [
      [1, [['Georgia', 'Alabama', 48], ['Texas', 'Ohio State', 60]]],
      [2, [['Georgia', 'Auburn', 24 * 8], ['Texas', 'Clemson', 24 * 8 + 4]]],
    ];
    const team = async (name: string) => teamIds.get(name) ?? teamIds.set(name, (await createTeam(ds, { name, nickname: `${name} Nick` })).id).get(name)!;
    for (const [number, games] of schedule) {
      const week = await createWeek(ds, { football_season_id: season.id, number, start_date: dateFromNow(number === 1 ? -1 : 6), end_date: dateFromNow(number === 1 ? 5 : 12) });
      weekIds.push(week.id);
      for (const [away, home, hours] of games) {
        const game = await createGame(ds, { week_id: week.id, away_team_id: await team(away), home_team_id: await team(home), game_date: hoursFromNow(hours), betting_line: 3.5, betting_line_team: 'home' });
        if (number === 1) week1.push(game);
      }
    }
    const contest = await t.http.post('/api/survivor_contests').set(bearer(admin)).send({ football_season_id: season.id, name: 'Last Fan Standing', lives: 1 }).expect(201);
    contestId = contest.body.id;

    // Two entrants, so that both surviving week 1 keeps the contest going: the member, and a rival who picks Texas.
    const member = await t.createUser({ name: 'Sam Survivor' });
    const rival = await t.createUser({ name: 'Riley Rival' });
    memberSession = (await t.http.post('/api/users/login').send({ email: member.email, password: PASSWORD, remember: true }).expect(200)).body;
    const rivalToken = await t.login(rival.email, PASSWORD);
    await t.http.post(`/api/survivor/${contestId}/entry`).set(bearer(memberSession.token)).expect(201);
    await t.http.post(`/api/survivor/${contestId}/entry`).set(bearer(rivalToken)).expect(201);
    await t.http.put(`/api/weeks/${weekIds[0]}/survivor_pick`).set(bearer(rivalToken)).send({ team_id: teamIds.get('Texas') }).expect(200);

    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    context = await browser.newContext({ viewport: PHONE, colorScheme: 'light' });
    await context.addInitScript((stored) => {
      const storage = (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage;
      storage.setItem('token', stored.token);
      storage.setItem('user', JSON.stringify(stored.user));
    }, memberSession);
    csp = await CspWatch.on(context);
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const team = (name: string) => page.getByRole('button', { name: new RegExp(`^${name} (at|vs) `) });

  it('picks a survivor team in three taps from the dashboard, and the page says saved once the server answered', async () => {
    await page.goto(`${base}/dashboard`);
    const card = page.getByRole('region', { name: 'Last Fan Standing' });
    await card.getByText('Alive · 1 life').waitFor();
    let taps = 0;
    const tap = async (target: ReturnType<Page['getByRole']>) => {
      await target.click();
      taps += 1;
    };

    await tap(card.getByRole('link', { name: /^Pick your survivor team by / }));
    await page.getByRole('heading', { name: 'Week 1 pick', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/survivor');
    await tap(team('Georgia'));
    expect(await team('Georgia').getAttribute('aria-pressed')).toBe('true');
    // Not saved yet: only the server's answer says so.
    expect(await page.getByText('Saved: Georgia').count()).toBe(0);
    const answer = page.waitForResponse((response) => response.url().endsWith(`/api/weeks/${weekIds[0]}/survivor_pick`) && response.request().method() === 'PUT');
    await tap(page.getByRole('button', { name: 'Save pick' }));
    expect((await answer).status()).toBe(200);
    await page.getByRole('status').filter({ hasText: 'Saved: Georgia' }).waitFor();
    expect(taps).toBe(3);

    // The server holds it.
    const saved = await t.http.get(`/api/weeks/${weekIds[0]}/survivor_pick`).set(bearer(memberSession.token)).expect(200);
    expect(saved.body.pick).toMatchObject({ team_id: teamIds.get('Georgia'), team_name: 'Georgia' });
    // The board says the rival has picked, without naming the team while its game is open.
    const board = page.getByRole('region', { name: 'Board' });
    await board.getByText('2 of 2 alive').waitFor();
    await board.getByRole('listitem').filter({ hasText: 'Riley Rival' }).getByText('Week 1: Picked').waitFor();
    expect(await board.getByText('Texas').count()).toBe(0);
    expect(csp.take()).toEqual([]);
  });

  it('after the admin completes week 1, picks for week 2 with Georgia greyed as used in week 1', async () => {
    // Georgia and Texas win; the week's finals close it, and the calculation writes its results.
    for (const game of week1) {
      await t.http.patch(`/api/games/${game.id}`).set(bearer(admin)).send({ status: 'completed', winner_team_id: game.away_team_id, away_score: 31, home_score: 17 }).expect(200);
    }
    await t.http.post(`/api/survivor_contests/${contestId}/calculate`).set(bearer(admin)).expect(200);

    await page.goto(`${base}/survivor`);
    await page.getByRole('heading', { name: 'Week 2 pick', exact: true }).waitFor();
    const georgia = team('Georgia');
    await georgia.getByText('Used week 1').waitFor();
    expect(await georgia.isDisabled()).toBe(true);
    expect(await team('Texas').isEnabled()).toBe(true);
    // The board shows week 1's teams with their outcome now that they are revealed and calculated.
    const board = page.getByRole('region', { name: 'Board' });
    await board.getByText('W1 Georgia (won)').waitFor();
    await board.getByText('W1 Texas (won)').waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
    expect(csp.take()).toEqual([]);
  });

  it('fits the phone and the desktop with no overflow and no axe violation, in light and dark', async () => {
    const sweep: Sweep = { browser, base, sessions: { member: memberSession } };
    const { view } = screenViews(() => sweep);
    const screen = {
      name: 'member: survivor (/survivor)',
      role: 'member' as const,
      path: () => '/survivor',
      ready: async (on: Page) => {
        await on.getByRole('heading', { name: 'Week 2 pick', exact: true }).waitFor();
        await on.getByRole('region', { name: 'Board' }).getByText('2 of 2 alive').waitFor();
      },
    };
    const themes: Theme[] = ['light', 'dark'];
    const views = await Promise.all(themes.flatMap((theme) => [PHONE, { width: 1366, height: 900 }].map((viewport) => view(screen, theme, viewport))));
    const failing = views.map((one) => describeView(one).map((line) => `${one.viewport} ${one.theme}: ${line}`)).flat();
    expect(failing).toEqual([]);
  });
});
