import { Browser, chromium, Page } from 'playwright-core';
import { advanceClock, codeAt } from '../support/second-factor';
import { ADMIN, TestApp } from '../support/test-app';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { CspWatch } from './csp-watch';

jest.setTimeout(60_000);

/** An admin's second factor in Chromium, where it is required (the server's default). */
describe('Admin second factor in the browser', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    t = await TestApp.start({ APP_NAME: 'Saturday Pool', ADMIN_SECOND_FACTOR: 'required' });
    await t.app.listen(0, '127.0.0.1');
    base = await t.app.getUrl();
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await browser?.close();
    await t?.close();
  });

  async function password(page: Page): Promise<void> {
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  }

  it('sets up the app from the key shown, signs in with a code, then with a recovery code that fails a second time', async () => {
    const context = await browser.newContext();
    const csp = await CspWatch.on(context);
    const page = await context.newPage();

    // No factor yet: the sign-in leads to setting one up.
    await password(page);
    await page.waitForURL(`${base}/second-factor/setup`);
    await page.getByRole('heading', { name: 'Set up a second factor' }).waitFor();
    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor();
    expect(await qr.evaluate((image) => (image as unknown as { complete: boolean; naturalWidth: number }).naturalWidth > 0)).toBe(true);
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    const codeField = page.getByLabel('Enter the 6-digit code from your authenticator app');
    expect(await codeField.getAttribute('inputmode')).toBe('numeric');
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
    await codeField.fill(await codeAt(t, secret));
    await page.getByRole('button', { name: 'Confirm' }).click();
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    const recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
    expect(recoveryCodes).toHaveLength(10);
    await page.getByRole('button', { name: 'I saved them' }).click();
    await page.waitForURL(`${base}/admin`);
    // The QR code is a data: image the Content-Security-Policy allows.
    expect(csp.take()).toEqual([]);
    await context.close();

    // A later code (the one used to set up is never accepted again).
    advanceClock(t, 30);
    const second = await browser.newPage();
    await password(second);
    const code = second.getByLabel('Enter the 6-digit code from your authenticator app');
    await code.fill(await codeAt(t, secret));
    await second.getByRole('button', { name: 'Verify' }).click();
    await second.waitForURL(`${base}/admin`);
    await second.close();

    // A recovery code, once.
    for (const attempt of ['works', 'fails']) {
      const page3 = await browser.newPage();
      await password(page3);
      await page3.getByRole('link', { name: 'Use a recovery code' }).click();
      await page3.getByLabel('Enter one of your recovery codes').fill(recoveryCodes[0]);
      await page3.getByRole('button', { name: 'Verify' }).click();
      if (attempt === 'works') await page3.waitForURL(`${base}/admin`);
      else await page3.getByRole('alert').filter({ hasText: 'That code is not valid' }).waitFor();
      await page3.close();
    }
  });
});
