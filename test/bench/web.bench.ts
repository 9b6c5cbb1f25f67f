/**
 * `npm run bench:web`: what a visitor's phone gets from the member web app.
 *
 * Builds the web app, starts the real server on a fresh database loaded with the demo seed (`seed()`, the same as
 * `npm run seed`, with the finished weeks' results calculated as an admin would), and audits /login and /dashboard (a demo member logged in through localStorage, as the app
 * keeps its session) with Lighthouse in its mobile setting on Debian's Chromium. For each page it prints the
 * JavaScript the page loaded (the entry and the chunks the route pulls in), gzipped, beside Lighthouse's
 * performance and accessibility scores and the metrics behind them.
 * Figures, not assertions: the machine is shared and noisy. Targets: ≤ 180 KiB (1024 bytes) gzipped JS, scores ≥ 95.
 */
import 'reflect-metadata';
import { INestApplication } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { execSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app.factory';
import { loadConfig } from '../../src/config/app-config';
import { DEMO_PASSWORD, seed } from '../../src/seeds/demo-seed';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../browser/chromium';

const ROOT = resolve(__dirname, '..', '..');
const DIST = join(ROOT, 'frontend', 'dist');
const DEMO_MEMBER = 'jordan@example.com';
const ADMIN = { email: 'bench-admin@pool.test', password: randomBytes(12).toString('hex') };
const TARGETS = { jsKb: 180, performance: 95, accessibility: 95 };

// Lighthouse and chrome-launcher are ES modules; this script runs as CommonJS under ts-node.
const importEsm = new Function('specifier', 'return import(specifier)') as <T>(specifier: string) => Promise<T>;

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
}
interface LighthouseResult {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; displayValue?: string; details?: { items?: NetworkRequest[] } }>;
  runWarnings: string[];
  runtimeError?: { code: string; message: string };
}
type Lighthouse = (url: string, flags: Record<string, unknown>) => Promise<{ lhr: LighthouseResult } | undefined>;
interface LaunchedChrome {
  port: number;
  kill(): void;
}
type LaunchChrome = (options: { chromePath: string; chromeFlags: string[] }) => Promise<LaunchedChrome>;

async function startServer(): Promise<{ app: INestApplication; base: string; cleanup: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tailgate-web-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    // Sends nothing: production without a mail server must say so.
    MAIL_OUTBOX: 'file',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOGIN_MAX_FAILURES: '100',
  });
  const app = await createApp(config, { logger: false });
  await app.init();
  const dataSource = app.get<DataSource>(getDataSourceToken());
  const summary = await dataSource.transaction((manager) => seed(manager));
  console.log(`Seeded ${summary.teams} teams and "${summary.season}" with ${summary.picks} picks by ${summary.members} members.`);
  await app.listen(0, '127.0.0.1');
  const base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  return {
    app,
    base,
    cleanup: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A session as the login page would store it in localStorage. */
async function login(base: string, email: string, password: string): Promise<{ token: string; user: unknown }> {
  const response = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Login of ${email} answered ${response.status}`);
  return (await response.json()) as { token: string; user: unknown };
}

/** What an admin does after the demo season's games were played: results for every finished week, then the season. */
async function calculateResults(base: string): Promise<void> {
  const { token } = await login(base, ADMIN.email, ADMIN.password);
  const call = async (path: string, method = 'GET') => {
    const response = await fetch(`${base}/api${path}`, { method, headers: { Authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
    return response.json();
  };
  const season = (await call('/football_seasons/current')) as { id: number; weeks: { id: number; status: string }[] };
  const finished = season.weeks.filter((week) => week.status === 'past');
  for (const week of finished) await call(`/weekly_results/calculate/${week.id}`, 'POST');
  await call(`/season_results/calculate/${season.id}`, 'POST');
  console.log(`Calculated the results of ${finished.length} finished weeks and the season standings.`);
}

/** The gzipped size of a built asset, by the path the browser asked for. */
function gzippedSize(url: string): { raw: number; gzip: number } {
  const file = join(DIST, new URL(url).pathname);
  const content = readFileSync(file);
  return { raw: content.length, gzip: gzipSync(content).length };
}

async function audit(
  lighthouse: Lighthouse,
  launch: LaunchChrome,
  url: string,
  session?: { token: string; user: unknown },
): Promise<LighthouseResult> {
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
  try {
    if (session) {
      // A page of the origin that loads no script, to put the session where the app looks for it. Lighthouse
      // clears the HTTP cache before its run but leaves localStorage alone.
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await browser.contexts()[0].newPage();
      await page.goto(new URL('/api/health', url).href);
      await page.evaluate(`localStorage.setItem('token', ${JSON.stringify(session.token)}); localStorage.setItem('user', ${JSON.stringify(JSON.stringify(session.user))});`);
      await page.close();
      await browser.close();
    }
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const score = (value: number | null) => (value === null ? 'n/a' : Math.round(value * 100));

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) {
    console.log('Building the web app…');
    execSync('npm run build --workspace frontend', { cwd: ROOT, stdio: 'inherit' });
  }
  if (!existsSync(join(DIST, 'index.html'))) throw new Error(`No built web app in ${DIST}`);
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`No Chromium at ${CHROMIUM_PATH} (apt-get install chromium)`);
  process.env.CHROME_PATH = CHROMIUM_PATH;

  const { default: lighthouse } = await importEsm<{ default: Lighthouse }>('lighthouse');
  const { launch } = await importEsm<{ launch: LaunchChrome }>('chrome-launcher');
  const server = await startServer();
  try {
    await calculateResults(server.base);
    const session = await login(server.base, DEMO_MEMBER, DEMO_PASSWORD);
    const pages: { route: string; session?: typeof session }[] = [{ route: '/login' }, { route: '/dashboard', session }];
    const rows = [];
    for (const { route, session: stored } of pages) {
      console.log(`\nLighthouse (mobile) on ${route}${stored ? ` as ${DEMO_MEMBER}` : ''}…`);
      const lhr = await audit(lighthouse, launch, `${server.base}${route}`, stored);
      const scripts = (lhr.audits['network-requests'].details?.items ?? []).filter((item) => item.resourceType === 'Script' && item.url.startsWith(server.base));
      let gzip = 0;
      let raw = 0;
      for (const script of scripts) {
        const size = gzippedSize(script.url);
        gzip += size.gzip;
        raw += size.raw;
        console.log(`  ${new URL(script.url).pathname.padEnd(48)} ${kb(size.raw).padStart(10)} ${kb(size.gzip).padStart(10)} gzipped`);
      }
      for (const warning of lhr.runWarnings) console.log(`  warning: ${warning}`);
      if (lhr.runtimeError) console.log(`  Lighthouse failed: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const metric = (id: string) => lhr.audits[id]?.displayValue ?? 'n/a';
      rows.push({
        route,
        scripts: scripts.length,
        raw,
        gzip,
        performance: score(lhr.categories.performance.score),
        accessibility: score(lhr.categories.accessibility.score),
        metrics: `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`,
      });
    }

    console.log(`\nTargets: JS ≤ ${TARGETS.jsKb} KiB gzipped, performance ≥ ${TARGETS.performance}, accessibility ≥ ${TARGETS.accessibility}`);
    console.log(`${'route'.padEnd(12)} ${'JS files'.padStart(8)} ${'JS raw'.padStart(10)} ${'JS gzipped'.padStart(11)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)}`);
    for (const row of rows) {
      console.log(
        `${row.route.padEnd(12)} ${String(row.scripts).padStart(8)} ${kb(row.raw).padStart(10)} ${kb(row.gzip).padStart(11)} ${String(row.performance).padStart(5)} ${String(row.accessibility).padStart(5)}   ${row.metrics}`,
      );
    }
  } finally {
    await server.cleanup();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
