import { Browser, chromium, Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { CspWatch } from './csp-watch';
import { horizontalOverflow } from './screen-checks';
import { createSeason } from '../support/factories';
import { ADMIN, PASSWORD, TestApp } from '../support/test-app';

/**
 * Entry fees (docs/pool-formats.md#entry-fees-and-payouts): the admin marks two members paid at once in the console's
 * Entry Fees list; a member on a phone then sees "Paid" and the pot on the dashboard.
 */
jest.setTimeout(90_000);

describe('Entry fees: the admin marks who paid, a member sees it on a phone', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let seasonId: number;
  const members: { id: number; email: string; name: string }[] = [];

  beforeAll(async () => {
    t = await TestApp.start({ APP_NAME: 'Saturday Pool' });
    await t.app.listen(0, '127.0.0.1');
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    const season = await createSeason(t.dataSource, { is_current: true, name: '2026 Season', entry_fee_cents: 2500, payout_percentages: [70, 30] });
    seasonId = season.id;
    for (const name of ['Avery Fan', 'Blake Fan', 'Casey Fan']) {
      const user = await t.createUser({ name, email: `${name.split(' ')[0].toLowerCase()}@pool.test` });
      members.push({ id: user.id, email: user.email, name });
    }
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function signIn(page: Page, email: string, password: string) {
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  }

  it('the admin selects two members and marks them paid in one action', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const csp = await CspWatch.on(context);
    const page = await context.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(`${base}/admin`);

    await page.goto(`${base}/admin/entry_payments`);
    await page.getByRole('heading', { level: 1, name: 'Entry Fees' }).waitFor();
    await page.getByTestId('admin-pot-line').getByText('Pot $0 · 0 of 3 paid · $25 entry').waitFor();
    const row = (name: string) => page.getByRole('row').filter({ hasText: name });
    for (const member of members) await row(member.name).getByText('Unpaid').waitFor();

    await row('Avery Fan').getByRole('checkbox').check();
    await row('Blake Fan').getByRole('checkbox').check();
    const marked = page.waitForResponse((response) => response.url().endsWith(`/api/seasons/${seasonId}/entry_payments`) && response.request().method() === 'PATCH');
    await page.getByRole('button', { name: 'Mark paid' }).click();
    expect((await marked).status()).toBe(200);
    await page.getByText('2 members marked paid').waitFor();
    await row('Avery Fan').getByText('Paid', { exact: true }).waitFor();
    await row('Blake Fan').getByText('Paid', { exact: true }).waitFor();
    await row('Casey Fan').getByText('Unpaid').waitFor();
    await page.getByTestId('admin-pot-line').getByText('Pot $50 · 2 of 3 paid · $25 entry').waitFor();

    // Each change is in the security log, with the admin who made it.
    const logged: { user_id: number | string }[] = await t.dataSource.query("SELECT user_id FROM security_events WHERE type = 'entry_paid' ORDER BY user_id");
    expect(logged.map((entry) => Number(entry.user_id))).toEqual([members[0].id, members[1].id]);
    expect(csp.take()).toEqual([]);
    await context.close();
  });

  it('a paid member on a phone sees "Paid", the pot and the payouts on the dashboard, without sideways scrolling', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const csp = await CspWatch.on(context);
    const page = await context.newPage();
    await signIn(page, members[0].email, PASSWORD);
    await page.getByRole('heading', { name: `Welcome back, ${members[0].email}` }).waitFor();

    const card = page.getByRole('region', { name: 'Entry fee and pot' });
    await card.getByTestId('pot-paid-status').getByText('Paid', { exact: true }).waitFor();
    await card.getByTestId('pot-total').getByText('Pot $50').waitFor();
    await card.getByText('Entry fee $25 · 2 of 3 members paid').waitFor();
    await card.getByText('Season payouts: 1st $35 · 2nd $15').waitFor();
    expect(await horizontalOverflow(page)).toBeNull();
    expect(csp.take()).toEqual([]);
    await context.close();
  });

  it('an unpaid member sees that they have not paid yet', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await signIn(page, members[2].email, PASSWORD);
    await page.getByRole('region', { name: 'Entry fee and pot' }).getByText('Not paid yet').waitFor();
    await context.close();
  });
});
