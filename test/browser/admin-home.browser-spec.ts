import { Browser, chromium, Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { CspWatch } from './csp-watch';
import { seed } from '../../src/seeds/demo-seed';
import { TestSmtpServer } from '../support/smtp';
import { ADMIN, bearer, TestApp } from '../support/test-app';

/**
 * The console's home (docs/admin-console.md#this-week) in Chromium on the seeded demo pool: the week's checklist reads
 * the real week (its games, who has picked, the e-mail once the admin sends it), Remind sends the reminders, and a
 * phone has exactly one menu button, which reaches the console's and the app's pages.
 */
jest.setTimeout(180_000);

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

describe("The console's home in Chromium", () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let admin: { Authorization: string };
  let session: { token: string; user: unknown };
  let weekId: number;

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    t = await TestApp.start({ SMTP_URL: smtp.url, APP_NAME: 'Saturday Pool' });
    await t.dataSource.transaction((manager) => seed(manager));
    await t.app.listen(0, '127.0.0.1');
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    admin = bearer(await t.adminToken());
    session = (await t.http.post('/api/users/login').send({ email: ADMIN.email, password: ADMIN.password }).expect(200)).body;
    weekId = ((await t.http.get('/api/weeks/current').set(admin).expect(200)).body as { id: number }).id;
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await smtp?.stop();
  });

  /** The admin's page at a size, signed in through the stored session as the app keeps it. */
  async function adminPage(viewport: { width: number; height: number }) {
    const context = await browser.newContext({ viewport });
    await context.addInitScript((stored) => {
      const storage = (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage;
      storage.setItem('token', stored.token);
      storage.setItem('user', JSON.stringify(stored.user));
    }, session);
    const csp = await CspWatch.on(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    return { context, page, csp };
  }

  const line = (page: Page, name: string) => page.getByRole('listitem', { name });
  /** Waits for a line's state words and sentence. */
  async function expectLine(page: Page, name: string, state: string, text: string | RegExp) {
    const item = line(page, name);
    try {
      await item.getByText(state, { exact: true }).waitFor();
      await item.getByText(text).waitFor();
    } catch (error) {
      // Say what the line shows instead.
      throw new Error(`${name}: expected "${state}" and ${String(text)}, the line reads "${await item.innerText().catch(() => '(no such line)')}"\n${(error as Error).message}`);
    }
    return item;
  }

  it.each([
    ['a phone', PHONE],
    ['a desktop', DESKTOP],
  ])("opens on the current week's checklist with the seeded pool's data (%s)", async (_, viewport) => {
    const missing = (await t.http.get(`/api/weeks/${weekId}/missing_picks`).set(admin).expect(200)).body as unknown[];
    const members = Number((await t.http.get('/api/users?filter={"role":"user"}&range=[0,0]').set(admin).expect(200)).headers['content-range'].split('/')[1]);
    expect(missing.length).toBeGreaterThan(0);

    const { context, page, csp } = await adminPage(viewport);
    await page.goto(`${base}/admin`);
    await page.getByRole('heading', { level: 1, name: 'Admin Overview' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'This week' }).waitFor();

    const games = await expectLine(page, 'Games set', 'Done', /^10 of 10 games set, tiebreaker .+ @ .+\.$/);
    await games.getByRole('link', { name: 'View games' }).waitFor();
    await expectLine(page, 'Picks in', 'To do', `${members - missing.length} of ${members} members have picked; ${missing.length} still ${missing.length === 1 ? 'has' : 'have'} games to pick.`);
    await expectLine(page, 'Games to score', 'To do', /The score sync has not run for this week\.$/);
    await expectLine(page, 'Weekly e-mail', 'To do', 'Not sent yet.');
    await expectLine(page, 'Results', 'To do', 'Not calculated yet.');
    // The overview's cards are still there, below the checklist.
    await page.getByRole('link', { name: `Users ${members + 1}` }).waitFor();
    const [checklistTop, cardsTop] = await Promise.all([
      page.getByRole('list', { name: "This week's checklist" }).boundingBox(),
      page.getByRole('link', { name: /^Users \d+$/ }).boundingBox(),
    ]);
    expect(checklistTop!.y).toBeLessThan(cardsTop!.y);
    // Nothing is wider than the window.
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    expect(csp.take()).toEqual([]);
    await context.close();
  });

  it('says the weekly e-mail was sent, and to how many, once the admin sends it', async () => {
    const sent = (await t.http.post('/api/weekly_notifications/send').set(admin).send({ week_id: weekId }).expect(200)).body as { sent_count: number; failed_count: number; queued_count: number };
    const recipients = sent.sent_count + sent.failed_count + sent.queued_count;
    expect(recipients).toBeGreaterThan(0);

    const { context, page } = await adminPage(PHONE);
    await page.goto(`${base}/admin`);
    const email = await expectLine(page, 'Weekly e-mail', 'Done', new RegExp(`^Sent .+ to ${recipients} members; `));
    await email.getByRole('link', { name: 'Notifications' }).click();
    await page.getByRole('heading', { level: 1, name: 'Weekly Email Notifications' }).waitFor();
    await context.close();
  });

  it('reminds the members who have not picked from the Picks in line', async () => {
    const missing = (await t.http.get(`/api/weeks/${weekId}/missing_picks`).set(admin).expect(200)).body as { user: { email: string } }[];
    const { context, page } = await adminPage(PHONE);
    await page.goto(`${base}/admin`);
    const picks = line(page, 'Picks in');
    await picks.getByRole('button', { name: 'Remind' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
    await picks.getByText(new RegExp(`^Reminders sent! Sent: ${missing.length}, Failed: 0`)).waitFor();
    await smtp.waitFor(missing[0].user.email);
    await context.close();
  });

  it('hides the entry fees line while the season charges no fee, and shows who paid and the pot once it does', async () => {
    const { context, page } = await adminPage(PHONE);
    await page.goto(`${base}/admin`);
    await expectLine(page, 'Results', 'To do', 'Not calculated yet.');
    const seasonId = ((await t.http.get('/api/football_seasons/current').set(admin).expect(200)).body as { id: number }).id;
    expect((await t.http.get(`/api/seasons/${seasonId}/pot`).set(admin).expect(200)).body.entry_fee_cents).toBe(0);
    expect(await line(page, 'Entry fees').count()).toBe(0);

    await t.http.patch(`/api/football_seasons/${seasonId}`).set(admin).send({ entry_fee_cents: 2000, payout_percentages: [100] }).expect(200);
    const players = (await t.http.get('/api/users?filter={"role":"user"}&range=[0,1]').set(admin).expect(200)).body as { id: number }[];
    await t.http.patch(`/api/seasons/${seasonId}/entry_payments`).set(admin).send({ user_ids: players.map((one) => one.id), paid: true }).expect(200);
    const pot = (await t.http.get(`/api/seasons/${seasonId}/pot`).set(admin).expect(200)).body as { member_count: number; pot_cents: number };
    await page.reload();
    const fees = await expectLine(page, 'Entry fees', 'To do', `2 of ${pot.member_count} members paid; pot $${pot.pot_cents / 100}.`);
    await fees.getByRole('link', { name: 'Who paid' }).click();
    await page.getByRole('heading', { level: 1, name: 'Entry Fees' }).waitFor();
    await context.close();
  });

  it('has exactly one menu button on a phone, reaching the console and the member pages; none on a desktop', async () => {
    const { context, page } = await adminPage(PHONE);
    await page.goto(`${base}/admin`);
    await page.getByRole('heading', { level: 1, name: 'Admin Overview' }).waitFor();
    expect(await page.getByRole('button', { name: /menu/i }).count()).toBe(1);
    await page.getByRole('button', { name: 'Admin menu' }).click();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Weekly Results' }).waitFor();
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Results' }).click();
    await page.waitForURL(`${base}/results`);
    // Outside the console the top bar's own menu button is back, and the only one.
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByRole('button', { name: /menu/i }).count()).toBe(1);
    await page.getByRole('button', { name: 'Menu', exact: true }).waitFor();
    await context.close();

    const desktop = await adminPage(DESKTOP);
    await desktop.page.goto(`${base}/admin`);
    await desktop.page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Overview' }).waitFor();
    expect(await desktop.page.getByRole('button', { name: /menu/i }).count()).toBe(0);
    await desktop.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).waitFor();
    await desktop.context.close();
  });

});
