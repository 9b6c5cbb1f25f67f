import { Browser, chromium, Page } from 'playwright-core';
import { Game } from '../../src/games/entities/game.entity';
import { Week } from '../../src/seasons/weeks/entities/week.entity';
import { createConference, createGame, createSeason, createTeam, createWeek, dateFromNow, hoursFromNow } from '../support/factories';
import { ADMIN, bearer, TestApp } from '../support/test-app';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

/**
 * Quick scoring of a Saturday in Chromium against the real server: ten finished games of the current week are
 * scored from the games list (Score games, then away score, Enter, home score, Enter per game), on a desktop and
 * on a phone. The API then holds every game completed with the winner its score implies. The clicks and
 * keystrokes it took are counted and printed.
 */
jest.setTimeout(180_000);

const GAMES_PER_WEEK = 10;
/** Away and home score of the i-th game: no ties, winners on both sides. */
const scoreOf = (index: number): [number, number] => (index % 3 === 0 ? [31 + index, 24] : [10 + index, 27 + index]);

interface Counter {
  clicks: number;
  keys: number;
}

describe('Quick scoring in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let adminApi: ReturnType<typeof bearer>;
  const weeks: { week: Week; games: Game[] }[] = [];

  beforeAll(async () => {
    t = await TestApp.start();
    await t.app.listen(0, '127.0.0.1');
    base = await t.app.getUrl();
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    adminApi = bearer(await t.adminToken());

    const ds = t.dataSource;
    const season = await createSeason(ds, { name: 'Scoring Season', is_current: true, start_date: dateFromNow(-30), end_date: dateFromNow(90) });
    const conference = await createConference(ds, { name: 'Scoring Conference' });
    const teams = [];
    for (let i = 0; i < GAMES_PER_WEEK * 2; i++) teams.push(await createTeam(ds, { name: `Scorer ${String(i + 1).padStart(2, '0')}`, conference_id: conference.id }));
    for (const number of [1, 2]) {
      const week = await createWeek(ds, { football_season_id: season.id, number, is_current: number === 1, start_date: dateFromNow(-1), end_date: dateFromNow(5) });
      const games = [];
      for (let i = 0; i < GAMES_PER_WEEK; i++) {
        // Kicked off earlier today, in list order.
        games.push(await createGame(ds, { week_id: week.id, away_team_id: teams[2 * i].id, home_team_id: teams[2 * i + 1].id, game_date: hoursFromNow(-6 + i * 0.25) }));
      }
      weeks.push({ week, games });
    }
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function signIn(page: Page) {
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${base}/admin`);
  }

  /** Scores the week the games list opens on; returns what it took. */
  async function scoreWeek(page: Page, games: Game[]): Promise<Counter> {
    const used: Counter = { clicks: 0, keys: 0 };
    await page.goto(`${base}/admin/games`);
    await page.getByRole('heading', { name: 'Manage Games', level: 1 }).waitFor();
    await page.getByText('Scorer 01 @ Scorer 02').first().waitFor();

    await page.getByRole('button', { name: 'Score games' }).click();
    used.clicks++;
    const section = page.getByRole('region', { name: 'Score games' });
    const rows = section.getByTestId('score-row');
    await rows.nth(GAMES_PER_WEEK - 1).waitFor();
    expect(await rows.count()).toBe(GAMES_PER_WEEK);

    for (let i = 0; i < GAMES_PER_WEEK; i++) {
      const [away, home] = scoreOf(i);
      // The row's away score has the focus already: the first one on opening, the next one after each Enter.
      const awayLabel = await rows.nth(i).getByRole('textbox').first().getAttribute('aria-label');
      expect(await page.evaluate('document.activeElement && document.activeElement.getAttribute("aria-label")')).toBe(awayLabel);
      for (const text of [String(away), String(home)]) {
        await page.keyboard.type(text);
        await page.keyboard.press('Enter');
        used.keys += text.length + 1;
      }
    }
    for (let i = 0; i < GAMES_PER_WEEK; i++) await rows.nth(i).getByText('Saved').waitFor();
    // Nothing wider than the window while scoring.
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);

    const stored: Game[] = (await t.http.get(`/api/games?filter=${encodeURIComponent(JSON.stringify({ week_id: games[0].week_id }))}`).set(adminApi).expect(200)).body;
    expect(stored).toHaveLength(GAMES_PER_WEEK);
    // Rows follow the list's order (kickoff), which is the order the games were created in.
    for (const [i, game] of games.entries()) {
      const [away, home] = scoreOf(i);
      const saved = stored.find((candidate) => candidate.id === game.id)!;
      expect({ status: saved.status, away_score: saved.away_score, home_score: saved.home_score, winner_team_id: saved.winner_team_id }).toEqual({
        status: 'completed',
        away_score: away,
        home_score: home,
        winner_team_id: away > home ? game.away_team_id : game.home_team_id,
      });
    }
    return used;
  }

  it('scores a ten-game week from the games list on a desktop (1366x900)', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signIn(page);
    const used = await scoreWeek(page, weeks[0].games);
    console.log(`Quick scoring at 1366x900: ${GAMES_PER_WEEK} games scored with ${used.clicks} click(s) and ${used.keys} keystrokes (digits and Enter)`);
    expect(used.clicks).toBe(1);
    await page.close();
  });

  it('scores a ten-game week on a phone (390x844)', async () => {
    await t.dataSource.getRepository(Week).update(weeks[0].week.id, { is_current: false });
    await t.dataSource.getRepository(Week).update(weeks[1].week.id, { is_current: true });
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signIn(page);
    const used = await scoreWeek(page, weeks[1].games);
    console.log(`Quick scoring at 390x844: ${GAMES_PER_WEEK} games scored with ${used.clicks} tap(s) and ${used.keys} keystrokes (digits and Enter)`);
    await page.close();
  });

  it('keeps a game that has not kicked off closed until "Score anyway" is confirmed, on a phone (390x844)', async () => {
    const ds = t.dataSource;
    const week = await createWeek(ds, { football_season_id: weeks[0].week.football_season_id, number: 3, start_date: dateFromNow(1), end_date: dateFromNow(8) });
    const [away, home] = [await createTeam(ds, { name: 'Early Away' }), await createTeam(ds, { name: 'Early Home' })];
    const game = await createGame(ds, { week_id: week.id, away_team_id: away.id, home_team_id: home.id, game_date: hoursFromNow(72) });
    await ds.getRepository(Week).update({ is_current: true }, { is_current: false });
    await ds.getRepository(Week).update(week.id, { is_current: true });
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signIn(page);
    await page.goto(`${base}/admin/games`);
    await page.getByText('Early Away @ Early Home').first().waitFor();
    await page.getByRole('button', { name: 'Score games' }).click();
    const row = page.getByRole('region', { name: 'Score games' }).getByTestId('score-row');
    await row.getByText(/^Kickoff .* · Scheduled · not kicked off yet$/).waitFor();
    const awayScore = row.getByLabel('Early Away score (away), Early Away @ Early Home');
    expect(await awayScore.isDisabled()).toBe(true);

    await row.getByRole('button', { name: 'Score anyway: Early Away @ Early Home' }).click();
    const question = page.getByRole('dialog');
    await question.getByText(/Early Away @ Early Home kicks off .* A final closes its picks at once/).waitFor();
    await question.getByRole('button', { name: 'Score anyway' }).click();
    await page.waitForFunction('document.activeElement && document.activeElement.getAttribute("aria-label") === "Early Away score (away), Early Away @ Early Home"');
    for (const text of ['17', '20']) {
      await page.keyboard.type(text);
      await page.keyboard.press('Enter');
    }
    await row.getByText('Saved').waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    const stored = (await t.http.get(`/api/games/${game.id}`).set(adminApi).expect(200)).body;
    expect(stored).toEqual(expect.objectContaining({ status: 'completed', winner_team_id: home.id, deadline_status: 'closed', picks_allowed: false }));
    await page.close();
  });
});
