import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppProcess } from './support/app-process';
import { PrivateMariaDb } from './support/private-mariadb';
import { killAll } from './support/processes';

/**
 * Starting while the MySQL/MariaDB server is down (a private one, stopped): the app waits for it with one log line per
 * attempt and serves once it comes; with a short DATABASE_STARTUP_TIMEOUT it gives up with a clear message and
 * exits non-zero.
 */
describe('Starting with the database down (MariaDB)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tailgate-startup-'));
  let db: PrivateMariaDb;
  let runs = 0;
  const apps: AppProcess[] = [];

  const spawn = (env: Record<string, string>) => {
    const app = AppProcess.spawn({ dataDir: join(dir, 'app'), logFile: join(dir, `app-${++runs}.log`), env: { DATABASE_URL: db.url('tailgate_startup'), ...env } });
    return app.then((started) => (apps.push(started), started));
  };
  const notReachable = (attempt: number, delay: string) =>
    new RegExp(`WARN \\[Database\\] Database at 127\\.0\\.0\\.1:${db.port} not reachable \\(ECONNREFUSED\\); retrying in ${delay} s \\(attempt ${attempt}\\)`);

  beforeAll(async () => {
    db = await PrivateMariaDb.create(join(dir, 'mariadb'));
    await db.start();
    await db.query('CREATE DATABASE tailgate_startup CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci');
    await db.stop();
  }, 60_000);

  afterAll(async () => {
    apps.forEach((app) => app.close());
    await killAll();
    rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('gives up after DATABASE_STARTUP_TIMEOUT (4 s: pauses of 1, 2 and the last 1 s) with a clear message and exit status 1', async () => {
    const app = await spawn({ DATABASE_STARTUP_TIMEOUT: '4s' });
    expect(await app.child.exited(30_000)).toEqual({ code: 1, signal: null });
    const output = app.child.output;
    expect(output).toMatch(notReachable(1, '1'));
    expect(output).toMatch(notReachable(2, '2'));
    // The last pause is cut to end on the deadline.
    expect(output).toMatch(notReachable(3, '(0\\.\\d|1)'));
    expect(output).toMatch(
      new RegExp(
        `ERROR \\[Database\\] Database at 127\\.0\\.0\\.1:${db.port} still not reachable \\(ECONNREFUSED\\) after 4(\\.\\d)? s and 4 attempts; giving up\\. ` +
          'Check DATABASE_URL and that the server is running, or raise DATABASE_STARTUP_TIMEOUT\\.',
      ),
    );
    // One loop: the app never got as far as TypeORM's own retries, and no stack trace.
    expect(output).not.toMatch(/Unable to connect to the database|\n\s+at /);
  }, 40_000);

  it('refuses a malformed DATABASE_STARTUP_TIMEOUT by name', async () => {
    const app = await spawn({ DATABASE_STARTUP_TIMEOUT: 'a while' });
    expect(await app.child.exited(30_000)).toEqual({ code: 1, signal: null });
    expect(app.child.output).toMatch(/DATABASE_STARTUP_TIMEOUT must be a duration such as 60 \(seconds\), 90s or 2m, at most 24h \(got "a while"\)/);
  }, 40_000);

  it('logs each attempt while the server is down and serves as soon as it comes up', async () => {
    const app = await spawn({ DATABASE_STARTUP_TIMEOUT: '60s' });
    await app.child.waitForLine(notReachable(2, '2'), 30_000);
    await db.start();
    await app.serving(30_000);
    expect(await app.expect(200, 'GET', '/api/health')).toEqual({ status: 'ok', database: { status: 'up', type: 'mysql' } });
    expect(app.child.output).not.toMatch(/Unable to connect to the database|\bERROR\b/);
    expect(app.child.running).toBe(true);
    app.child.signal('SIGTERM');
    expect(await app.child.exited(15_000)).toEqual({ code: 0, signal: null });
  }, 60_000);
});
