/**
 * `npm run bench:api`: the HTTP API under load, each scenario beside a floor measured in the same run.
 *
 * The app runs in a child process of its own (`node -r ts-node/register/transpile-only src/main.ts`, so whatever
 * is on disk is measured) and every floor in another (test/bench/api-floor.ts); the load comes from this process.
 *
 * 1. reads  — a member's GET /api/games?week_id=… (a week of 10 games), autocannon, 50 connections, BENCH_DURATION
 *             seconds; floor: bare node:http sending the exact bytes captured from the app's answer.
 * 2. rush   — BENCH_MEMBERS members × 10 picks (POST /api/picks), some picks saved again, 64 in flight; then the
 *             database is checked: nothing lost, doubled or refused, every pick equal to its last acknowledged
 *             save. Floor: node:http + better-sqlite3 (WAL, synchronous NORMAL) upserting the same bodies, or with
 *             BENCH_DATABASE_URL two app instances on MySQL/MariaDB against node:http + a mysql2 pool of 10.
 * 3. flood  — 16 clients posting /api/register with made-up invitation tokens while an admin writes; the admin
 *             write's p95 beside its p95 without the flood.
 * 4. mail   — SMTP_URL pointing at a server that accepts and never greets: POST /api/password_resets and an
 *             unrelated admin write at the same time.
 *
 * BENCH_SCENARIOS=reads,rush,flood,mail selects; BENCH_MEMBERS (1000), BENCH_DURATION (10 s), BENCH_DATABASE_URL
 * (mysql://root@127.0.0.1:3306/name: a fresh database name_<pid> is created and dropped), BENCH_MAIL_TIMEOUT (10 s,
 * how long the mail scenario waits for an answer), BENCH_APP_<NAME>=value passes <NAME> to the app (its environment
 * is otherwise built from scratch), BENCH_NODE_ARGS passes flags to the app's node (--cpu-prof …), BENCH_KEEP=1 keeps the data directory and the app logs.
 * Speed goals are printed, never asserted (the machines are shared and noisy); the exit code is non-zero only when
 * correctness fails: a lost, doubled, stale or refused pick, a 5xx, a request that never got an answer.
 */
import 'reflect-metadata';
import autocannon from 'autocannon';
import * as bcrypt from 'bcrypt';
import Database from 'better-sqlite3';
import { ChildProcess, execSync, fork, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { Agent, IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { AddressInfo, createServer as createNetServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { createConnection } from 'mysql2/promise';
import type { RowDataPacket } from 'mysql2';
import type { FloorConfig, FloorGame, FloorPickRow } from './api-floor';
import { buildLeague, DAY_MS, instant } from './bench-league';

const ROOT = resolve(__dirname, '..', '..');
const SCENARIOS = new Set((process.env.BENCH_SCENARIOS ?? 'reads,rush,flood,mail').split(',').map((name) => name.trim()).filter(Boolean));
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const MAIL_TIMEOUT_MS = Number(process.env.BENCH_MAIL_TIMEOUT ?? 10) * 1000;
/** Flags for the app's node, e.g. BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/profiles" to profile it under load. */
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const READ_CONNECTIONS = 50;
const RUSH_IN_FLIGHT = 64;
const FLOOD_CLIENTS = 16;
const GAMES = 10;
const ADMIN = { email: 'bench-admin@bench.test', password: 'bench-admin-secret' };
const MEMBER_PASSWORD = 'bench-member-secret';
const JWT_SECRET = 'bench-api-secret-that-is-long-enough-for-hs256';
/**
 * The app's environment is built from scratch (so a DATABASE_URL or SMTP_URL of the shell cannot leak in): these
 * few variables pass through, and BENCH_APP_<NAME>=value sets the app's <NAME> (e.g. BENCH_APP_MAIL_TIMEOUT=2s).
 */
const PASS_THROUGH = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'LC_ALL', 'TZ', 'NODE_OPTIONS'];

// ---------------------------------------------------------------------------------------------------------------
// Results: what is printed at the end, and what makes the exit code non-zero.

interface Row {
  scenario: string;
  figure: string;
  floor: string;
  ratio: string;
  goal: string;
  met: string;
}

const rows: Row[] = [];
const failures: string[] = [];
const warnings: string[] = [];

const fail = (message: string) => {
  failures.push(message);
  console.log(`  FAIL: ${message}`);
};
const warn = (message: string) => {
  warnings.push(message);
  console.log(`  warning: ${message}`);
};
const ms = (value: number) => (value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : `${value.toFixed(value < 10 ? 1 : 0)} ms`);
const perSecond = (value: number) => `${value.toFixed(0)}/s`;
const yesNo = (ok: boolean) => (ok ? 'yes' : 'NO');

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

// ---------------------------------------------------------------------------------------------------------------
// A small HTTP client (keep-alive, a timeout, never throws): the load of the rush and the flood, and the setup.

interface Answer {
  status: number; // 0: no answer in time; -1: connection error
  body: string;
  headers: IncomingHttpHeaders;
  ms: number;
  error?: string;
}

interface Target {
  base: string; // http://127.0.0.1:port
  agent: Agent;
}

/** Requests sent again on a new socket after a kept-alive one was closed under them (see call). */
let resent = 0;

const target = (port: number): Target => ({ base: `http://127.0.0.1:${port}`, agent: new Agent({ keepAlive: true, maxSockets: 128 }) });

function call(to: Target, method: string, path: string, options: { token?: string; body?: unknown; timeoutMs?: number } = {}): Promise<Answer> {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? 30_000;
  const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  const headers: Record<string, string | number> = { Accept: 'application/json' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (payload) Object.assign(headers, { 'Content-Type': 'application/json', 'Content-Length': payload.length });
  return new Promise((resolveAnswer) => {
    let settled = false;
    let current: ReturnType<typeof httpRequest> | undefined;
    const settle = (answer: Omit<Answer, 'ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolveAnswer({ ...answer, ms: performance.now() - started });
    };
    const timer = setTimeout(() => {
      settle({ status: 0, headers: {}, body: '', error: `no answer within ${ms(timeoutMs)}` });
      current?.destroy();
    }, timeoutMs);
    const attempt = (retry: boolean) => {
      // The retry takes a socket of its own: the agent could hand out another one that went stale the same way.
      const req = httpRequest(`${to.base}${path}`, { method, headers, agent: retry ? to.agent : false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => settle({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (error) => settle({ status: -1, headers: {}, body: '', error: error.message }));
      });
      current = req;
      req.on('error', (error: NodeJS.ErrnoException) => {
        // A kept-alive socket the server closed as idle just as it was reused: the request never reached the
        // server (Node's documented race), so it is sent again once on a new socket.
        if (retry && req.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE') && !settled) {
          resent++;
          attempt(false);
        }
        else settle({ status: -1, headers: {}, body: '', error: `${error.code ?? ''} ${error.message}`.trim() });
      });
      req.end(payload);
    };
    attempt(true);
  });
}

/** A setup call that must succeed. */
async function must<T = unknown>(to: Target, method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<T> {
  const answer = await call(to, method, path, { ...options, timeoutMs: 60_000 });
  if (answer.status < 200 || answer.status >= 300) {
    throw new Error(`setup: ${method} ${path} answered ${answer.status > 0 ? answer.status : answer.error}: ${answer.body.slice(0, 500)}`);
  }
  return (answer.body ? JSON.parse(answer.body) : undefined) as T;
}

// ---------------------------------------------------------------------------------------------------------------
// Child processes: app instances and floors.

const children = new Set<ChildProcess>();

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createNetServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolvePort(port));
    });
  });
}

async function stopChild(child: ChildProcess | undefined, graceMs = 3000): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) {
    if (child) children.delete(child);
    return;
  }
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
  children.delete(child);
}

interface AppInstance extends Target {
  name: string;
  process: ChildProcess;
  log: string;
  port: number;
}

interface Environment {
  engine: 'SQLite' | 'MySQL/MariaDB';
  work: string;
  dataDir: string;
  /** DATABASE_URL of the app's database (MySQL/MariaDB). */
  databaseUrl?: string;
  /** The floor's own database (MySQL/MariaDB). */
  floorUrl?: string;
  drop: () => Promise<void>;
}

const logTail = (file: string) => {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-25).join('\n');
  } catch {
    return '(no log)';
  }
};

/** An app instance in its own process on the benchmark's database; resolves once /api/health answers 200. */
async function startApp(env: Environment, name: string, extra: Record<string, string> = {}): Promise<AppInstance> {
  const port = await freePort();
  const log = join(env.work, `app-${name}.log`);
  const fd = openSync(log, 'w');
  const passed = Object.fromEntries(PASS_THROUGH.filter((key) => process.env[key] !== undefined).map((key) => [key, process.env[key]!]));
  const chosen = Object.fromEntries(
    Object.entries(process.env)
      .filter(([key, value]) => key.startsWith('BENCH_APP_') && value !== undefined)
      .map(([key, value]) => [key.slice('BENCH_APP_'.length), value!]),
  );
  const child = spawn(process.execPath, [...NODE_ARGS, '-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', 'src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', fd, fd],
    env: {
      ...passed,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: env.dataDir,
      DATABASE_URL: env.databaseUrl ?? '',
      JWT_SECRET,
      // Production without a mail server must say so; the mail scenario sets SMTP_URL and clears this.
      MAIL_OUTBOX: 'file',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SCHEDULER_ENABLED: 'false',
      ...chosen,
      ...extra,
    },
  });
  closeSync(fd);
  children.add(child);
  const instance: AppInstance = { ...target(port), name, process: child, log, port };
  const started = performance.now();
  while (performance.now() - started < 90_000) {
    if (child.exitCode !== null) throw new Error(`app ${name} exited with ${child.exitCode} while starting:\n${logTail(log)}`);
    const health = await call(instance, 'GET', '/api/health', { timeoutMs: 2000 });
    if (health.status === 200) {
      console.log(`app ${name} up on :${port} in ${((performance.now() - started) / 1000).toFixed(1)} s (pid ${child.pid}, log ${log})`);
      return instance;
    }
    await sleep(200);
  }
  await stopChild(child);
  throw new Error(`app ${name} did not answer /api/health within 90 s:\n${logTail(log)}`);
}

interface Floor extends Target {
  process: ChildProcess;
  rows: () => Promise<FloorPickRow[]>;
  stop: () => Promise<void>;
}

async function startFloor(config: FloorConfig): Promise<Floor> {
  const child = fork(join(__dirname, 'api-floor.ts'), [], {
    cwd: ROOT,
    execArgv: ['-r', 'ts-node/register/transpile-only'],
    env: { ...process.env, BENCH_FLOOR: JSON.stringify(config) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.add(child);
  const port = await new Promise<number>((resolvePort, reject) => {
    child.once('exit', (code) => reject(new Error(`floor ${config.mode} exited with ${code} while starting`)));
    child.on('message', (message: { type: string; port?: number }) => {
      if (message.type === 'listening') resolvePort(message.port!);
    });
  });
  return {
    ...target(port),
    process: child,
    rows: () =>
      new Promise((resolveRows, reject) => {
        const listener = (message: { type: string; rows?: FloorPickRow[]; error?: string }) => {
          if (message.type !== 'rows') return;
          child.off('message', listener);
          if (message.error) reject(new Error(message.error));
          else resolveRows(message.rows!);
        };
        child.on('message', listener);
        child.send({ type: 'rows' });
      }),
    stop: async () => {
      if (child.connected) child.send({ type: 'stop' });
      await stopChild(child);
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The database: a fresh SQLite directory, or a fresh MySQL/MariaDB database (and one for the floor).

function mysqlServer(base: string): { server: string; name: string } {
  const url = new URL(base.replace(/^mariadb:/, 'mysql:'));
  const name = `${url.pathname.slice(1) || 'tailgate_bench_api'}_${process.pid}`;
  const server = `${url.protocol}//${url.username ? `${url.username}${url.password ? `:${url.password}` : ''}@` : ''}${url.host}`;
  return { server, name };
}

async function prepareEnvironment(): Promise<Environment> {
  const work = mkdtempSync(join(tmpdir(), 'tailgate-bench-api-'));
  const dataDir = join(work, 'data');
  const base = process.env.BENCH_DATABASE_URL;
  if (!base) return { engine: 'SQLite', work, dataDir, drop: async () => {} };
  const { server, name } = mysqlServer(base);
  const admin = await createConnection({ uri: `${server}/` });
  for (const db of [name, `${name}_floor`]) {
    await admin.query(`CREATE DATABASE \`${db}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  }
  await admin.end();
  return {
    engine: 'MySQL/MariaDB',
    work,
    dataDir,
    databaseUrl: `${server}/${name}`,
    floorUrl: `${server}/${name}_floor`,
    drop: async () => {
      const connection = await createConnection({ uri: `${server}/` });
      for (const db of [name, `${name}_floor`]) await connection.query(`DROP DATABASE IF EXISTS \`${db}\``);
      await connection.end();
    },
  };
}

/** Runs SQL on the app's database from this process (members in bulk, the check after the rush). */
async function withDatabase<T>(env: Environment, work: (query: (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>) => Promise<T>): Promise<T> {
  if (env.databaseUrl) {
    const connection = await createConnection({ uri: env.databaseUrl });
    try {
      return await work(async (sql, params = []) => (await connection.query<RowDataPacket[]>(sql, params))[0] as Record<string, unknown>[]);
    } finally {
      await connection.end();
    }
  }
  const db = new Database(join(env.dataDir, 'tailgate-picks.sqlite'), { fileMustExist: true, timeout: 30_000 });
  try {
    return await work(async (sql, params = []) => {
      const statement = db.prepare(sql);
      return (statement.reader ? statement.all(...params) : (statement.run(...params), [])) as Record<string, unknown>[];
    });
  } finally {
    db.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The pool: built through the API as the admin; members written straight to the database, logged in through it.

interface Pool {
  adminToken: string;
  conferenceId: number;
  weekId: number;
  games: FloorGame[];
  tiebreakerGameId: number;
}

interface Member {
  id: number;
  email: string;
  token: string;
}

async function buildPool(app: AppInstance): Promise<Pool> {
  const started = performance.now();
  const league = await buildLeague((method, path, options) => must(app, method, path, options), {
    admin: ADMIN,
    games: GAMES,
    label: 'Bench',
    nickname: 'Benchers',
    // Kickoffs three days out: the pick window (closing an hour before kickoff) stays open all run long.
    game: (g) => ({ game_date: instant(3 * DAY_MS + g * 3_600_000) }),
  });
  const { adminToken, conferenceId, weekId, games } = league;
  console.log(`pool built through the API in ${((performance.now() - started) / 1000).toFixed(1)} s: week ${weekId}, ${GAMES} games (the last one the tiebreaker)`);
  return { adminToken, conferenceId, weekId, games, tiebreakerGameId: games[GAMES - 1].id };
}

/** Members inserted in bulk (a bcrypt cost of 4, so logins are quick), then logged in through the API: real sessions. */
async function createMembers(env: Environment, app: AppInstance, count: number): Promise<Member[]> {
  const started = performance.now();
  const hash = bcrypt.hashSync(MEMBER_PASSWORD, 4);
  const emails = Array.from({ length: count }, (_, i) => `member${i}@bench.test`);
  const ids = await withDatabase(env, async (query) => {
    for (let start = 0; start < count; start += 500) {
      const chunk = emails.slice(start, start + 500);
      await query(
        `INSERT INTO users (email, name, role, password_hash) VALUES ${chunk.map(() => `(?, ?, 'user', ?)`).join(', ')}`,
        chunk.flatMap((email, i) => [email, `Bench Member ${start + i}`, hash]),
      );
    }
    const found = await query(`SELECT id, email FROM users WHERE email LIKE 'member%@bench.test'`);
    return new Map(found.map((row) => [String(row.email), Number(row.id)]));
  });
  const members: Member[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < count) {
        const i = next++;
        const session = await must<{ token: string; user: { id: number } }>(app, 'POST', '/api/users/login', { body: { email: emails[i], password: MEMBER_PASSWORD } });
        if (session.user.id !== ids.get(emails[i])) throw new Error(`setup: login of ${emails[i]} answered user ${session.user.id}`);
        members[i] = { id: session.user.id, email: emails[i], token: session.token };
      }
    }),
  );
  console.log(`${count} members written to the database and logged in through the API in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return members;
}

// ---------------------------------------------------------------------------------------------------------------
// 1. Reads.

async function load(url: string, token: string): Promise<autocannon.Result> {
  return autocannon({ url, connections: READ_CONNECTIONS, duration: DURATION, headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
}

async function scenarioReads(app: AppInstance, pool: Pool, member: Member): Promise<void> {
  console.log(`\n== reads: GET /api/games?week_id=${pool.weekId} as a member, ${READ_CONNECTIONS} connections, ${DURATION} s each`);
  const path = `/api/games?week_id=${pool.weekId}`;
  const sample = await call(app, 'GET', path, { token: member.token });
  if (sample.status !== 200) {
    fail(`reads: the sample answer was ${sample.status || sample.error}: ${sample.body.slice(0, 300)}`);
    return;
  }
  const games = JSON.parse(sample.body) as unknown[];
  if (!Array.isArray(games) || games.length !== GAMES) fail(`reads: expected ${GAMES} games, the answer had ${Array.isArray(games) ? games.length : 'no list'}`);
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(sample.headers)) {
    if (['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(key) || value === undefined) continue;
    headers[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  const bodyBytes = Buffer.from(sample.body, 'utf8');
  console.log(`  the answer: ${bodyBytes.length} bytes, headers ${Object.keys(headers).join(', ')}`);

  const floor = await startFloor({ mode: 'reads', status: 200, headers, body: bodyBytes.toString('base64') });
  const floorResult = await load(`${floor.base}${path}`, member.token);
  await floor.stop();
  const appResult = await load(`${app.base}${path}`, member.token);

  for (const [label, result] of [['floor', floorResult], ['app', appResult]] as const) {
    console.log(
      `  ${label.padEnd(5)}: ${perSecond(result.requests.average)}, p50 ${ms(result.latency.p50)}, p99 ${ms(result.latency.p99)}, ` +
        `${result.requests.total} requests, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  if (appResult['5xx'] > 0) fail(`reads: ${appResult['5xx']} answers were 5xx`);
  else if (appResult.non2xx > 0) warn(`reads: ${appResult.non2xx} answers were not 2xx (${JSON.stringify(appResult.statusCodeStats)})`);
  if (appResult.errors > 0 || appResult.timeouts > 0) warn(`reads: ${appResult.errors} connection errors, ${appResult.timeouts} timeouts`);

  const ratio = appResult.requests.average / floorResult.requests.average;
  rows.push({ scenario: 'reads req/s', figure: perSecond(appResult.requests.average), floor: perSecond(floorResult.requests.average), ratio: ratio.toFixed(3), goal: 'ratio ≥ 0.15', met: yesNo(ratio >= 0.15) });
  rows.push({ scenario: 'reads p50', figure: ms(appResult.latency.p50), floor: ms(floorResult.latency.p50), ratio: '', goal: '', met: '' });
  rows.push({ scenario: 'reads p99', figure: ms(appResult.latency.p99), floor: ms(floorResult.latency.p99), ratio: '', goal: 'p99 ≤ 25 ms', met: yesNo(appResult.latency.p99 <= 25) });
}

// ---------------------------------------------------------------------------------------------------------------
// 2. Kickoff rush.

interface PickSave {
  member: Member;
  game: FloorGame;
  version: number; // 1: the first save of this (member, game); 2, 3: saved again
  team: { id: number; name: string };
  home: number | null;
  away: number | null;
  order: number;
}

/** A small seeded generator, so every run sends the same saves in the same order. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Every member saves each of the 10 games once, in an order of their own; a third of them then change two picks
 * (the other team, other tiebreaker scores) and one in seven changes the first of those back again. Each member's
 * saves are spread over a quarter of the run and the members overlap, as at a kickoff.
 */
function planRush(members: Member[], pool: Pool): PickSave[] {
  const next = random(20_25);
  const saves: PickSave[] = [];
  members.forEach((member, i) => {
    const own: Omit<PickSave, 'order'>[] = [];
    const scores = (version: number): [number, number] =>
      version === 1 ? [(i * 7) % 60, (i * 11) % 60] : version === 2 ? [100 + (i % 100), 3 + (i % 50)] : [0, 199];
    const save = (g: number, version: number) => {
      const game = pool.games[g];
      const homeFirst = (i + g) % 2 === 0;
      const team = (version % 2 === 1) === homeFirst ? game.home : game.away;
      const [home, away] = game.id === pool.tiebreakerGameId ? scores(version) : [null, null];
      own.push({ member, game, version, team, home, away });
    };
    const games = Array.from({ length: GAMES }, (_, g) => g).sort(() => next() - 0.5);
    for (const g of games) save(g, 1);
    if (i % 3 === 0) {
      save(i % GAMES, 2);
      // Always the tiebreaker for some: new scores on a pick saved before.
      save(i % 2 === 0 ? GAMES - 1 : (i + 5) % GAMES, 2);
    }
    if (i % 7 === 0 && i % 3 === 0) save(i % GAMES, 3);
    const start = next();
    own.forEach((entry, k) => saves.push({ ...entry, order: start + k * 0.02 + next() * 0.005 }));
  });
  // A member's saves keep their order (k steps by 0.02, the jitter is smaller).
  return saves.sort((a, b) => a.order - b.order);
}

const pickBody = (save: PickSave) => ({
  game_id: save.game.id,
  selected_winner: save.team.name,
  week_id: save.game.week_id,
  ...(save.home !== null ? { tiebreaker_home_score: save.home, tiebreaker_away_score: save.away } : {}),
});

interface RushOutcome {
  seconds: number;
  latencies: number[];
  acknowledged: Map<string, PickSave>;
  refused: { save: PickSave; answer: Answer }[];
  serverErrors: number;
  noAnswer: number;
  wrongAnswer: number;
  wrongStatus: number;
}

const keyOf = (userId: number, gameId: number) => `${userId}:${gameId}`;

/**
 * Sends the saves with RUSH_IN_FLIGHT in flight, spread over the targets in turn. Saves of the same (member, game)
 * never overlap: the next one leaves once the previous was answered, so "the last acknowledged save" is well defined.
 */
async function rush(targets: Target[], saves: PickSave[], expectStatuses: boolean): Promise<RushOutcome> {
  const outcome: RushOutcome = { seconds: 0, latencies: [], acknowledged: new Map(), refused: [], serverErrors: 0, noAnswer: 0, wrongAnswer: 0, wrongStatus: 0 };
  const previous = new Map<string, Promise<void>>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: RUSH_IN_FLIGHT }, async () => {
      while (next < saves.length) {
        const n = next++;
        const save = saves[n];
        const key = keyOf(save.member.id, save.game.id);
        const before = previous.get(key);
        let done!: () => void;
        previous.set(key, new Promise((resolveDone) => (done = resolveDone)));
        if (before) await before;
        const answer = await call(targets[n % targets.length], 'POST', '/api/picks', { token: save.member.token, body: pickBody(save), timeoutMs: 60_000 });
        outcome.latencies.push(answer.ms);
        if (answer.status >= 200 && answer.status < 300) {
          outcome.acknowledged.set(key, save);
          try {
            const pick = JSON.parse(answer.body) as { selected_winner?: string; game_id?: number };
            if (pick.selected_winner !== save.team.name || pick.game_id !== save.game.id) outcome.wrongAnswer++;
          } catch {
            outcome.wrongAnswer++;
          }
          if (expectStatuses && answer.status !== (save.version === 1 ? 201 : 200)) outcome.wrongStatus++;
        } else {
          if (answer.status >= 500) outcome.serverErrors++;
          if (answer.status <= 0) outcome.noAnswer++;
          outcome.refused.push({ save, answer });
        }
        done();
      }
    }),
  );
  outcome.seconds = (performance.now() - started) / 1000;
  return outcome;
}

/** Lost, doubled, stale and unexpected picks: the stored rows against the last acknowledged save of each key. */
function checkStored(label: string, outcome: RushOutcome, stored: FloorPickRow[], expectedKeys: number): string[] {
  const problems: string[] = [];
  const byKey = new Map<string, FloorPickRow[]>();
  for (const row of stored) {
    const key = keyOf(Number(row.user_id), Number(row.game_id));
    byKey.set(key, [...(byKey.get(key) ?? []), row]);
  }
  let lost = 0;
  let doubled = 0;
  let stale = 0;
  const examples: string[] = [];
  for (const [key, save] of outcome.acknowledged) {
    const found = byKey.get(key) ?? [];
    if (found.length === 0) {
      lost++;
      if (examples.length < 3) examples.push(`${key} lost`);
      continue;
    }
    if (found.length > 1) doubled++;
    const row = found[found.length - 1];
    const same =
      Number(row.selected_team_id) === save.team.id &&
      (row.tiebreaker_home_score === null ? null : Number(row.tiebreaker_home_score)) === save.home &&
      (row.tiebreaker_away_score === null ? null : Number(row.tiebreaker_away_score)) === save.away;
    if (!same) {
      stale++;
      if (examples.length < 3) {
        examples.push(`${key} stored team ${row.selected_team_id} ${row.tiebreaker_home_score}-${row.tiebreaker_away_score}, last acknowledged (save ${save.version}) team ${save.team.id} ${save.home}-${save.away}`);
      }
    }
  }
  const unexpected = [...byKey.keys()].filter((key) => !outcome.acknowledged.has(key)).length;
  if (lost) problems.push(`${label}: ${lost} acknowledged picks lost`);
  if (doubled) problems.push(`${label}: ${doubled} (member, game) pairs stored more than once`);
  if (stale) problems.push(`${label}: ${stale} stored picks differ from the last acknowledged save`);
  if (unexpected) problems.push(`${label}: ${unexpected} stored picks were never acknowledged`);
  if (outcome.acknowledged.size !== expectedKeys) problems.push(`${label}: ${outcome.acknowledged.size} of ${expectedKeys} (member, game) pairs acknowledged`);
  if (examples.length) problems.push(`${label}: e.g. ${examples.join('; ')}`);
  return problems;
}

async function scenarioRush(env: Environment, apps: AppInstance[], pool: Pool, members: Member[]): Promise<void> {
  const saves = planRush(members, pool);
  const updates = saves.filter((save) => save.version > 1).length;
  const expectedKeys = members.length * GAMES;
  console.log(
    `\n== kickoff rush: ${members.length} members × ${GAMES} picks + ${updates} saved again = ${saves.length} POST /api/picks, ${RUSH_IN_FLIGHT} in flight, ` +
      `${apps.length} app instance${apps.length > 1 ? 's' : ''} (${env.engine})`,
  );

  const floor = await startFloor(
    env.floorUrl ? { mode: 'picks-mysql', url: env.floorUrl, games: pool.games } : { mode: 'picks-sqlite', file: join(env.work, 'floor.sqlite'), games: pool.games },
  );
  const floorOutcome = await rush([floor], saves, false);
  const floorProblems = checkStored('floor', floorOutcome, await floor.rows(), expectedKeys);
  await floor.stop();
  if (floorOutcome.refused.length || floorProblems.length) {
    // The floor answers 200 to every valid save; if it disagrees, the harness is wrong, not the app.
    fail(`rush floor: ${floorOutcome.refused.length} refused; ${floorProblems.join('; ') || 'stored picks as expected'}`);
  }

  const appOutcome = await rush(apps, saves, true);
  const stored = await withDatabase(env, (query) =>
    query('SELECT user_id, game_id, selected_team_id, tiebreaker_home_score, tiebreaker_away_score FROM picks'),
  ) as unknown as FloorPickRow[];
  const appProblems = checkStored('app', appOutcome, stored, expectedKeys);

  for (const [label, outcome] of [['floor', floorOutcome], ['app', appOutcome]] as const) {
    console.log(
      `  ${label.padEnd(5)}: ${perSecond(saves.length / outcome.seconds)} in ${outcome.seconds.toFixed(1)} s, p50 ${ms(percentile(outcome.latencies, 0.5))}, ` +
        `p99 ${ms(percentile(outcome.latencies, 0.99))}, max ${ms(Math.max(...outcome.latencies))}, ${outcome.acknowledged.size} pairs acknowledged, ` +
        `${outcome.refused.length} refused`,
    );
  }
  console.log(`  stored in the app's database: ${stored.length} picks for ${expectedKeys} (member, game) pairs`);
  if (appOutcome.refused.length) {
    const statuses = new Map<string, number>();
    for (const { answer } of appOutcome.refused) {
      const status = answer.status > 0 ? String(answer.status) : `${answer.status} ${answer.error}`;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    const example = appOutcome.refused[0];
    fail(
      `rush: ${appOutcome.refused.length} saves refused (${[...statuses].map(([status, n]) => `${n}× ${status}`).join(', ')}; ` +
        `${appOutcome.serverErrors} 5xx, ${appOutcome.noAnswer} without an answer), e.g. ${example.answer.status}: ${example.answer.body.slice(0, 200)}`,
    );
  }
  for (const problem of appProblems) fail(`rush ${problem}`);
  if (appOutcome.wrongAnswer) fail(`rush: ${appOutcome.wrongAnswer} acknowledgements named another team or game than the one saved`);
  if (appOutcome.wrongStatus) warn(`rush: ${appOutcome.wrongStatus} saves answered another status than 201 (first save) / 200 (saved again)`);
  if (!appOutcome.refused.length && !appProblems.length) console.log('  checked: nothing lost, doubled or refused; every stored pick is its last acknowledged save');

  const appRate = saves.length / appOutcome.seconds;
  const floorRate = saves.length / floorOutcome.seconds;
  const appP99 = percentile(appOutcome.latencies, 0.99);
  const label = apps.length > 1 ? `rush (${apps.length} instances)` : 'rush';
  rows.push({ scenario: `${label} picks/s`, figure: perSecond(appRate), floor: perSecond(floorRate), ratio: (appRate / floorRate).toFixed(3), goal: 'ratio ≥ 0.3', met: yesNo(appRate / floorRate >= 0.3) });
  rows.push({ scenario: `${label} p99`, figure: ms(appP99), floor: ms(percentile(floorOutcome.latencies, 0.99)), ratio: '', goal: 'p99 ≤ 250 ms', met: yesNo(appP99 <= 250) });
  rows.push({ scenario: `${label} correctness`, figure: appProblems.length || appOutcome.refused.length ? 'FAILED' : 'ok', floor: '', ratio: '', goal: 'no loss', met: yesNo(!appProblems.length && !appOutcome.refused.length) });
}

// ---------------------------------------------------------------------------------------------------------------
// 3. /register flood.

let conferenceNames = 0;

/** Sequential admin writes (a conference renamed), 20 a second at most, until `until` says stop; their latencies. */
async function adminWrites(app: Target, pool: Pool, until: () => boolean, label: string): Promise<number[]> {
  const latencies: number[] = [];
  while (!until()) {
    const answer = await call(app, 'PATCH', `/api/conferences/${pool.conferenceId}`, {
      token: pool.adminToken,
      body: { name: `Bench Conference ${process.pid} #${++conferenceNames}` },
      timeoutMs: 30_000,
    });
    latencies.push(answer.ms);
    if (answer.status >= 500) fail(`${label}: an admin write answered ${answer.status}: ${answer.body.slice(0, 200)}`);
    else if (answer.status <= 0) fail(`${label}: an admin write got no answer (${answer.error})`);
    else if (answer.status !== 200) warn(`${label}: an admin write answered ${answer.status}: ${answer.body.slice(0, 200)}`);
    await sleep(50);
  }
  return latencies;
}

async function scenarioFlood(app: AppInstance, pool: Pool): Promise<void> {
  const baselineSeconds = Math.max(2, DURATION / 2);
  console.log(`\n== /register flood: ${FLOOD_CLIENTS} clients with made-up invitation tokens for ${DURATION} s, an admin writing meanwhile (alone first, ${baselineSeconds} s)`);
  let deadline = performance.now() + baselineSeconds * 1000;
  const alone = await adminWrites(app, pool, () => performance.now() >= deadline, 'flood baseline');

  const statuses = new Map<string, number>();
  const examples = new Map<string, string>();
  const floodLatencies: number[] = [];
  let registrations = 0;
  deadline = performance.now() + DURATION * 1000;
  const stop = () => performance.now() >= deadline;
  const flood = Array.from({ length: FLOOD_CLIENTS }, async (_, client) => {
    while (!stop()) {
      const n = ++registrations;
      const answer = await call(app, 'POST', '/api/register', {
        body: {
          email: `flood-${client}-${n}@bench.test`,
          password: 'flood-password-123',
          name: `Flood ${n}`,
          invitation_token: `made-up-${process.pid}-${n}-${Math.random().toString(36).slice(2)}`,
        },
        timeoutMs: 60_000,
      });
      floodLatencies.push(answer.ms);
      const status = answer.status > 0 ? String(answer.status) : `${answer.status} ${answer.error}`;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (!examples.has(status) && answer.status > 0) examples.set(status, answer.body.slice(0, 160));
    }
  });
  const [during] = await Promise.all([adminWrites(app, pool, stop, 'flood'), ...flood]);
  const floodSeconds = DURATION + (performance.now() - deadline) / 1000;

  const summary = [...statuses].map(([status, n]) => `${n}× ${status}`).join(', ');
  console.log(`  flood: ${registrations} registrations (${perSecond(registrations / floodSeconds)}), p50 ${ms(percentile(floodLatencies, 0.5))}, answers ${summary}`);
  for (const [status, body] of examples) console.log(`    e.g. ${status}: ${body}`);
  console.log(`  admin write alone: ${alone.length} writes, p50 ${ms(percentile(alone, 0.5))}, p95 ${ms(percentile(alone, 0.95))}`);
  console.log(`  admin write during the flood: ${during.length} writes, p50 ${ms(percentile(during, 0.5))}, p95 ${ms(percentile(during, 0.95))}, max ${ms(Math.max(...during))}`);
  const serverErrors = [...statuses].filter(([status]) => Number(status) >= 500).reduce((sum, [, n]) => sum + n, 0);
  const accepted = [...statuses].filter(([status]) => Number(status) >= 200 && Number(status) < 300).reduce((sum, [, n]) => sum + n, 0);
  const unanswered = [...statuses].filter(([status]) => !(Number(status.split(' ')[0]) > 0)).reduce((sum, [, n]) => sum + n, 0);
  if (serverErrors) fail(`flood: ${serverErrors} registrations answered 5xx`);
  if (accepted) fail(`flood: ${accepted} registrations with made-up invitation tokens were accepted`);
  if (unanswered) fail(`flood: ${unanswered} registrations got no answer`);

  const p95 = percentile(during, 0.95);
  const p95Alone = percentile(alone, 0.95);
  rows.push({ scenario: 'flood: admin write p95', figure: ms(p95), floor: `${ms(p95Alone)} alone`, ratio: (p95 / p95Alone).toFixed(1), goal: 'p95 < 250 ms', met: yesNo(p95 < 250) });
}

// ---------------------------------------------------------------------------------------------------------------
// 4. Hung mail server.

async function scenarioMail(env: Environment, pool: Pool, member: Member): Promise<void> {
  console.log(`\n== hung mail server: SMTP_URL at a server that accepts and never greets; a password reset and an admin write (giving up after ${ms(MAIL_TIMEOUT_MS)})`);
  const sockets = new Set<Socket>();
  let connections = 0;
  const smtp = createNetServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((done) => smtp.listen(0, '127.0.0.1', done));
  const smtpPort = (smtp.address() as AddressInfo).port;
  let app: AppInstance | undefined;
  try {
    // Beside the first instance: the same database (so the same admin, member and conference), its own write gate.
    app = await startApp(env, 'mail', { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_OUTBOX: '' });
    // Warm the instance up first, so the figures are the mail's and not the first request's.
    await call(app, 'GET', '/api/games?week_id=' + pool.weekId, { token: member.token });

    const reset = call(app, 'POST', '/api/password_resets', { body: { email: member.email }, timeoutMs: MAIL_TIMEOUT_MS });
    let resetDone = false;
    void reset.then(() => (resetDone = true));
    await sleep(100);
    const writes: Answer[] = [];
    // Admin writes one after the other (250 ms apart) from 100 ms after the reset was sent, for at least 2 s and as
    // long as the reset waits: a sender that hangs after answering would show here too.
    const sent = performance.now();
    while (writes.length < 8) {
      const elapsed = performance.now() - sent;
      if (elapsed >= MAIL_TIMEOUT_MS || (elapsed >= 2000 && resetDone)) break;
      if (writes.length > 0) await sleep(250);
      writes.push(
        await call(app, 'PATCH', `/api/conferences/${pool.conferenceId}`, {
          token: pool.adminToken,
          body: { name: `Bench Conference ${process.pid} #${++conferenceNames}` },
          timeoutMs: Math.max(1000, MAIL_TIMEOUT_MS - (performance.now() - sent)),
        }),
      );
    }
    const resetAnswer = await reset;
    const worst = writes.reduce((a, b) => (b.ms > a.ms ? b : a));
    const shown = (answer: Answer) => (answer.status === 0 ? `> ${ms(MAIL_TIMEOUT_MS)} (no answer, gave up)` : `${ms(answer.ms)} (${answer.status})`);
    console.log(`  SMTP connections accepted (never greeted): ${connections}`);
    console.log(`  POST /api/password_resets: ${shown(resetAnswer)}`);
    console.log(`  admin write meanwhile: ${writes.map(shown).join(', ')}`);
    if (resetAnswer.status >= 500) fail(`mail: the password reset answered ${resetAnswer.status}: ${resetAnswer.body.slice(0, 200)}`);
    for (const write of writes) if (write.status >= 500) fail(`mail: an admin write answered ${write.status}: ${write.body.slice(0, 200)}`);
    const resetMs = resetAnswer.status === 0 ? Infinity : resetAnswer.ms;
    const writeMs = worst.status === 0 ? Infinity : worst.ms;
    rows.push({ scenario: 'hung mail: password reset', figure: resetMs === Infinity ? `> ${ms(MAIL_TIMEOUT_MS)}` : ms(resetMs), floor: '', ratio: '', goal: '< 2 s', met: yesNo(resetMs < 2000) });
    rows.push({ scenario: 'hung mail: admin write', figure: writeMs === Infinity ? `> ${ms(MAIL_TIMEOUT_MS)}` : ms(writeMs), floor: '', ratio: '', goal: '< 1 s', met: yesNo(writeMs < 1000) });
  } finally {
    await stopChild(app?.process, 2000);
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((done) => smtp.close(() => done()));
  }
}

// ---------------------------------------------------------------------------------------------------------------

function commitLine(): string {
  try {
    const head = execSync('git log --oneline -1', { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty = execSync('git status --porcelain --untracked-files=no -- src', { cwd: ROOT, encoding: 'utf8' }).trim();
    return `${head}${dirty ? ` (+ uncommitted changes in src/: ${dirty.split('\n').length} files)` : ''}`;
  } catch {
    return 'unknown commit';
  }
}

function printTable(): void {
  const header: Row = { scenario: 'scenario', figure: 'figure', floor: 'floor', ratio: 'ratio', goal: 'goal', met: 'met?' };
  const all = [header, ...rows];
  const width = (key: keyof Row) => Math.max(...all.map((row) => row[key].length));
  const keys: (keyof Row)[] = ['scenario', 'figure', 'floor', 'ratio', 'goal', 'met'];
  const line = (row: Row) => keys.map((key) => row[key].padEnd(width(key))).join(' | ');
  console.log(`\n${line(header)}\n${keys.map((key) => '-'.repeat(width(key))).join('-|-')}`);
  for (const row of rows) console.log(line(row));
}

async function main(): Promise<void> {
  const unknown = [...SCENARIOS].filter((name) => !['reads', 'rush', 'flood', 'mail'].includes(name));
  if (unknown.length) throw new Error(`BENCH_SCENARIOS: unknown ${unknown.join(', ')} (reads, rush, flood, mail)`);
  const env = await prepareEnvironment();
  const started = performance.now();
  console.log(`bench:api on ${commitLine()}`);
  console.log(`${env.engine}, ${MEMBERS} members, ${DURATION} s per load phase, scenarios ${[...SCENARIOS].join(', ')}`);
  const apps: AppInstance[] = [];
  try {
    const first = await startApp(env, 'A');
    apps.push(first);
    // On MySQL/MariaDB a second instance starts while the pool is built (the migrations already ran in the first).
    const second = env.databaseUrl && SCENARIOS.has('rush') ? startApp(env, 'B') : undefined;
    second?.catch(() => undefined);
    const pool = await buildPool(first);
    const members = await createMembers(env, first, Math.max(1, MEMBERS));
    if (second) apps.push(await second);

    if (SCENARIOS.has('reads')) await scenarioReads(first, pool, members[0]);
    if (SCENARIOS.has('rush')) await scenarioRush(env, apps, pool, members);
    if (apps[1]) await stopChild(apps.pop()!.process);
    if (SCENARIOS.has('flood')) await scenarioFlood(first, pool);
    if (SCENARIOS.has('mail')) await scenarioMail(env, pool, members[members.length - 1]);
  } catch (error) {
    fail(`aborted: ${(error as Error).stack ?? error}`);
  } finally {
    for (const app of apps) {
      if (app.process.exitCode !== null && app.process.exitCode !== 0) warn(`app ${app.name} had exited with ${app.process.exitCode}:\n${logTail(app.log)}`);
    }
    await Promise.all([...children].map((child) => stopChild(child)));
    try {
      await env.drop();
    } catch (error) {
      warn(`dropping the database failed: ${(error as Error).message}`);
    }
    if (process.env.BENCH_KEEP) console.log(`kept ${env.work}`);
    else rmSync(env.work, { recursive: true, force: true });
  }

  printTable();
  console.log(`\n${((performance.now() - started) / 1000).toFixed(0)} s in all; goals are shown, not asserted.`);
  if (resent) console.log(`${resent} request(s) re-sent on a new socket after the server closed an idle kept-alive one as it was reused.`);
  if (warnings.length) console.log(`${warnings.length} warning(s): ${warnings.map((text) => text.split('\n')[0]).join(' | ')}`);
  if (failures.length) {
    console.log(`\nCORRECTNESS FAILED (${failures.length}):\n  - ${failures.map((text) => text.split('\n')[0]).join('\n  - ')}`);
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
