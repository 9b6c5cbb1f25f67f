/**
 * `npm run bench:live`: a thousand members watching the live board (docs/saturday.md#the-live-board), beside a floor.
 *
 * The app runs in a child process (`node -r ts-node/register/transpile-only src/main.ts`, so whatever is on disk is
 * measured) on a fresh SQLite database; the floor is bare node:http in another child (live-bench-support.ts, with
 * LIVE_FLOOR set), answering the app's board as captured (JSON, or gzipped once when asked, as the app does) with a
 * strong ETag and 304 to a matching If-None-Match, its version moved on whenever the app's admin changes a score, and
 * the app's own headers as captured from its 200 and its 304 (the security headers among them), so both send the
 * same bytes but for the tag and the date. The
 * watchers run in this process and ask for gzip, as browsers do. The seeding, the children and the client are in
 * live-bench-support.ts.
 *
 * The pool: BENCH_WATCHERS members (1,000), a current week of 10 games (5 kicked off and in progress, so their picks
 * are shown; 5 later today, their picks hidden), every member with a pick of every game, each logged in through the
 * API (bcrypt cost 4, as the other benches: real sessions, quickly).
 *
 * Phases, each against the app and then the floor:
 * 0. idle   — 3 seconds without requests: the CPU the server spends anyway, which the poll phase's figure includes.
 * 1. open   — every watcher GETs /api/live at once without a tag (everyone opens the page at kickoff).
 * 2. again  — every watcher at once again with the tag it got (nothing changed: 304s).
 * 3. poll   — BENCH_DURATION seconds (30): each watcher polls every BENCH_POLL seconds (15) with If-None-Match, the
 *             watchers spread evenly over the interval (1,000 / 15 s ≈ 67 requests a second), while the admin
 *             changes a score every BENCH_SCORE_EVERY seconds (5).
 *
 * Printed first: the size of the phone answer (GET /api/live: the games, the first rows, the member's own row) and of
 * the whole board (?rows=all), raw and gzipped.
 *
 * Printed per phase: requests, 304 share, p50/p95/p99 answer time, the server's CPU time (utime + stime from
 * /proc/<pid>/stat, Linux) and its CPU per 1,000 requests. BENCH_NODE_ARGS passes flags to the app's node
 * (--cpu-prof --cpu-prof-dir=…); a run with them also prints each phase's window on the monotonic clock, which the
 * profile's timestamps use, so the poll phase's samples can be read alone. The exit code is non-zero only when
 * correctness fails: a 5xx, an error, no answer, a hidden pick shown, or a body whose version is not its ETag.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import {
  Answer,
  buildPool,
  call,
  cpuSeconds,
  DURATION_S,
  floorHeaders,
  NODE_ARGS,
  POLL_S,
  Pool,
  SCORE_EVERY_S,
  Server,
  startApp,
  startFloor,
  stopApp,
  WATCHERS,
} from './live-bench-support';
import { children } from './bench-processes';
// ---------------------------------------------------------------------------------------------------------------
// The watchers.

interface Phase {
  server: string;
  phase: string;
  requests: number;
  notModified: number;
  latencies: number[];
  cpu: number;
  seconds: number;
  /** The phase's window on the monotonic clock, in µs: the timestamps of a profile made with --cpu-prof. */
  window: [number, number];
}

const failures: string[] = [];
const fail = (message: string) => {
  if (failures.length < 20) console.log(`  FAIL: ${message}`);
  failures.push(message);
};

/** Checks an answer; keeps the watcher's tag. */
function checked(answer: Answer, tags: (string | undefined)[], i: number, hiddenTeams: string[], checkBody: boolean): void {
  if (answer.status === 304) return;
  if (answer.status !== 200) return fail(`watcher ${i}: ${answer.status || answer.error} ${answer.body.slice(0, 200)}`);
  tags[i] = answer.etag;
  if (!checkBody) return;
  const body = JSON.parse(answer.body) as { version: string; members: unknown[]; me: { row: { user: { name: string } } } | null };
  if (body.version !== answer.etag) fail(`watcher ${i}: version ${body.version} is not the ETag ${answer.etag}`);
  if (body.me?.row.user.name !== `Watcher ${String(i).padStart(4, '0')}`) fail(`watcher ${i}: the own row is ${JSON.stringify(body.me?.row.user)}`);
  const rows = JSON.stringify(body.members);
  const shown = hiddenTeams.find((name) => rows.includes(JSON.stringify(name)));
  if (shown) fail(`watcher ${i}: a pick of a game not locked yet shows (${shown})`);
}

/** The monotonic clock (CLOCK_MONOTONIC on Linux) in µs, which V8's profiles use for their timestamps too. */
const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] : NaN);

async function measure(server: Server, name: string, phase: string, work: () => Promise<Answer[]>): Promise<Phase> {
  const cpuBefore = cpuSeconds(server.process.pid!);
  const started = performance.now();
  const from = monotonicMicros();
  const answers = await work();
  const window: [number, number] = [from, monotonicMicros()];
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(server.process.pid!) - cpuBefore;
  return { server: name, phase, requests: answers.length, notModified: answers.filter((answer) => answer.status === 304).length, latencies: answers.map((answer) => answer.ms), cpu, seconds, window };
}

/** Every watcher at once, with its tag (or none). */
function burst(server: Server, pool: Pool, tags: (string | undefined)[], checkBody: boolean): Promise<Answer[]> {
  return Promise.all(
    pool.tokens.map(async (token, i) => {
      // Bodies are checked on a sample: parsing a megabyte for every answer would load this process, not the server.
      const sampled = checkBody && i % 50 === 0;
      const answer = await call(server, 'GET', '/api/live', { token, tag: tags[i], skipBody: !sampled, gzip: true });
      checked(answer, tags, i, pool.hiddenTeams, sampled);
      return answer;
    }),
  );
}

/**
 * Each watcher polls every POLL_S seconds with its tag, the first poll at its place in the interval, never while its
 * previous poll is unanswered; `changeScore` runs every SCORE_EVERY_S seconds meanwhile.
 */
async function poll(server: Server, pool: Pool, tags: (string | undefined)[], changeScore: () => Promise<void>, board: boolean): Promise<Answer[]> {
  const answers: Answer[] = [];
  const end = performance.now() + DURATION_S * 1000;
  const scores = (async () => {
    while (performance.now() + SCORE_EVERY_S * 1000 < end) {
      await sleep(SCORE_EVERY_S * 1000);
      await changeScore();
    }
  })();
  await Promise.all(
    pool.tokens.map(async (token, i) => {
      let due = performance.now() + (i / pool.tokens.length) * POLL_S * 1000;
      while (due < end) {
        await sleep(Math.max(0, due - performance.now()));
        const sampled = board && i % 50 === 0;
        const answer = await call(server, 'GET', '/api/live', { token, tag: tags[i], skipBody: !sampled, gzip: true });
        checked(answer, tags, i, pool.hiddenTeams, sampled);
        answers.push(answer);
        due += POLL_S * 1000;
      }
    }),
  );
  await scores;
  return answers;
}

/** The three phases; `board`: the answers are the app's boards, whose bodies are checked (the floor's are filler). */
async function phases(server: Server, name: string, pool: Pool, changeScore: () => Promise<void>, board: boolean): Promise<Phase[]> {
  const tags: (string | undefined)[] = new Array(pool.tokens.length).fill(undefined);
  const out: Phase[] = [];
  // What the server spends doing nothing, for scale: the poll phase's CPU includes as much per second.
  const idleSeconds = Math.min(3, DURATION_S);
  out.push(await measure(server, name, `idle ${idleSeconds} s`, async () => (await sleep(idleSeconds * 1000), [])));
  out.push(await measure(server, name, 'open (all at once, no tag)', () => burst(server, pool, tags, board)));
  out.push(await measure(server, name, 'again (all at once, tagged)', () => burst(server, pool, tags, false)));
  out.push(await measure(server, name, `poll ${POLL_S} s for ${DURATION_S} s`, () => poll(server, pool, tags, changeScore, board)));
  return out;
}

function print(all: Phase[]): void {
  const header = ['server', 'phase', 'requests', '304 share', 'p50', 'p95', 'p99', 'server CPU', 'CPU / 1,000 req', 'req/s'];
  const rows = all.map((phase) => {
    const sorted = [...phase.latencies].sort((a, b) => a - b);
    const ms = (value: number) => (Number.isNaN(value) ? '-' : `${value.toFixed(1)} ms`);
    return [
      phase.server,
      phase.phase,
      String(phase.requests),
      phase.requests ? `${((100 * phase.notModified) / phase.requests).toFixed(1)}%` : '-',
      ms(percentile(sorted, 0.5)),
      ms(percentile(sorted, 0.95)),
      ms(percentile(sorted, 0.99)),
      `${phase.cpu.toFixed(2)} s`,
      phase.requests ? `${((1_000_000 * phase.cpu) / phase.requests).toFixed(0)} ms` : '-',
      (phase.requests / phase.seconds).toFixed(0),
    ];
  });
  const widths = header.map((_, k) => Math.max(header[k].length, ...rows.map((row) => row[k].length)));
  const line = (row: string[]) => row.map((cell, k) => cell.padEnd(widths[k])).join(' | ');
  console.log(`\n${line(header)}\n${widths.map((width) => '-'.repeat(width)).join('-|-')}`);
  for (const row of rows) console.log(line(row));
  // A profiled run (BENCH_NODE_ARGS=--cpu-prof): each phase's window, to read the profile's samples of that phase alone.
  if (NODE_ARGS.length) {
    console.log('\nphase windows (monotonic µs, as the profile\'s timestamps):');
    for (const phase of all) console.log(`  ${phase.server} | ${phase.phase} | ${phase.window[0]}-${phase.window[1]}`);
  }
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'tailgate-bench-live-'));
  const dataDir = join(work, 'data');
  console.log(`bench:live: ${WATCHERS} watchers polling every ${POLL_S} s for ${DURATION_S} s, a score change every ${SCORE_EVERY_S} s`);
  let app: (Server & { log: string }) | undefined;
  let floor: Server | undefined;
  const results: Phase[] = [];
  try {
    app = await startApp(work, dataDir);
    const pool = await buildPool(app, dataDir);
    const sample = await call(app, 'GET', '/api/live', { token: pool.tokens[0] });
    if (sample.status !== 200) throw new Error(`GET /api/live answered ${sample.status}: ${sample.body.slice(0, 300)}`);
    // What a phone is sent (the default: the first rows and the member's own), beside the whole board (rows=all).
    const all = await call(app, 'GET', '/api/live?rows=all', { token: pool.tokens[0] });
    for (const [name, answer] of [['the phone answer', sample], ['the whole board (rows=all)', all]] as const) {
      const body = JSON.parse(answer.body) as { members: unknown[]; member_count: number; me: unknown };
      const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
      console.log(
        `${name}: ${kib(Buffer.byteLength(answer.body))} of JSON, ${kib(gzipSync(answer.body).length)} gzipped, ${body.members.length} of ${body.member_count} rows${body.me ? ' and the own row' : ''}`,
      );
    }
    const boardFile = join(work, 'board.json');
    writeFileSync(boardFile, sample.body);
    // The floor answers with the app's headers (the security headers, caching, type, Vary) on its 200s and its 304s.
    const zipped = await call(app, 'GET', '/api/live', { token: pool.tokens[0], gzip: true, skipBody: true });
    const sentHeaders = floorHeaders(zipped, await call(app, 'GET', '/api/live', { token: pool.tokens[0], gzip: true, tag: zipped.etag }));

    let points = 0;
    const changeScore = async () => {
      points += 1;
      const game = pool.live[points % pool.live.length];
      const answer = await call(app!, 'PUT', `/api/games/${game.id}`, { token: pool.adminToken, body: { status: 'in_progress', home_score: 7 * points, away_score: 3 * points } });
      if (answer.status !== 200) fail(`score change answered ${answer.status || answer.error}: ${answer.body.slice(0, 200)}`);
    };
    results.push(...(await phases(app, 'app', pool, changeScore, true)));

    // BENCH_FLOOR=0: the app alone (profiling).
    if (process.env.BENCH_FLOOR !== '0') {
      floor = await startFloor(boardFile, sentHeaders);
      const floorServer = floor;
      results.push(...(await phases(floor, 'floor', pool, async () => void floorServer.process.send({ type: 'bump' }), false)));
    }
  } catch (error) {
    fail(`aborted: ${(error as Error).stack ?? error}`);
  } finally {
    if (floor) {
      if (floor.process.connected) floor.process.send({ type: 'stop' });
      await stopApp(floor.process);
    }
    await stopApp(app?.process);
    if (process.env.BENCH_KEEP) console.log(`kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
  print(results);
  if (failures.length) {
    console.log(`\nCORRECTNESS FAILED (${failures.length}): ${failures.slice(0, 5).join(' | ')}`);
    process.exit(1);
  }
  process.exit(0);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill('SIGKILL');
    process.exit(130);
  });
}
main().catch((error) => {
  console.error(error);
  for (const child of children) child.kill('SIGKILL');
  process.exit(1);
});
