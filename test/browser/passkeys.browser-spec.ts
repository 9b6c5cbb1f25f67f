import { Browser, chromium, Page } from 'playwright-core';
import { freePort } from '../bench/bench-processes';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { CspWatch } from './csp-watch';
import { Passkey } from '../../src/auth/passkeys/entities/passkey.entity';
import { SecurityEvent } from '../../src/security/entities/security-event.entity';
import { PASSWORD, TestApp } from '../support/test-app';

/**
 * A member's passkey in real Chromium, with its virtual authenticator standing in for a phone's screen lock: offered
 * after a password sign-in, added on the profile, used to sign in, removed. Passkeys need the page's host to be the
 * app's (APP_URL), so the app is served on localhost here.
 */
jest.setTimeout(60_000);

describe('Passkeys in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let csp: CspWatch;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://localhost:${port}`;
    t = await TestApp.start({ APP_URL: base });
    await t.app.listen(port, '127.0.0.1');
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const context = await browser.newContext({ viewport: { width: 1024, height: 800 } });
    csp = await CspWatch.on(context);
    page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
  });
  afterEach(() => expect(csp.take()).toEqual([]));

  /** Waits until the security log holds `count` passkey sign-ins. */
  async function passkeyLogins(count: number) {
    const logins = () => t.dataSource.getRepository(SecurityEvent).countBy({ type: 'login', details: 'passkey' });
    for (let tries = 0; tries < 100 && (await logins()) < count; tries++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await logins()).toBe(count);
  }
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('offers a passkey after a password sign-in; the dismissal is remembered on this device', async () => {
    const user = await t.createUser({ name: 'Pat Passkey', email: 'pat@pool.test' });
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/dashboard');
    const offer = page.getByRole('dialog', { name: 'Sign in faster with a passkey' });
    await offer.getByRole('button', { name: 'Not now' }).click();
    await expect(offer.count()).resolves.toBe(0);
    expect(await page.evaluate(() => (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem('passkey-offer-dismissed'))).not.toBeNull();
  });

  it('adds a passkey on the profile, signs in with it after logging out (autofill, then the button), and removes it', async () => {
    await page.goto(`${base}/profile`);
    const card = page.getByRole('region', { name: 'Passkeys' });
    await card.getByText('You have no passkeys yet.').waitFor();
    await card.getByLabel('Passkey name').fill('Test laptop');
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    await card.getByText('Passkey added. You can sign in with it now.').waitFor();
    await card.getByRole('list', { name: 'Passkeys' }).getByText('Test laptop').waitFor();
    expect(await t.dataSource.getRepository(Passkey).count()).toBe(1);

    // Chromium offers passkeys in the e-mail field's autofill, and its virtual authenticator picks the one there is.
    // Back where the session ended: the profile.
    await page.getByRole('button', { name: 'Logout' }).click();
    await passkeyLogins(1);
    await card.getByText(/last used/).waitFor();
    // Where the browser has no autofill for passkeys: the button.
    await page.context().addInitScript(() => {
      (globalThis as unknown as { PublicKeyCredential: { isConditionalMediationAvailable: () => Promise<boolean> } }).PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    });
    // The login page opened directly (its light shell): opening it ends the stored session.
    await page.goto(`${base}/login`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL('**/dashboard');
    await passkeyLogins(2);
    // A passkey sign-in makes no offer.
    await expect(page.getByRole('dialog', { name: 'Sign in faster with a passkey' }).count()).resolves.toBe(0);
    expect((await t.dataSource.getRepository(Passkey).findOneByOrFail({ name: 'Test laptop' })).last_used_at).not.toBeNull();

    await page.goto(`${base}/profile`);
    await card.getByText(/last used/).waitFor();
    await card.getByRole('button', { name: 'Remove Test laptop' }).click();
    await card.getByText('Passkey removed.').waitFor();
    await card.getByText('You have no passkeys yet.').waitFor();
    expect(await t.dataSource.getRepository(Passkey).count()).toBe(0);
  });
});
