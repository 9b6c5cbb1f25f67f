#!/usr/bin/env node
/**
 * `npm run check:size`: the JavaScript a phone downloads before each member-facing page can show, gzipped, against
 * its budget (docs/architecture.md, "Web app weight"). Read from Vite's build manifest, so the figure is the same on
 * every machine: the page's HTML entry and every chunk it imports statically, plus the route's own lazy chunk and its
 * static imports (what the server announces with modulepreload, src/web/web-app.ts). Chunks the page loads later
 * (the results page's chart, the admin console) are not counted. Builds the web app first unless `--no-build`
 * (`--dist DIR` checks another build); `--verbose` lists every page's chunks. Exits 1 when a page is past its budget.
 *
 * Each page has a target and a budget. Every page now meets its target, so the budget is the target: /login 90 KiB,
 * the member pages 150 KiB each (docs/member-pages.md#bundle-web-app-weight).
 */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const distArg = process.argv.indexOf('--dist');
const DIST = distArg > 0 ? process.argv[distArg + 1] : join(ROOT, 'frontend', 'dist');

/**
 * Each page: the HTML entry the server sends for it, the module of its route, its budget (the check fails past it)
 * and its target, in KiB (1024 bytes) gzipped.
 */
export const BUDGETS = [
  { route: '/login', entry: 'account.html', module: null, kib: 90, target: 90 },
  { route: '/dashboard', entry: 'index.html', module: 'src/pages/DashboardPage.tsx', kib: 150, target: 150 },
  { route: '/live', entry: 'index.html', module: 'src/pages/LivePage.tsx', kib: 150, target: 150 },
  { route: '/results', entry: 'index.html', module: 'src/pages/ResultsPage.tsx', kib: 150, target: 150 },
  { route: '/survivor', entry: 'index.html', module: 'src/pages/SurvivorPage.tsx', kib: 150, target: 150 },
];

/** The files of a manifest entry and of everything it imports statically, each once. */
function chunksOf(manifest, key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry) throw new Error(`${key} is not in the build manifest`);
  if (seen.has(key)) return [];
  seen.add(key);
  return [entry.file, ...(entry.imports ?? []).flatMap((imported) => chunksOf(manifest, imported, seen))];
}

function main() {
  if (!process.argv.includes('--no-build') && distArg < 0) execSync('npm run build --workspace frontend', { cwd: ROOT, stdio: 'inherit' });
  const manifestFile = join(DIST, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`No build manifest at ${manifestFile}: build the web app first`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) {
      const content = readFileSync(join(DIST, file));
      sizes.set(file, { raw: content.length, gzip: gzipSync(content, { level: 9 }).length });
    }
    return sizes.get(file);
  };
  const kib = (bytes) => (bytes / 1024).toFixed(1);
  let failed = 0;
  console.log(`${'page'.padEnd(12)} ${'files'.padStart(5)} ${'raw KiB'.padStart(9)} ${'gzip KiB'.padStart(9)} ${'budget'.padStart(7)} ${'target'.padStart(7)}  verdict`);
  for (const page of BUDGETS) {
    const seen = new Set();
    const files = [...new Set([...chunksOf(manifest, page.entry, seen), ...(page.module ? chunksOf(manifest, page.module, seen) : [])])].filter((file) => file.endsWith('.js'));
    const raw = files.reduce((sum, file) => sum + sizeOf(file).raw, 0);
    const gzip = files.reduce((sum, file) => sum + sizeOf(file).gzip, 0);
    const over = gzip > page.kib * 1024;
    if (over) failed++;
    const verdict = over ? `OVER budget by ${kib(gzip - page.kib * 1024)} KiB` : gzip > page.target * 1024 ? `within budget, ${kib(gzip - page.target * 1024)} KiB above target` : 'ok';
    console.log(
      `${page.route.padEnd(12)} ${String(files.length).padStart(5)} ${kib(raw).padStart(9)} ${kib(gzip).padStart(9)} ${String(page.kib).padStart(7)} ${String(page.target).padStart(7)}  ${verdict}`,
    );
    if (over || process.argv.includes('--verbose')) {
      for (const file of files.sort((a, b) => sizeOf(b).gzip - sizeOf(a).gzip)) console.log(`    ${file.padEnd(50)} ${kib(sizeOf(file).gzip).padStart(7)} KiB gzipped`);
    }
  }
  if (failed) {
    console.error(`\n${failed} page(s) past the JavaScript budget (gzipped, KiB = 1024 bytes).`);
    process.exit(1);
  }
}

main();
