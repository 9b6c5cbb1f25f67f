/**
 * `npm run bench:live`: a thousand members watching the live board (docs/saturday.md#the-live-board), beside a floor.
 *
 * The app runs in a child process (`node -r ts-node/register/transpile-only src/main.ts`, so whatever is on disk is
 * measured) on a fresh SQLite database; the floor is bare node:http in another child (this file, with LIVE_FLOOR set),
 * answering the app's board as captured (JSON, or gzipped once when asked, as the app does) with a strong ETag and 304
 * to a matching If-None-Match, its version moved on whenever the app's admin changes a score. The watchers run in this
 * process and ask for gzip, as browsers do.
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
import 'reflect-metadata';
import * as bcrypt from 'bcrypt';
import Database from 'better-sqlite3';
import { ChildProcess, fork, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, createServer, request as httpRequest } from 'node:http';
import { AddressInfo, createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import { buildLeague, instant } from './bench-league';

const ROOT = resolve(__dirname, '..', '..');
const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 1000);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 30);
const POLL_S = Number(process.env.BENCH_POLL ?? 15);
const SCORE_EVERY_S = Number(process.env.BENCH_SCORE_EVERY ?? 5);
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
/** Sockets the watchers share (a browser holds one or two per page; a thousand pages would hold a thousand). */
const SOCKETS = 256;
const GAMES = 10;
const ADMIN = { email: 'bench-admin@bench.test', password: 'bench-admin-secret' };
const MEMBER_PASSWORD = 'bench-member-secret';
const JWT_SECRET = 'bench-live-secret-that-is-long-enough-for-hs256';
const PASS_THROUGH = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'LC_ALL', 'TZ', 'NODE_OPTIONS'];
const CLOCK_TICKS = 100; // getconf CLK_TCK on Linux

// ---------------------------------------------------------------------------------------------------------------
// The floor: run as a child of the benchmark (LIVE_FLOOR=1), handed the captured board's file over IPC.

function runFloor(): void {
  let board = '';
  let version = 0;
  let answer = { json: Buffer.alloc(0), gzipped: Buffer.alloc(0), tag: '""' };
  // The app's board with a new version each time the app's admin would change a score, serialized and gzipped once.
  const remake = () => {
    version += 1;
    const text = board.replace(/"version":"[^"]*"/, `"version":"floor-${version}"`);
    answer = { json: Buffer.from(text), gzipped: gzipSync(text), tag: `"${createHash('sha1').update(text).digest('base64url')}"` };
  };
  const server = createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
    req.resume();
    const { json, gzipped, tag } = answer;
    const headers = { etag: tag, 'cache-control': 'private, no-cache', 'content-type': 'application/json; charset=utf-8', vary: 'accept-encoding' };
    if (req.headers['if-none-match'] === tag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    const zipped = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    const bytes = zipped ? gzipped : json;
    res.writeHead(200, { ...headers, ...(zipped ? { 'content-encoding': 'gzip' } : {}), 'content-length': bytes.length });
    res.end(bytes);
  });
  process.on('message', (message: { type: string; file?: string }) => {
    if (message.type === 'board') {
      board = readFileSync(message.file!, 'utf8');
      remake();
      process.send?.({ type: 'ready' });
    } else if (message.type === 'bump') remake();
    else if (message.type === 'stop') {
      server.closeAllConnections();
      server.close(() => process.exit(0));
    }
  });
  server.listen(0, '127.0.0.1', () => process.send?.({ type: 'listening', port: (server.address() as AddressInfo).port }));
  process.on('disconnect', () => process.exit(0));
}

// ---------------------------------------------------------------------------------------------------------------
// A small HTTP client: keep-alive, a timeout, never throws.

interface Answer {
  status: number; // 0: no answer in time; -1: connection error
  body: string;
  etag: string | undefined;
  ms: number;
  error?: string;
}

interface Target {
  base: string;
  agent: Agent;
}

const target = (port: number): Target => ({ base: `http://127.0.0.1:${port}`, agent: new Agent({ keepAlive: true, maxSockets: SOCKETS }) });

/** `skipBody`: the body is read and dropped (a watcher that only needs the tag; keeps this process light). */
function call(
  to: Target,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; tag?: string; timeoutMs?: number; skipBody?: boolean; gzip?: boolean } = {},
): Promise<Answer> {
  const started = performance.now();
  const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  const headers: Record<string, string | number> = { Accept: 'application/json' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.tag) headers['If-None-Match'] = options.tag;
  // As a browser asks; the body is unzipped only when it is read.
  if (options.gzip) headers['Accept-Encoding'] = 'gzip';
  if (payload) Object.assign(headers, { 'Content-Type': 'application/json', 'Content-Length': payload.length });
  return new Promise((done) => {
    let settled = false;
    const settle = (answer: Omit<Answer, 'ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done({ ...answer, ms: performance.now() - started });
    };
    const req = httpRequest(`${to.base}${path}`, { method, headers, agent: to.agent }, (res) => {
      const chunks: Buffer[] = [];
      const keep = !options.skipBody || (res.statusCode ?? 0) >= 400;
      res.on('data', (chunk: Buffer) => keep && chunks.push(chunk));
      res.on('end', () => {
        const bytes = keep ? Buffer.concat(chunks) : Buffer.alloc(0);
        const text = (keep && res.headers['content-encoding'] === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8');
        settle({ status: res.statusCode ?? 0, etag: res.headers.etag, body: text });
      });
      res.on('error', (error) => settle({ status: -1, etag: undefined, body: '', error: error.message }));
    });
    const timer = setTimeout(() => {
      settle({ status: 0, etag: undefined, body: '', error: 'no answer within 30 s' });
      req.destroy();
    }, options.timeoutMs ?? 30_000);
    req.on('error', (error: NodeJS.ErrnoException) => settle({ status: -1, etag: undefined, body: '', error: `${error.code ?? ''} ${error.message}`.trim() }));
    req.end(payload);
  });
}

async function must<T = unknown>(to: Target, method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<T> {
  const answer = await call(to, method, path, { ...options, timeoutMs: 60_000 });
  if (answer.status < 200 || answer.status >= 300) throw new Error(`setup: ${method} ${path} answered ${answer.status || answer.error}: ${answer.body.slice(0, 300)}`);
  return (answer.body ? JSON.parse(answer.body) : undefined) as T;
}

// ---------------------------------------------------------------------------------------------------------------
// Child processes.

const children = new Set<ChildProcess>();

function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const server = createNetServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
  });
}

async function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child) return;
  children.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  // A profiled app (BENCH_NODE_ARGS=--cpu-prof) writes its profile on the way out: give it time.
  const timer = setTimeout(() => child.kill('SIGKILL'), NODE_ARGS.length ? 30_000 : 3000);
  await exited;
  clearTimeout(timer);
}

/** The CPU seconds a process has used so far (user + system), from /proc. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the name: state is field 3, so utime (14) and stime (15) sit at 11 and 12.
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

interface Server extends Target {
  process: ChildProcess;
}

async function startApp(work: string, dataDir: string): Promise<Server & { log: string }> {
  const port = await freePort();
  const log = join(work, 'app.log');
  const fd = openSync(log, 'w');
  const passed = Object.fromEntries(PASS_THROUGH.filter((key) => process.env[key] !== undefined).map((key) => [key, process.env[key]!]));
  const child = spawn(process.execPath, [...NODE_ARGS, '-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', 'src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', fd, fd],
    env: {
      ...passed,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      JWT_SECRET,
      MAIL_OUTBOX: 'file',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SCHEDULER_ENABLED: 'false',
    },
  });
  closeSync(fd);
  children.add(child);
  const app = { ...target(port), process: child, log };
  const started = performance.now();
  while (performance.now() - started < 90_000) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode} while starting:\n${readFileSync(log, 'utf8').slice(-2000)}`);
    if ((await call(app, 'GET', '/api/health', { timeoutMs: 2000 })).status === 200) {
      console.log(`app up on :${port} in ${((performance.now() - started) / 1000).toFixed(1)} s (pid ${child.pid})`);
      return app;
    }
    await sleep(200);
  }
  throw new Error('the app did not answer /api/health within 90 s');
}

async function startFloor(boardFile: string): Promise<Server> {
  const child = fork(__filename, [], {
    cwd: ROOT,
    execArgv: ['-r', 'ts-node/register/transpile-only'],
    env: { ...process.env, LIVE_FLOOR: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.add(child);
  const port = await new Promise<number>((done, reject) => {
    child.once('exit', (code) => reject(new Error(`the floor exited with ${code} while starting`)));
    child.on('message', (message: { type: string; port?: number }) => {
      if (message.type === 'listening') done(message.port!);
    });
  });
  await new Promise<void>((done) => {
    child.on('message', (message: { type: string }) => message.type === 'ready' && done());
    child.send({ type: 'board', file: boardFile });
  });
  return { ...target(port), process: child };
}

// ---------------------------------------------------------------------------------------------------------------
// The pool.

interface Pool {
  adminToken: string;
  weekId: number;
  /** The games in progress (picks shown), whose scores the admin moves on. */
  live: { id: number; home: number; away: number }[];
  /** Team names of the games not locked yet: no member's pick of them may appear on the board. */
  hiddenTeams: string[];
  tokens: string[];
}

async function buildPool(app: Server, dataDir: string): Promise<Pool> {
  const started = performance.now();
  const league = await buildLeague((method, path, options) => must(app, method, path, options), {
    admin: ADMIN,
    games: GAMES,
    label: 'Live',
    nickname: 'Watchers',
    game: (g) => ({
      // Half kicked off 30 minutes ago (locked, picks shown); half kick off in 3 hours (picks hidden).
      game_date: instant(g < GAMES / 2 ? -30 * 60_000 : 3 * 3_600_000 + g * 60_000),
      betting_line: g % 2 ? 3.5 : 7,
      betting_line_team: 'home',
    }),
  });
  const { adminToken, weekId } = league;
  const teams = league.games.flatMap((game) => [game.home, game.away]);
  const games = league.games.map((game, g) => ({ id: game.id, home: game.home.id, away: game.away.id, started: g < GAMES / 2 }));

  // Members and their picks straight into the database; the season marked current there too.
  const hash = bcrypt.hashSync(MEMBER_PASSWORD, 4);
  const emails = Array.from({ length: WATCHERS }, (_, i) => `watcher${i}@bench.test`);
  const db = new Database(join(dataDir, 'tailgate-picks.sqlite'), { fileMustExist: true, timeout: 30_000 });
  try {
    db.prepare('UPDATE football_seasons SET is_current = CASE WHEN id = ? THEN 1 ELSE 0 END').run(league.seasonId);
    const insertUser = db.prepare(`INSERT INTO users (email, name, role, password_hash) VALUES (?, ?, 'user', ?)`);
    const insertPick = db.prepare(
      `INSERT INTO picks (user_id, game_id, week_id, selected_team_id, tiebreaker_home_score, tiebreaker_away_score, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, datetime('now'), datetime('now'))`,
    );
    db.transaction(() => {
      emails.forEach((email, i) => {
        const userId = Number(insertUser.run(email, `Watcher ${String(i).padStart(4, '0')}`, hash).lastInsertRowid);
        games.forEach((game, g) => {
          const tiebreaker = g === GAMES - 1;
          insertPick.run(userId, game.id, weekId, (i + g) % 3 ? game.home : game.away, tiebreaker ? 20 + (i % 30) : null, tiebreaker ? 10 + (i % 25) : null);
        });
      });
    })();
  } finally {
    db.close();
  }
  const tokens: string[] = new Array(WATCHERS);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < WATCHERS) {
        const i = next++;
        tokens[i] = (await must<{ token: string }>(app, 'POST', '/api/users/login', { body: { email: emails[i], password: MEMBER_PASSWORD } })).token;
      }
    }),
  );
  const names = new Map(teams.map((team) => [team.id, team.name]));
  console.log(`pool of ${WATCHERS} watchers (${WATCHERS * GAMES} picks, ${GAMES} games) built and logged in in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return {
    adminToken,
    weekId,
    live: games.filter((game) => game.started),
    hiddenTeams: games.filter((game) => !game.started).flatMap((game) => [names.get(game.home)!, names.get(game.away)!]),
    tokens,
  };
}

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
      floor = await startFloor(boardFile);
      const floorServer = floor;
      results.push(...(await phases(floor, 'floor', pool, async () => void floorServer.process.send({ type: 'bump' }), false)));
    }
  } catch (error) {
    fail(`aborted: ${(error as Error).stack ?? error}`);
  } finally {
    if (floor) {
      if (floor.process.connected) floor.process.send({ type: 'stop' });
      await stopChild(floor.process);
    }
    await stopChild(app?.process);
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

if (process.env.LIVE_FLOOR) runFloor();
else {
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
}
