import { Browser, chromium, Page } from 'playwright-core';
import { Game } from '../../src/games/entities/game.entity';
import { Week } from '../../src/seasons/weeks/entities/week.entity';
import { createConference, createGame, createSeason, createTeam, createWeek, dateFromNow, hoursFromNow } from '../support/factories';
import { ADMIN, bearer, TestApp } from '../support/test-app';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

/**
 * Quick scoring of a Saturday in Chromium against the real server: ten finished games of the current week are
 * scored from the games list, on a desktop with the keyboard (away score, Enter, home score, Enter) and on a phone
 * as an organiser does it (a tap on "Score games" and one on the first score box, then digits and the keypad's
 * Next; one row left by a tap on its home score, the last one by a tap on "Done scoring", which saves it as the
 * focus leaves). The API then holds every game completed with the winner its score implies. The taps are counted
 * (digits and keypad keys apart) and bounded.
 */
jest.setTimeout(180_000);

const GAMES_PER_WEEK = 10;
/** Away and home score of the i-th game: no ties, winners on both sides. */
const scoreOf = (index: number): [number, number] => (index % 3 === 0 ? [31 + index, 24] : [10 + index, 27 + index]);
/** docs/admin-console.md#quick-scoring: a week of ten finals on a phone, in taps besides the digits and the keypad's Next. */
const PHONE_TAP_BUDGET = 12;

interface Counter {
  /** Clicks or taps on the page. */
  taps: number;
  digits: number;
  /** Enter on a desktop; the keypad's Next/Go key on a phone. */
  enters: number;
}

const activeLabel = 'document.activeElement && document.activeElement.getAttribute("aria-label")';

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
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${base}/admin`);
  }

  /** Every game of the week completed with the score typed and the winner it implies. */
  async function expectScored(games: Game[]) {
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
  }

  /** The games list on the week it opens on, in Score games mode: its rows. */
  async function openScoring(page: Page, used: Counter, tap: boolean) {
    await page.goto(`${base}/admin/games`);
    await page.getByRole('heading', { name: 'Manage Games', level: 1 }).waitFor();
    await page.getByText('Scorer 01 @ Scorer 02').first().waitFor();
    const scoreGames = page.getByRole('button', { name: 'Score games' });
    await (tap ? scoreGames.tap() : scoreGames.click());
    used.taps++;
    const rows = page.getByRole('region', { name: 'Score games' }).getByTestId('score-row');
    await rows.nth(GAMES_PER_WEEK - 1).waitFor();
    expect(await rows.count()).toBe(GAMES_PER_WEEK);
    // Each row shows its kickoff and state.
    for (let i = 0; i < GAMES_PER_WEEK; i++) await rows.nth(i).getByText(/^Kickoff .+ · Scheduled$/).waitFor();
    return rows;
  }

  async function type(page: Page, used: Counter, text: string) {
    await page.keyboard.type(text);
    used.digits += text.length;
  }

  async function next(page: Page, used: Counter) {
    await page.keyboard.press('Enter');
    used.enters++;
  }

  it('scores a ten-game week from the games list on a desktop (1366x900)', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signIn(page);
    const used: Counter = { taps: 0, digits: 0, enters: 0 };
    const rows = await openScoring(page, used, false);
    for (let i = 0; i < GAMES_PER_WEEK; i++) {
      // The row's away score has the focus already: the first one on opening, the next one after each Enter.
      expect(await page.evaluate(activeLabel)).toBe(await rows.nth(i).getByRole('textbox').first().getAttribute('aria-label'));
      for (const score of scoreOf(i)) {
        await type(page, used, String(score));
        await next(page, used);
      }
    }
    for (let i = 0; i < GAMES_PER_WEEK; i++) await rows.nth(i).getByText('Saved').waitFor();
    for (let i = 0; i < GAMES_PER_WEEK; i++) await rows.nth(i).getByText(/^Kickoff .+ · Completed$/).waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    await expectScored(weeks[0].games);
    console.log(`Quick scoring at 1366x900: ${GAMES_PER_WEEK} games with ${used.taps} click(s), ${used.digits} digits and ${used.enters} Enter`);
    expect(used.taps).toBe(1);
    await page.close();
  });

  it(`scores a ten-game week on a phone (390x844, touch) in at most ${PHONE_TAP_BUDGET} taps besides the digits`, async () => {
    await t.dataSource.getRepository(Week).update(weeks[0].week.id, { is_current: false });
    await t.dataSource.getRepository(Week).update(weeks[1].week.id, { is_current: true });
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await signIn(page);
    const used: Counter = { taps: 0, digits: 0, enters: 0 };

    // The week filter names the week by its days.
    await page.goto(`${base}/admin/games`);
    await page.getByRole('combobox', { name: 'Week' }).filter({ hasText: /^Week 2 · \w{3} \d{1,2} – \w{3} \d{1,2}$/ }).waitFor();
    // react-admin floats "Add Game" over a phone's list; scoring has none over its boxes.
    await page.getByRole('link', { name: 'Add Game' }).waitFor();
    const rows = await openScoring(page, used, true);
    expect(await page.getByRole('link', { name: 'Add Game' }).count()).toBe(0);
    const box = (row: number, side: 0 | 1) => rows.nth(row).getByRole('textbox').nth(side);
    const lastHome = box(GAMES_PER_WEEK - 1, 1);
    // The last home score scrolled to where react-admin's floating button sits (60 px up, 20 px in, 56 px wide): its
    // whole width is the box's own, nothing lies over it.
    const uncovered = await lastHome.evaluate((element) => {
      // The page's window, typed by hand: the browser's DOM types are not this project's.
      const page = globalThis as unknown as { innerHeight: number; scrollBy(x: number, y: number): void; document: { elementFromPoint(x: number, y: number): unknown } };
      const rect = element.getBoundingClientRect();
      page.scrollBy(0, rect.top + rect.height / 2 - (page.innerHeight - 60 - 28));
      const { left, top, width, height } = element.getBoundingClientRect();
      const field = element.closest('.MuiTextField-root')!;
      return [0.1, 0.5, 0.9].map((at) => field.contains(page.document.elementFromPoint(left + width * at, top + height / 2) as typeof field));
    });
    expect(uncovered).toEqual([true, true, true]);
    // A numeric keypad whose action key says where it goes.
    expect(await box(0, 0).getAttribute('inputmode')).toBe('numeric');
    expect(await box(0, 0).getAttribute('enterkeyhint')).toBe('next');
    expect(await box(0, 1).getAttribute('enterkeyhint')).toBe('next');
    expect(await lastHome.getAttribute('enterkeyhint')).toBe('done');

    // A phone raises its keypad for a tap only: the organiser taps the first score.
    await box(0, 0).tap();
    used.taps++;
    for (let i = 0; i < GAMES_PER_WEEK; i++) {
      const [away, home] = scoreOf(i);
      expect(await page.evaluate(activeLabel)).toBe(await box(i, 0).getAttribute('aria-label'));
      await type(page, used, String(away));
      if (i === 4) {
        // A keypad without Next (an iPhone's): a tap on the home score.
        await box(i, 1).tap();
        used.taps++;
      } else {
        await next(page, used);
      }
      expect(await page.evaluate(activeLabel)).toBe(await box(i, 1).getAttribute('aria-label'));
      await type(page, used, String(home));
      if (i < GAMES_PER_WEEK - 1) await next(page, used);
    }
    // The last row is left by the tap on "Done scoring": it saves as the focus leaves, and the list shows it.
    await page.getByRole('button', { name: 'Done scoring' }).tap();
    used.taps++;
    await page.getByRole('region', { name: 'Score games' }).waitFor({ state: 'detached' });
    await page.getByText('Scorer 19 @ Scorer 20').first().waitFor();
    await expectScored(weeks[1].games);
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    console.log(`Quick scoring at 390x844: ${GAMES_PER_WEEK} games with ${used.taps} tap(s), ${used.digits} digits and ${used.enters} keypad Next`);
    expect(used.taps).toBeLessThanOrEqual(PHONE_TAP_BUDGET);

    // The weeks list names each week with its dates.
    await page.goto(`${base}/admin/weeks`);
    await page.getByText('Week 2 (current)').waitFor();
    await page.getByText(/^\w{3} \d{1,2}, \d{4} – \w{3} \d{1,2}, \d{4} · 10 games$/).first().waitFor();
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
    await row.getByText(/^Kickoff .* · Scheduled$/).waitFor();
    await row.getByText(/Kicks off \w{3} \d{1,2}:\d{2} [AP]M$/).waitFor();
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
