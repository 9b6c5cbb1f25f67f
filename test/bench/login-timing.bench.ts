/**
 * `npm run bench:login`: can an attacker tell from the answer's timing whether an e-mail has an account?
 *
 * Starts the real server on a fresh embedded database at the default BCRYPT_ROUNDS (12), with LOGIN_MAX_FAILURES
 * high enough that no attempt is throttled, and times over HTTP, alternating the two kinds so drift hits both alike:
 * - 50 logins with a member's e-mail and a wrong password against 50 with an unknown e-mail;
 * - 50 password reset requests for the member's e-mail against 50 for unknown ones (the reset throttles are cleared
 *   before each request, outside the timing).
 * Prints the median and p90 of each and their ratios. Figures, not assertions: the machine is shared and noisy.
 * Target: the two medians within 20% of each other. `BENCH_TRIES` changes the count.
 */
import 'reflect-metadata';
import { getDataSourceToken } from '@nestjs/typeorm';
import * as bcrypt from 'bcrypt';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app.factory';
import { loadConfig } from '../../src/config/app-config';
import { User } from '../../src/users/entities/user.entity';

const TRIES = Number(process.env.BENCH_TRIES ?? 50);
const WARM_UP = 5;
const MEMBER = 'known.member@pool.test';

interface Figures {
  median: number;
  p90: number;
}

function figures(samples: number[]): Figures {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { median: at(0.5), p90: at(0.9) };
}

/**
 * The client runs in a worker thread: in the server's own event loop its clock would also count the work the server
 * does after an answer has gone out (a reset link is made and e-mailed then), which a remote client never sees.
 */
const CLIENT = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', async ({ url, body }) => {
  try {
    const started = process.hrtime.bigint();
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await response.arrayBuffer();
    parentPort.postMessage({ status: response.status, ms: Number(process.hrtime.bigint() - started) / 1e6 });
  } catch (error) {
    parentPort.postMessage({ status: 0, ms: 0, error: String(error) });
  }
});`;

class Client {
  private readonly worker = new Worker(CLIENT, { eval: true });

  /** Milliseconds from sending the request to the answer's last byte, as the client saw them. */
  async timed(url: string, body: object, expected: number): Promise<number> {
    const answer = new Promise<{ status: number; ms: number; error?: string }>((resolve) => this.worker.once('message', resolve));
    this.worker.postMessage({ url, body });
    const { status, ms, error } = await answer;
    if (status !== expected) throw new Error(`${url} answered ${status}${error ? ` (${error})` : ''}, expected ${expected}`);
    return ms;
  }

  close(): Promise<number> {
    return this.worker.terminate();
  }
}

/** Runs the two kinds alternately, TRIES each after a warm-up, and answers their samples. */
async function compare(known: (i: number) => Promise<number>, unknown: (i: number) => Promise<number>): Promise<[number[], number[]]> {
  for (let i = 0; i < WARM_UP; i++) {
    await known(-1 - i);
    await unknown(-1 - i);
  }
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < TRIES; i++) {
    if (i % 2 === 0) {
      a.push(await known(i));
      b.push(await unknown(i));
    } else {
      b.push(await unknown(i));
      a.push(await known(i));
    }
  }
  return [a, b];
}

function report(title: string, knownLabel: string, unknownLabel: string, [known, unknown]: [number[], number[]]): void {
  const k = figures(known);
  const u = figures(unknown);
  const row = (label: string, f: Figures) => `  ${label.padEnd(34)} median ${f.median.toFixed(1).padStart(7)} ms   p90 ${f.p90.toFixed(1).padStart(7)} ms`;
  console.log(`${title} (${TRIES} each)`);
  console.log(row(knownLabel, k));
  console.log(row(unknownLabel, u));
  console.log(`  ratio known/unknown                median ${(k.median / u.median).toFixed(3)}          p90 ${(k.p90 / u.p90).toFixed(3)}`);
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tailgate-login-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: 'bench-admin@pool.test',
    ADMIN_PASSWORD: randomBytes(12).toString('hex'),
    // The bench signs admins in with a password alone: an automated run that says so (docs/security.md).
    ADMIN_SECOND_FACTOR: 'optional',
    LOGIN_MAX_FAILURES: '1000',
    SCHEDULER_ENABLED: 'false',
  });
  const app = await createApp(config, { logger: false });
  const client = new Client();
  try {
    await app.listen(0, '127.0.0.1');
    const base = await app.getUrl();
    const dataSource = app.get<DataSource>(getDataSourceToken());
    await dataSource.getRepository(User).insert({ email: MEMBER, name: 'Known Member', role: 'user', password_hash: await bcrypt.hash('the-real-password', config.bcryptRounds) });
    console.log(`BCRYPT_ROUNDS ${config.bcryptRounds}, embedded SQLite, one app instance on ${base}`);

    const login = (email: string) => client.timed(`${base}/api/users/login`, { email, password: 'a-wrong-password' }, 401);
    report('Failed login', 'known e-mail, wrong password', 'unknown e-mail', await compare(() => login(MEMBER), (i) => login(`nobody-${i}@pool.test`)));

    const clearResetThrottles = () => dataSource.query("DELETE FROM throttles WHERE `key` LIKE 'reset-%'");
    const reset = async (email: string) => {
      await clearResetThrottles();
      return client.timed(`${base}/api/password_resets`, { email }, 200);
    };
    report('Password reset request', 'e-mail with an account', 'unknown e-mail', await compare(() => reset(MEMBER), (i) => reset(`nobody-${i}@pool.test`)));
  } finally {
    await client.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
