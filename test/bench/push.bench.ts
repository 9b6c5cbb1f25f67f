/**
 * `npm run bench:push`: a reminder slot fanned out to BENCH_DEVICES (10,000) push subscriptions through the push
 * outbox (docs/push.md), against a floor in the same run, and a member's pick saves during the fan-out.
 *
 * The stand-in push service (test/support/push-service.ts) runs in this process and checks and decrypts every
 * message, for the app and the floor alike. The app runs in a child process (`src/main.ts` through ts-node, on a fresh
 * SQLite database, production settings, e-mail to files); the members, their push choice and their devices are
 * written straight to its database, so the run measures delivery, not setup.
 *
 * 1. saves, idle — one member saves a pick again and again for BENCH_SAVE_SECONDS (3): the p50/p95 with nothing else.
 * 2. fan-out     — the admin's "remind" of the week: one transaction queues the e-mails and one push row per device,
 *                  then the app's PushSenderService delivers them (PUSH_CONCURRENCY at once). Timed from the request to the
 *                  last message decrypted by the stand-in, with the app's CPU seconds; the member keeps saving picks.
 * 3. floor       — a child process with no database: a bare loop of web-push's generateRequestDetails (encryption
 *                  and a VAPID JWT signed per message, as sendNotification does) + fetch, as many at once as
 *                  PUSH_CONCURRENCY, to the same devices of the same stand-in. The app signs one JWT an hour per push
 *                  service instead, so it may beat this floor on CPU.
 *
 * The exit code is non-zero when a device got no message, got one twice, or the stand-in refused one.
 */
import 'reflect-metadata';
import * as bcrypt from 'bcrypt';
import Database from 'better-sqlite3';
import { ChildProcess, fork, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { generateRequestDetails } from 'web-push';
import { BrowserSubscription, PushService } from '../support/push-service';
import { children, freePort, stopChild } from './bench-processes';

/** How long an app or floor may take to end after SIGTERM. */
const PUSH_STOP_GRACE_MS = 5000;
import { buildLeague, instant } from './bench-league';

const ROOT = resolve(__dirname, '..', '..');
const DEVICES = Number(process.env.BENCH_DEVICES ?? 10_000);
const CONCURRENCY = Number(process.env.PUSH_CONCURRENCY ?? 20);
const SAVE_SECONDS = Number(process.env.BENCH_SAVE_SECONDS ?? 3);
const ADMIN = { email: 'bench-admin@bench.test', password: 'bench-admin-secret' };
const PASSWORD = 'bench-member-secret';
const JWT_SECRET = 'bench-push-secret-that-is-long-enough-for-hs256';
const PASS_THROUGH = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'LC_ALL', 'TZ', 'NODE_OPTIONS'];
const CLOCK_TICKS = 100;

interface FloorJob {
  devices: BrowserSubscription[];
  vapid: { subject: string; publicKey: string; privateKey: string };
  payload: string;
}

// ---------------------------------------------------------------------------------------------------------------
// The floor: a child (PUSH_FLOOR=1) handed the devices and keys in a file; no database, no framework.

async function runFloor(file: string): Promise<void> {
  const job = JSON.parse(readFileSync(file, 'utf8')) as FloorJob;
  let next = 0;
  let failed = 0;
  process.send!({ type: 'start' });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < job.devices.length) {
        const device = job.devices[next++];
        const request = generateRequestDetails(device, job.payload, { vapidDetails: job.vapid, TTL: 3600, urgency: 'high', contentEncoding: 'aes128gcm' });
        const response = await fetch(request.endpoint, { method: 'POST', headers: request.headers, body: request.body, signal: AbortSignal.timeout(10_000) });
        await response.text();
        if (!response.ok) failed++;
      }
    }),
  );
  process.send!({ type: 'done', ms: performance.now() - started, failed });
}

// ---------------------------------------------------------------------------------------------------------------

function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}


interface App {
  base: string;
  process: ChildProcess;
}

async function call(app: App, method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<{ status: number; body: string; ms: number }> {
  const started = performance.now();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    const response = await fetch(`${app.base}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body), signal: AbortSignal.timeout(60_000) });
    return { status: response.status, body: await response.text(), ms: performance.now() - started };
  } catch (error) {
    return { status: -1, body: (error as Error).message, ms: performance.now() - started };
  }
}

async function must<T>(app: App, method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<T> {
  const answer = await call(app, method, path, options);
  if (answer.status < 200 || answer.status >= 300) throw new Error(`setup: ${method} ${path} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  return (answer.body ? JSON.parse(answer.body) : undefined) as T;
}

async function startApp(work: string, dataDir: string, allow: string): Promise<App> {
  const port = await freePort();
  const log = join(work, 'app.log');
  const fd = openSync(log, 'w');
  const passed = Object.fromEntries(PASS_THROUGH.filter((key) => process.env[key] !== undefined).map((key) => [key, process.env[key]!]));
  const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', 'src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', fd, fd],
    env: {
      ...passed,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      JWT_SECRET,
      MAIL_OUTBOX: 'file',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // The bench signs admins in with a password alone: an automated run that says so (docs/security.md).
      ADMIN_SECOND_FACTOR: 'optional',
      SCHEDULER_ENABLED: 'false',
      BCRYPT_ROUNDS: '4',
      PUSH_ENDPOINT_ALLOW: allow,
      PUSH_CONCURRENCY: String(CONCURRENCY),
    },
  });
  closeSync(fd);
  children.add(child);
  const app = { base: `http://127.0.0.1:${port}`, process: child };
  const started = performance.now();
  while (performance.now() - started < 90_000) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}:\n${readFileSync(log, 'utf8').slice(-2000)}`);
    if ((await call(app, 'GET', '/api/health')).status === 200) return app;
    await sleep(200);
  }
  throw new Error('the app did not answer /api/health within 90 s');
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Saves one pick again and again (alternating teams) until `stop()` says so; answers each save's time. */
async function saveLoop(app: App, token: string, game: { id: number; week_id: number; home: string; away: string }, stop: () => boolean): Promise<{ times: number[]; errors: number }> {
  const times: number[] = [];
  let errors = 0;
  for (let n = 0; !stop(); n++) {
    const answer = await call(app, 'POST', '/api/picks', { token, body: { game_id: game.id, week_id: game.week_id, selected_winner: n % 2 ? game.home : game.away } });
    if (answer.status === 200 || answer.status === 201) times.push(answer.ms);
    else errors++;
  }
  return { times, errors };
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'tailgate-bench-push-'));
  const dataDir = join(work, 'data');
  const push = await PushService.start();
  let exitCode = 0;
  try {
    const app = await startApp(work, dataDir, push.prefix);
    const league = await buildLeague((method, path, options) => must(app, method, path, options), {
      admin: ADMIN,
      games: 2,
      label: 'Push',
      nickname: 'Pushers',
      game: (g) => ({ game_date: instant((20 + g) * 3_600_000) }),
    });
    const [first] = league.games;
    const game = { id: first.id, week_id: league.weekId, home: first.home.name, away: first.away.name };

    // Members (one device each, reminders on for push) straight into the database, and one member who saves picks.
    const started = performance.now();
    const { public_key: serverKey } = await must<{ public_key: string }>(app, 'GET', '/api/push/public_key');
    const devices = Array.from({ length: DEVICES }, () => push.device(serverKey));
    const hash = bcrypt.hashSync(PASSWORD, 4);
    const db = new Database(join(dataDir, 'tailgate-picks.sqlite'), { fileMustExist: true, timeout: 30_000 });
    try {
      db.prepare('UPDATE football_seasons SET is_current = CASE WHEN id = ? THEN 1 ELSE 0 END').run(league.seasonId);
      const user = db.prepare(`INSERT INTO users (email, name, role, password_hash) VALUES (?, ?, 'user', ?)`);
      const choice = db.prepare(`INSERT INTO notification_preferences (user_id, kind, push) VALUES (?, 'reminders', 1)`);
      const device = db.prepare(`INSERT INTO push_subscriptions (user_id, endpoint, endpoint_hash, p256dh, auth, user_agent) VALUES (?, ?, ?, ?, ?, 'bench')`);
      db.transaction(() => {
        devices.forEach((subscription, i) => {
          const id = Number(user.run(`pusher${i}@bench.test`, `Pusher ${i}`, hash).lastInsertRowid);
          choice.run(id);
          device.run(id, subscription.endpoint, createHash('sha256').update(subscription.endpoint).digest('hex'), subscription.keys.p256dh, subscription.keys.auth);
        });
        user.run('saver@bench.test', 'Pick Saver', hash);
      })();
    } finally {
      db.close();
    }
    const saver = (await must<{ token: string }>(app, 'POST', '/api/users/login', { body: { email: 'saver@bench.test', password: PASSWORD } })).token;
    console.log(`${DEVICES} members with a device each, written in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    // 1. Pick saves with nothing else going on.
    const idleUntil = performance.now() + SAVE_SECONDS * 1000;
    const idle = await saveLoop(app, saver, game, () => performance.now() > idleUntil);

    // 2. The fan-out, with the member saving picks throughout.
    const cpuBefore = cpuSeconds(app.process.pid!);
    const fanStart = performance.now();
    let fanOutDone = false;
    const saving = saveLoop(app, saver, game, () => fanOutDone);
    const remind = call(app, 'POST', `/api/weeks/${league.weekId}/missing_picks/remind`, { token: league.adminToken });
    await push.waitFor((received) => received.length >= DEVICES, 600_000);
    const fanOutMs = performance.now() - fanStart;
    fanOutDone = true;
    const cpu = cpuSeconds(app.process.pid!) - cpuBefore;
    const during = await saving;
    const remindAnswer = await remind;
    await sleep(1000);
    const perDevice = new Map<string, number>();
    for (const received of push.received) perDevice.set(received.device, (perDevice.get(received.device) ?? 0) + 1);
    const twice = [...perDevice.values()].filter((count) => count > 1).length;
    const appProblems = push.problems.length;
    const payload = JSON.stringify(push.received[0]?.payload ?? {});
    await stopChild(app.process, PUSH_STOP_GRACE_MS);

    // 3. The floor: the same devices, a bare web-push loop.
    push.received.length = 0;
    const jobFile = join(work, 'floor.json');
    const keys = JSON.parse(readFileSync(join(dataDir, 'vapid-keys.json'), 'utf8')) as { publicKey: string; privateKey: string };
    writeFileSync(jobFile, JSON.stringify({ devices, vapid: { subject: 'mailto:bench@bench.test', ...keys }, payload } satisfies FloorJob));
    const floor = fork(__filename, [jobFile], { cwd: ROOT, execArgv: ['-r', 'ts-node/register/transpile-only'], env: { ...process.env, PUSH_FLOOR: '1' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    children.add(floor);
    // Timed from the loop's start, not the child's (ts-node compiling this file takes seconds).
    const floorStarted = new Promise<{ at: number; cpu: number }>((done) =>
      floor.on('message', (message: { type: string }) => message.type === 'start' && done({ at: performance.now(), cpu: cpuSeconds(floor.pid!) })),
    );
    const floorDone = new Promise<{ ms: number; failed: number }>((done) => floor.on('message', (message: { type: string; ms: number; failed: number }) => message.type === 'done' && done(message)));
    const { at: floorStart, cpu: floorCpuBefore } = await floorStarted;
    await push.waitFor((received) => received.length >= DEVICES, 600_000);
    const floorMs = performance.now() - floorStart;
    const floorCpu = cpuSeconds(floor.pid!) - floorCpuBefore;
    const floorResult = await floorDone;
    await stopChild(floor, PUSH_STOP_GRACE_MS);

    console.log('');
    console.log(`reminder slot to ${DEVICES} devices (PUSH_CONCURRENCY ${CONCURRENCY}), each message checked and decrypted by the stand-in:`);
    console.log(`  app (outbox)   ${(fanOutMs / 1000).toFixed(2)} s  ${Math.round(DEVICES / (fanOutMs / 1000))} msg/s  app CPU ${cpu.toFixed(1)} s (e-mails of the same remind included)  remind answered ${remindAnswer.status} in ${ms(remindAnswer.ms)}`);
    console.log(`  floor (bare)   ${(floorMs / 1000).toFixed(2)} s  ${Math.round(DEVICES / (floorMs / 1000))} msg/s  floor CPU ${floorCpu.toFixed(1)} s (its own loop ${(floorResult.ms / 1000).toFixed(2)} s, ${floorResult.failed} failed)`);
    console.log(`  app / floor    ${(fanOutMs / floorMs).toFixed(2)}×`);
    console.log(`pick saves of one member:`);
    console.log(`  idle           n=${idle.times.length}  p50 ${ms(percentile(idle.times, 50))}  p95 ${ms(percentile(idle.times, 95))}  errors ${idle.errors}`);
    console.log(`  during fan-out n=${during.times.length}  p50 ${ms(percentile(during.times, 50))}  p95 ${ms(percentile(during.times, 95))}  max ${ms(percentile(during.times, 100))}  errors ${during.errors}`);
    console.log(`correctness: ${perDevice.size}/${DEVICES} devices reached, ${twice} twice, ${appProblems} refused by the stand-in`);
    if (perDevice.size !== DEVICES || twice > 0 || appProblems > 0 || floorResult.failed > 0) exitCode = 1;
  } finally {
    for (const child of [...children]) await stopChild(child, PUSH_STOP_GRACE_MS);
    await push.close();
    rmSync(work, { recursive: true, force: true });
  }
  process.exitCode = exitCode;
}

if (process.env.PUSH_FLOOR) {
  void runFloor(process.argv[2]);
} else {
  main().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
