import { Browser, chromium, Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { CspWatch } from './csp-watch';
import { createGame, createSeason, createTeam, createWeek } from '../support/factories';
import { ADMIN, TestApp } from '../support/test-app';

/**
 * The survivor contest in the admin console (docs/pool-formats.md "Survivor", docs/admin-console.md "Survivor"): the
 * admin adds a contest to the season, enters a member, overrides the member's pick with a reason, and finds the
 * override in the audit; the pick's game is still open, so the console shows the team as hidden.
 */
jest.setTimeout(120_000);

describe('Survivor in the admin console: a contest, an entrant, an override and its audit', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let member: { id: number; email: string };

  beforeAll(async () => {
    t = await TestApp.start({ APP_NAME: 'Saturday Pool' });
    await t.app.listen(0, '127.0.0.1');
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    const season = await createSeason(t.dataSource, { is_current: true, name: '2026 Season' });
    const week = await createWeek(t.dataSource, { football_season_id: season.id, number: 1, is_current: true });
    const georgia = await createTeam(t.dataSource, { name: 'Georgia' });
    const auburn = await createTeam(t.dataSource, { name: 'Auburn' });
    await createGame(t.dataSource, { week_id: week.id, home_team_id: georgia.id, away_team_id: auburn.id });
    const user = await t.createUser({ name: 'Avery Fan', email: 'avery@pool.test' });
    member = { id: user.id, email: user.email };
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
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

  /** A MUI select: opened by a click on its combobox, then the option. */
  async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: RegExp, option: string) {
    await scope.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  it('creates a contest, adds an entrant, overrides a pick with a reason and sees the audit', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const csp = await CspWatch.on(context);
    const page = await context.newPage();
    await signIn(page);

    // The contest, from the menu.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Survivor', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Survivor Contests' }).waitFor();
    await page.getByRole('link', { name: 'Add Survivor Contest' }).first().click();
    const add = page.getByRole('dialog', { name: 'Add Survivor Contest' });
    await choose(page, add, /Football Season/, '2026 Season');
    await add.getByLabel(/^Name/).fill('Saturday Survivor');
    await choose(page, add, /^Lives/, '2 lives');
    await add.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Survivor contest added').waitFor();
    const contestRow = page.getByRole('row').filter({ hasText: 'Saturday Survivor' });
    await contestRow.getByText('2026 Season').waitFor();
    const contests: { id: number; lives: number }[] = await t.dataSource.query('SELECT id, lives FROM survivor_contests');
    expect(contests.map((contest) => Number(contest.lives))).toEqual([2]);

    // An entrant, from the contest's row.
    await contestRow.getByRole('link', { name: 'Entrants' }).click();
    await page.getByRole('heading', { level: 1, name: 'Survivor Entrants' }).waitFor();
    await page.getByText('No entrants yet.').waitFor();
    await page.getByRole('link', { name: 'Add Entrant' }).first().click();
    const enter = page.getByRole('dialog', { name: 'Add Entrant' });
    await enter.getByRole('combobox', { name: /Member/ }).fill('Avery');
    await page.getByRole('option', { name: 'Avery Fan (avery@pool.test)' }).click();
    await enter.getByRole('button', { name: 'Add', exact: true }).click();
    const entrantRow = page.getByRole('row').filter({ hasText: 'Avery Fan' });
    await entrantRow.getByText('Alive').waitFor();
    await entrantRow.getByText('Admin').waitFor();

    // Calculate answers in words: no week has finished yet, so everyone entered is alive.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Survivor', exact: true }).click();
    await page.getByRole('row').filter({ hasText: 'Saturday Survivor' }).getByRole('button', { name: 'Calculate' }).click();
    await page.getByText('Calculated 0 weeks: 1 alive').waitFor();

    // The override, with its reason; the game is open, so the team stays hidden here too.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Survivor Picks' }).click();
    await page.getByRole('heading', { level: 1, name: 'Survivor Picks' }).waitFor();
    await page.getByRole('link', { name: 'Add Survivor Pick (Admin Override)' }).first().click();
    const override = page.getByRole('dialog', { name: 'Add Survivor Pick (Admin Override)' });
    await choose(page, override, /Survivor contest/, '2026 Season: Saturday Survivor');
    await override.getByRole('combobox', { name: /Entrant/ }).click();
    await page.getByRole('option', { name: 'Avery Fan' }).click();
    await choose(page, override, /^Week/, 'Week 1');
    await choose(page, override, /^Team/, 'Georgia (vs Auburn)');
    await override.getByRole('button', { name: 'Add Pick' }).click();
    await override.getByText('Required').waitFor();
    await override.getByLabel(/^Reason/).fill('Phoned in before kickoff');
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/survivor_picks') && response.request().method() === 'POST');
    await override.getByRole('button', { name: 'Add Pick' }).click();
    expect((await saved).status()).toBe(201);
    await page.getByText('Survivor pick added').waitFor();
    await page.getByRole('row').filter({ hasText: 'Avery Fan' }).getByText('Hidden until its game locks').waitFor();

    // The audit: who, what and why.
    await page.getByRole('link', { name: 'Audit' }).click();
    await page.getByRole('heading', { level: 1, name: 'Survivor Pick Audit' }).waitFor();
    const audit = page.getByRole('row').filter({ hasText: 'Phoned in before kickoff' });
    await audit.getByText('Added').waitFor();
    await audit.getByText('Avery Fan').waitFor();
    const rows: { user_id: number | string; reason: string; action: string }[] = await t.dataSource.query('SELECT user_id, reason, action FROM survivor_pick_audits');
    expect(rows.map((row) => ({ ...row, user_id: Number(row.user_id) }))).toEqual([{ user_id: member.id, reason: 'Phoned in before kickoff', action: 'create' }]);
    expect(csp.take()).toEqual([]);
    await context.close();
  });
});
