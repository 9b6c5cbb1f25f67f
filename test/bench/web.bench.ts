/**
 * `npm run bench:web`: what a visitor's phone gets from the member web app.
 *
 * Builds the web app, starts the real server on a fresh database loaded with the demo seed (`seed()`, the same as
 * `npm run seed`, with the finished weeks' results calculated as an admin would), and audits /login, /dashboard, /live
 * and /results (the member pages as a demo member logged in through localStorage, as the app keeps its session) with
 * Lighthouse in its mobile setting (default throttling) on Debian's Chromium, BENCH_RUNS times each (default 3; the
 * median run by performance score is shown; a run that fails with NO_NAVSTART/NO_FCP is tried again). For each page
 * it prints the JavaScript the page loaded (the entry and the chunks the route pulls in), gzipped, beside
 * Lighthouse's performance and accessibility scores and the metrics behind them, against the targets below.
 * Figures, not assertions: the machine is shared and noisy (the JS budget is asserted by `npm run check:size`).
 * `--no-build` audits the web app already built; BENCH_WEB_DIST serves another built copy (e.g. to compare);
 * BENCH_ROUTES=/login,/results audits only those pages.
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
const DIST = process.env.BENCH_WEB_DIST ? resolve(process.env.BENCH_WEB_DIST) : join(ROOT, 'frontend', 'dist');
const DEMO_MEMBER = 'jordan@example.com';
const ADMIN = { email: 'bench-admin@pool.test', password: randomBytes(12).toString('hex') };
/** The targets (docs/architecture.md, "Web app weight"); JS in KiB (1024 bytes) gzipped. */
const TARGETS = { performance: 95, accessibility: 100, tbtMs: 150, cls: 0.05 };
const JS_BUDGET_KB: Record<string, number> = { '/login': 90, '/dashboard': 150, '/live': 150, '/results': 150 };
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const DIST_OVERRIDE = process.env.BENCH_WEB_DIST ? resolve(process.env.BENCH_WEB_DIST) : null;

// Lighthouse and chrome-launcher are ES modules; this script runs as CommonJS under ts-node.
const importEsm = new Function('specifier', 'return import(specifier)') as <T>(specifier: string) => Promise<T>;

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
}
interface LighthouseResult {
  categories: Record<string, { score: number | null; auditRefs?: { id: string }[] }>;
  audits: Record<string, { score?: number | null; numericValue?: number; displayValue?: string; details?: { items?: NetworkRequest[] } }>;
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
    // The bench signs admins in with a password alone: an automated run that says so (docs/security.md).
    ADMIN_SECOND_FACTOR: 'optional',
    LOGIN_MAX_FAILURES: '100',
  });
  if (DIST_OVERRIDE) Object.assign(config, { frontendDir: DIST_OVERRIDE });
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

/** One audit, tried again (up to 3 times) when Lighthouse lost the navigation on the busy machine. */
async function auditWithRetry(...args: Parameters<typeof audit>): Promise<LighthouseResult> {
  for (let attempt = 1; ; attempt++) {
    const lhr = await audit(...args);
    const code = lhr.runtimeError?.code;
    if (!code || !/NO_NAVSTART|NO_FCP|NO_LCP/.test(code) || attempt >= 3) return lhr;
    console.log(`  ${code}: trying again`);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : NaN;
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const score = (value: number | null) => (value === null ? 'n/a' : Math.round(value * 100));
const ms = (value: number) => (Number.isNaN(value) ? 'n/a' : value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`);


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
    const only = process.env.BENCH_ROUTES?.split(',');
    const pages: { route: string; session?: typeof session }[] = [
      { route: '/login' },
      { route: '/dashboard', session },
      { route: '/live', session },
      { route: '/results', session },
    ].filter((page) => !only || only.includes(page.route));
    const rows = [];
    for (const { route, session: stored } of pages) {
      console.log(`\nLighthouse (mobile) on ${route}${stored ? ` as ${DEMO_MEMBER}` : ''}, ${RUNS} run(s)…`);
      const runs: { lhr: LighthouseResult; performance: number }[] = [];
      for (let run = 0; run < RUNS; run++) {
        const lhr = await auditWithRetry(lighthouse, launch, `${server.base}${route}`, stored);
        for (const warning of lhr.runWarnings) console.log(`  warning: ${warning}`);
        if (lhr.runtimeError) console.log(`  Lighthouse failed: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        const performance = lhr.categories.performance.score ?? -1;
        const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        console.log(
          `  run ${run + 1}: performance ${score(lhr.categories.performance.score)}, accessibility ${score(lhr.categories.accessibility.score)}, ` +
            `FCP ${ms(numeric('first-contentful-paint'))}, LCP ${ms(numeric('largest-contentful-paint'))}, TBT ${ms(numeric('total-blocking-time'))}, CLS ${numeric('cumulative-layout-shift').toFixed(3)}`,
        );
        runs.push({ lhr, performance });
      }
      // The run with the median performance score stands for the page; each metric is also the median of its own.
      const byScore = [...runs].sort((a, b) => a.performance - b.performance);
      const lhr = byScore[Math.floor((byScore.length - 1) / 2)].lhr;
      const med = (id: string) => median(runs.map((one) => one.lhr.audits[id]?.numericValue ?? NaN));
      const scripts = (lhr.audits['network-requests'].details?.items ?? []).filter((item) => item.resourceType === 'Script' && item.url.startsWith(server.base));
      let gzip = 0;
      let raw = 0;
      for (const script of scripts) {
        const size = gzippedSize(script.url);
        gzip += size.gzip;
        raw += size.raw;
        console.log(`  ${new URL(script.url).pathname.padEnd(48)} ${kb(size.raw).padStart(10)} ${kb(size.gzip).padStart(10)} gzipped`);
      }
      const failedA11y = (lhr.categories.accessibility.auditRefs ?? []).map((ref) => ref.id).filter((id) => lhr.audits[id]?.score === 0);
      if (failedA11y.length) console.log(`  accessibility audits failed: ${failedA11y.join(', ')}`);
      const shifts = (lhr.audits['layout-shifts']?.details?.items ?? []) as unknown as { node?: { selector?: string; nodeLabel?: string }; score?: number }[];
      for (const shift of shifts.slice(0, 5)) console.log(`  layout shift ${shift.score?.toFixed(3)}: ${shift.node?.selector ?? '?'} (${shift.node?.nodeLabel?.slice(0, 60) ?? ''})`);
      rows.push({
        route,
        scripts: scripts.length,
        raw,
        gzip,
        performance: Math.round(median(runs.map((one) => one.performance)) * 100),
        accessibility: score(lhr.categories.accessibility.score),
        fcp: med('first-contentful-paint'),
        lcp: med('largest-contentful-paint'),
        tbt: med('total-blocking-time'),
        cls: med('cumulative-layout-shift'),
      });
    }

    console.log(
      `\nTargets: performance ≥ ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, TBT ≤ ${TARGETS.tbtMs} ms, CLS ≤ ${TARGETS.cls}; ` +
        `JS gzipped ≤ ${Object.entries(JS_BUDGET_KB).map(([route, budget]) => `${route} ${budget} KiB`).join(', ')}. Medians of ${RUNS} run(s).`,
    );
    console.log(
      `${'route'.padEnd(12)} ${'JS files'.padStart(8)} ${'JS raw'.padStart(10)} ${'JS gzipped'.padStart(11)} ${'budget'.padStart(9)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)} ${'FCP'.padStart(8)} ${'LCP'.padStart(8)} ${'TBT'.padStart(8)} ${'CLS'.padStart(6)}`,
    );
    for (const row of rows) {
      const flag = (ok: boolean) => (ok ? ' ' : '!');
      const budget = JS_BUDGET_KB[row.route];
      console.log(
        `${row.route.padEnd(12)} ${String(row.scripts).padStart(8)} ${kb(row.raw).padStart(10)} ${kb(row.gzip).padStart(10)}${flag(row.gzip / 1024 <= budget)} ${`${budget} KiB`.padStart(9)} ` +
          `${String(row.performance).padStart(4)}${flag(row.performance >= TARGETS.performance)} ${String(row.accessibility).padStart(4)}${flag(row.accessibility === TARGETS.accessibility)} ` +
          `${ms(row.fcp).padStart(8)} ${ms(row.lcp).padStart(8)} ${ms(row.tbt).padStart(7)}${flag(row.tbt <= TARGETS.tbtMs)} ${row.cls.toFixed(3).padStart(5)}${flag(row.cls <= TARGETS.cls)}`,
      );
    }
    console.log("('!' marks a figure past its target)");
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
