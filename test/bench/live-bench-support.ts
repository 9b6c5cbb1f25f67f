/**
 * What `npm run bench:live` (live.bench.ts) runs on: its settings, the floor (bare node:http, run as a child of the
 * benchmark from this file with LIVE_FLOOR set), a small HTTP client, the app and floor child processes, and the pool
 * of members with their picks, seeded and logged in.
 */
import 'reflect-metadata';
import * as bcrypt from 'bcrypt';
import Database from 'better-sqlite3';
import { ChildProcess, fork, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { Agent, createServer, IncomingHttpHeaders, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { gunzipSync, gzipSync } from 'node:zlib';
import { buildLeague, instant } from './bench-league';
import { children, freePort, stopChild } from './bench-processes';

const ROOT = resolve(__dirname, '..', '..');
export const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 1000);
export const DURATION_S = Number(process.env.BENCH_DURATION ?? 30);
export const POLL_S = Number(process.env.BENCH_POLL ?? 15);
export const SCORE_EVERY_S = Number(process.env.BENCH_SCORE_EVERY ?? 5);
export const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
/** Sockets the watchers share (a browser holds one or two per page; a thousand pages would hold a thousand). */
const SOCKETS = 256;
const GAMES = 10;
const ADMIN = { email: 'bench-admin@bench.test', password: 'bench-admin-secret' };
const MEMBER_PASSWORD = 'bench-member-secret';
const JWT_SECRET = 'bench-live-secret-that-is-long-enough-for-hs256';
const PASS_THROUGH = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'LC_ALL', 'TZ', 'NODE_OPTIONS'];
const CLOCK_TICKS = 100; // getconf CLK_TCK on Linux

// ---------------------------------------------------------------------------------------------------------------
// The floor: run as a child of the benchmark (this file, LIVE_FLOOR=1), handed the captured board's file over IPC.

export function runFloor(): void {
  let board = '';
  let version = 0;
  let answer = { json: Buffer.alloc(0), gzipped: Buffer.alloc(0), tag: '""' };
  // The app's own headers on its 200 and its 304, but for the tag, the length and the coding, set here per answer.
  let sent: FloorHeaders = { ok: {}, notModified: {} };
  // The app's board with a new version each time the app's admin would change a score, serialized and gzipped once.
  const remake = () => {
    version += 1;
    const text = board.replace(/"version":"[^"]*"/, `"version":"floor-${version}"`);
    answer = { json: Buffer.from(text), gzipped: gzipSync(text), tag: `"${createHash('sha1').update(text).digest('base64url')}"` };
  };
  const server = createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
    req.resume();
    const { json, gzipped, tag } = answer;
    if (req.headers['if-none-match'] === tag) {
      res.writeHead(304, { ...sent.notModified, etag: tag });
      res.end();
      return;
    }
    const zipped = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    const bytes = zipped ? gzipped : json;
    res.writeHead(200, { ...sent.ok, etag: tag, ...(zipped ? { 'content-encoding': 'gzip' } : {}), 'content-length': bytes.length });
    res.end(bytes);
  });
  process.on('message', (message: { type: string; file?: string; headers?: FloorHeaders }) => {
    if (message.type === 'board') {
      board = readFileSync(message.file!, 'utf8');
      sent = message.headers!;
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

/** What the floor sends besides its tag, length and coding: the app's headers on its 200 and on its 304. */
export interface FloorHeaders {
  ok: Record<string, string>;
  notModified: Record<string, string>;
}

/** Set per answer by the floor, or by Node's http itself. */
const PER_ANSWER = new Set(['etag', 'content-encoding', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/** The headers of the app's answers that the floor sends as they are: the security headers, its caching, type and Vary. */
export function floorHeaders(ok: Answer, notModified: Answer): FloorHeaders {
  const kept = (answer: Answer, status: number) => {
    if (answer.status !== status) throw new Error(`the app answered ${answer.status || answer.error}, not ${status}, when its headers were taken for the floor`);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(answer.headers ?? {})) if (!PER_ANSWER.has(name) && typeof value === 'string') headers[name] = value;
    return headers;
  };
  // A 304's zero length is the app's, as it sends it.
  return { ok: kept(ok, 200), notModified: { ...kept(notModified, 304), ...(notModified.headers?.['content-length'] ? { 'content-length': notModified.headers['content-length'] } : {}) } };
}

// ---------------------------------------------------------------------------------------------------------------
// A small HTTP client: keep-alive, a timeout, never throws.

export interface Answer {
  status: number; // 0: no answer in time; -1: connection error
  body: string;
  etag: string | undefined;
  ms: number;
  error?: string;
  headers?: IncomingHttpHeaders;
}

export interface Target {
  base: string;
  agent: Agent;
}

export const target = (port: number): Target => ({ base: `http://127.0.0.1:${port}`, agent: new Agent({ keepAlive: true, maxSockets: SOCKETS }) });

/** `skipBody`: the body is read and dropped (a watcher that only needs the tag; keeps this process light). */
export function call(
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
        settle({ status: res.statusCode ?? 0, etag: res.headers.etag, body: text, headers: res.headers });
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

export async function must<T = unknown>(to: Target, method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<T> {
  const answer = await call(to, method, path, { ...options, timeoutMs: 60_000 });
  if (answer.status < 200 || answer.status >= 300) throw new Error(`setup: ${method} ${path} answered ${answer.status || answer.error}: ${answer.body.slice(0, 300)}`);
  return (answer.body ? JSON.parse(answer.body) : undefined) as T;
}

// ---------------------------------------------------------------------------------------------------------------
// Child processes.

/** A profiled app (BENCH_NODE_ARGS=--cpu-prof) writes its profile on the way out: give it time. */
export const stopApp = (child: ChildProcess | undefined) => stopChild(child, NODE_ARGS.length ? 30_000 : 3000);

/** The CPU seconds a process has used so far (user + system), from /proc. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the name: state is field 3, so utime (14) and stime (15) sit at 11 and 12.
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

export interface Server extends Target {
  process: ChildProcess;
}

export async function startApp(work: string, dataDir: string): Promise<Server & { log: string }> {
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
      // The bench signs admins in with a password alone: an automated run that says so (docs/security.md).
      ADMIN_SECOND_FACTOR: 'optional',
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

export async function startFloor(boardFile: string, headers: FloorHeaders): Promise<Server> {
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
    child.send({ type: 'board', file: boardFile, headers });
  });
  return { ...target(port), process: child };
}

// ---------------------------------------------------------------------------------------------------------------
// The pool.

export interface Pool {
  adminToken: string;
  weekId: number;
  /** The games in progress (picks shown), whose scores the admin moves on. */
  live: { id: number; home: number; away: number }[];
  /** Team names of the games not locked yet: no member's pick of them may appear on the board. */
  hiddenTeams: string[];
  tokens: string[];
}

export async function buildPool(app: Server, dataDir: string): Promise<Pool> {
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

if (process.env.LIVE_FLOOR) runFloor();
