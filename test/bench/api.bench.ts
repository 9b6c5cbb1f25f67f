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
import { execSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { AddressInfo, createServer as createNetServer, Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { DURATION, FLOOD_CLIENTS, GAMES, MAIL_TIMEOUT_MS, MEMBERS, READ_CONNECTIONS, ROOT, SCENARIOS } from './api-bench-config';
import { Answer, call, fail, failures, ms, percentile, perSecond, resent, Row, rows, Target, warn, warnings, yesNo } from './api-bench-results';
import { AppInstance, buildPool, createMembers, Environment, logTail, Member, Pool, prepareEnvironment, startApp, startFloor } from './api-bench-app';
import { children, stopChild } from './bench-processes';
import { scenarioRush } from './api-bench-rush';

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
