import { Browser, BrowserContext, CDPSession, chromium, Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { CspWatch } from './csp-watch';
import { Game } from '../../src/games/entities/game.entity';
import { createGame, createSeason, createTeam, createWeek } from '../support/factories';
import { PASSWORD, TestApp } from '../support/test-app';

/**
 * The installable web app in real Chromium (docs/architecture.md, "The installable web app"): the manifest the
 * server serves, the service worker taking control, the member's week shown offline with nothing saved, and a push
 * delivered to the worker (CDP ServiceWorker.deliverPushMessage) shown as a notification whose click opens its page.
 */
jest.setTimeout(60_000);

describe('The installable web app', () => {
  const OFFLINE = "Offline — picks can't be saved now";
  let t: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let csp: CspWatch;
  let base: string;
  let email: string;
  let game: Game;

  /** Waits until the check holds (a page-side waitForFunction would need eval, which the CSP refuses). */
  async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
    for (const start = Date.now(); !(await check()); ) {
      if (Date.now() - start > timeoutMs) throw new Error(`Not true within ${timeoutMs} ms: ${check.toString()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const matchup = () => `${game.away_team!.name} @ ${game.home_team!.name}`;
  const card = () => page.getByRole('article', { name: matchup() });

  beforeAll(async () => {
    t = await TestApp.start();
    await t.app.listen(0, '127.0.0.1');
    base = await t.app.getUrl();
    email = (await t.createUser()).email;
    const ds = t.dataSource;
    const season = await createSeason(ds, { is_current: true, name: '2026 Season' });
    const week = await createWeek(ds, { football_season_id: season.id, number: 1 });
    const created = await createGame(ds, { week_id: week.id, away_team_id: (await createTeam(ds, { name: 'Auburn' })).id, home_team_id: (await createTeam(ds, { name: 'Alabama' })).id });
    game = await ds.getRepository(Game).findOneOrFail({ where: { id: created.id }, relations: { home_team: true, away_team: true } });

    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, colorScheme: 'light' });
    csp = await CspWatch.on(context);
    page = await context.newPage();
  });
  afterEach(() => expect(csp.take()).toEqual([]));
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it("serves a manifest with the pool's name, a standalone start at the dashboard and icons that load", async () => {
    await page.goto(`${base}/login`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const response = await page.request.get(new URL(href!, base).href);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = await response.json();
    expect(manifest).toMatchObject({ name: 'Tailgate Picks', short_name: 'Tailgate', start_url: '/dashboard', display: 'standalone', theme_color: '#166534' });
    expect(manifest.icons.some((icon: { purpose: string }) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons as { src: string; sizes: string; type: string }[]) {
      const image = await page.request.get(new URL(icon.src, base).href);
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toBe(icon.type);
      // A PNG's width and height are the IHDR chunk's first two words.
      const bytes = await image.body();
      expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`).toBe(icon.sizes);
    }
    expect(await page.locator('meta[name="theme-color"]').evaluateAll((metas) => metas.map((meta) => meta.getAttribute('media')))).toEqual([
      '(prefers-color-scheme: light)',
      '(prefers-color-scheme: dark)',
    ]);
    expect(await page.locator('link[rel="apple-touch-icon"]').count()).toBe(1);

    const worker = await page.request.get(`${base}/sw.js`);
    expect(worker.status()).toBe(200);
    expect(worker.headers()['cache-control']).toBe('no-cache');
    expect(worker.headers()['content-type']).toMatch(/javascript/);
  });

  it('is controlled by the service worker once signed in', async () => {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await card().waitFor();
    await until(() => page.evaluate('navigator.serviceWorker.controller !== null') as Promise<boolean>);
    // Read again under the worker, which keeps the answers for offline use.
    await page.reload();
    await card().waitFor();
    expect(await page.evaluate('caches.keys()')).toEqual(expect.arrayContaining(['tailgate-api']));
  });

  it("shows the last week offline with the banner, and a tapped pick never shows as saved", async () => {
    await context.setOffline(true);
    try {
      await page.reload();
      await card().waitFor();
      await page.getByRole('status').filter({ hasText: OFFLINE }).waitFor();
      const team = game.home_team!.name;
      await card().getByRole('button', { name: team, exact: true }).click();
      await page.getByText("Pick submission failed: You're offline — picks can't be saved now.").waitFor();
      expect(await card().getByRole('button', { name: team, exact: true }).getAttribute('aria-pressed')).toBe('false');
      expect(await page.getByText(/^Pick saved for/).count()).toBe(0);
    } finally {
      await context.setOffline(false);
    }
    const picks = await t.dataSource.query('SELECT COUNT(*) AS count FROM picks');
    expect(Number(picks[0].count)).toBe(0);
  });

  it('shows a push delivered to the service worker as a notification whose click opens its page', async () => {
    await context.grantPermissions(['notifications'], { origin: base });
    await page.goto(`${base}/dashboard`);
    await card().waitFor();
    const cdp: CDPSession = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((registration: { scopeURL: string; isDeleted: boolean }) => registration.scopeURL === `${base}/` && !registration.isDeleted);
        if (found) resolve(found.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    const payload = { title: 'Picks lock in 2 hours', body: "You haven't picked Auburn @ Alabama.", tag: 'reminder-1', url: '/results' };
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: base, registrationId: await registrationId, data: JSON.stringify(payload) });

    const worker = context.serviceWorkers().find((candidate) => candidate.url() === `${base}/sw.js`)!;
    const shown = () =>
      worker.evaluate(
        `self.registration.getNotifications().then((list) => list.map(({ title, body, tag, data }) => ({ title, body, tag, data })))`,
      ) as Promise<unknown[]>;
    await until(async () => (await shown()).length > 0);
    expect(await shown()).toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, data: { url: payload.url } }]);

    // CDP cannot click a notification: the worker's own handler gets a notificationclick for the real notification.
    await worker.evaluate(`self.registration.getNotifications().then(([notification]) => {
      self.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
    })`);
    await page.waitForURL(`${base}/results`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await shown()).toEqual([]);
  });

  it("forgets every cached answer of the member on logout", async () => {
    const cachedAnswers = () => page.evaluate(`caches.open('tailgate-api').then((cache) => cache.keys()).then((keys) => keys.length)`) as Promise<number>;
    expect(await cachedAnswers()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Menu' }).click();
    const ended = page.waitForResponse((response) => response.url().endsWith('/api/logout'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    expect((await ended).status()).toBe(204);
    expect(await cachedAnswers()).toBe(0);
  });
});
