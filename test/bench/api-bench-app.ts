/** The benchmark's child processes (app instances and floors), its database and the pool and members it loads. */
import * as bcrypt from 'bcrypt';
import Database from 'better-sqlite3';
import { ChildProcess, fork, spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { createConnection } from 'mysql2/promise';
import type { RowDataPacket } from 'mysql2';
import type { FloorConfig, FloorGame, FloorPickRow } from './api-floor';
import { buildLeague, DAY_MS, instant } from './bench-league';
import { ADMIN, GAMES, JWT_SECRET, MEMBER_PASSWORD, NODE_ARGS, PASS_THROUGH, ROOT } from './api-bench-config';
import { call, must, Target, target } from './api-bench-results';
import { children, freePort, stopChild } from './bench-processes';

// ---------------------------------------------------------------------------------------------------------------
// Child processes: app instances and floors.

export interface AppInstance extends Target {
  name: string;
  process: ChildProcess;
  log: string;
  port: number;
}

export interface Environment {
  engine: 'SQLite' | 'MySQL/MariaDB';
  work: string;
  dataDir: string;
  /** DATABASE_URL of the app's database (MySQL/MariaDB). */
  databaseUrl?: string;
  /** The floor's own database (MySQL/MariaDB). */
  floorUrl?: string;
  drop: () => Promise<void>;
}

export const logTail = (file: string) => {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-25).join('\n');
  } catch {
    return '(no log)';
  }
};

/** An app instance in its own process on the benchmark's database; resolves once /api/health answers 200. */
export async function startApp(env: Environment, name: string, extra: Record<string, string> = {}): Promise<AppInstance> {
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
      // The bench signs admins in with a password alone: an automated run that says so (docs/security.md).
      ADMIN_SECOND_FACTOR: 'optional',
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

export interface Floor extends Target {
  process: ChildProcess;
  rows: () => Promise<FloorPickRow[]>;
  stop: () => Promise<void>;
}

export async function startFloor(config: FloorConfig): Promise<Floor> {
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

export function mysqlServer(base: string): { server: string; name: string } {
  const url = new URL(base.replace(/^mariadb:/, 'mysql:'));
  const name = `${url.pathname.slice(1) || 'tailgate_bench_api'}_${process.pid}`;
  const server = `${url.protocol}//${url.username ? `${url.username}${url.password ? `:${url.password}` : ''}@` : ''}${url.host}`;
  return { server, name };
}

export async function prepareEnvironment(): Promise<Environment> {
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
export async function withDatabase<T>(env: Environment, work: (query: (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>) => Promise<T>): Promise<T> {
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

export interface Pool {
  adminToken: string;
  conferenceId: number;
  weekId: number;
  games: FloorGame[];
  tiebreakerGameId: number;
}

export interface Member {
  id: number;
  email: string;
  token: string;
}

export async function buildPool(app: AppInstance): Promise<Pool> {
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
export async function createMembers(env: Environment, app: AppInstance, count: number): Promise<Member[]> {
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
