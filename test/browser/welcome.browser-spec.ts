import { Browser, chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { CspWatch } from './csp-watch';
import { TestApp } from '../support/test-app';

// Swagger UI lays out the whole API document, which grows with the API: more than Jest's default 5 s on a busy machine.
jest.setTimeout(30_000);

describe('The web app in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    t = await TestApp.start({ APP_NAME: 'Saturday Pool' });
    await t.app.listen(0, '127.0.0.1');
    base = await t.app.getUrl();
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('shows the welcome page with the pool name from the API', async () => {
    const page = await browser.newPage();
    await page.goto(`${base}/`);
    await page.getByRole('heading', { name: 'Welcome to Saturday Pool' }).waitFor();
    await page.getByText('The modern college football contest platform').waitFor();
    expect(await page.title()).toContain('Tailgate Picks');
  });

  it('answers any app path with the app (SPA fallback) but keeps /api paths for the API', async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${base}/dashboard/some/deep/link`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Welcome to Saturday Pool' }).waitFor();

    const api = await page.goto(`${base}/api/no-such-thing`);
    expect(api?.status()).toBe(404);
    expect(await api?.json()).toEqual({ errors: ['Cannot GET /api/no-such-thing'] });

    // The web app's files arrive gzipped; the API's answers are not compressed.
    const html = await page.request.get(`${base}/`, { headers: { 'Accept-Encoding': 'gzip' } });
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(await html.text())![1];
    const asset = await page.request.get(`${base}${script}`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(asset.headers()['content-encoding']).toBe('gzip');
    expect(asset.headers()['cache-control']).toContain('immutable');
    const health = await page.request.get(`${base}/api/health`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(health.headers()['content-encoding']).toBeUndefined();

    // With the web app served, a malformed API body is still the API's own 400, not the app or a 404.
    const malformed = await page.request.post(`${base}/api/users/login`, { headers: { 'Content-Type': 'application/json' }, data: '{"email": ' });
    expect(malformed.status()).toBe(400);
    expect((await malformed.json()).errors[0]).toMatch(/^Request body is not valid JSON/);
  });

  it('shows the API docs (API_DOCS=public) under the same Content-Security-Policy, nothing refused', async () => {
    const context = await browser.newContext();
    const csp = await CspWatch.on(context);
    const page = await context.newPage();
    await page.goto(`${base}/api/docs`);
    // Swagger UI renders the document's title and an operation of the API.
    await page.getByRole('heading', { name: /Saturday Pool API/ }).waitFor();
    await page.getByText('/api/users/login').first().waitFor();
    await context.close();
    expect(csp.take()).toEqual([]);
  });
});
