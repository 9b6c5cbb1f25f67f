import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { Agent, IncomingHttpHeaders, request } from 'node:http';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN, AppProcess } from './support/app-process';
import { killAll, sleep } from './support/processes';
import { Game } from './support/traffic';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A POST whose body arrives in two parts: the request is in flight from the first part until `finish()`. */
function slowPost(port: number, path: string, token: string, body: unknown) {
  const payload = Buffer.from(JSON.stringify(body));
  const req = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path,
    agent: false,
    headers: { 'Content-Type': 'application/json', 'Content-Length': payload.length, Authorization: `Bearer ${token}`, Connection: 'keep-alive' },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on('error', reject);
  });
  answer.catch(() => undefined);
  const half = Math.floor(payload.length / 2);
  req.write(payload.subarray(0, half));
  return { answer, finish: () => req.end(payload.subarray(half)) };
}

/** A keep-alive connection that has had its answer and sits idle; resolves `closed` when the server closes it. */
async function idleKeepAlive(port: number): Promise<{ closed: Promise<number> }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let socket: Socket | undefined;
  await new Promise<void>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/api/health', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve());
    });
    req.on('socket', (s) => (socket = s));
    req.on('error', reject);
    req.end();
  });
  await sleep(50);
  return { closed: new Promise((resolve) => socket!.once('close', () => resolve(Date.now()))) };
}

/**
 * SIGTERM and SIGINT against the real process (SQLite, the default): requests in flight finish, idle connections
 * close at once, the file is left consistent, the process exits 0; a second signal or the 10 s bound exit 1.
 */
describe('Stopping the app (SQLite)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tailgate-shutdown-'));
  const dataDir = join(dir, 'data');
  const file = join(dataDir, 'tailgate-picks.sqlite');
  let apps: AppProcess[] = [];
  let game: Game;
  let member: { id: number; token: string };

  async function start(): Promise<AppProcess> {
    const app = await AppProcess.spawn({ dataDir, logFile: join(dir, `app-${apps.length + 1}.log`) });
    apps.push(app);
    await app.serving();
    return app;
  }

  const stored = () => {
    const db = new Database(file);
    try {
      return {
        integrity: db.pragma('integrity_check', { simple: true }),
        picks: db.prepare('SELECT user_id, game_id, selected_team_id FROM picks').all() as { user_id: number; game_id: number; selected_team_id: number }[],
      };
    } finally {
      db.close();
    }
  };

  beforeAll(async () => {
    const app = await start();
    const admin = await app.login(ADMIN.email, ADMIN.password);
    [game] = (await app.schedule(admin, 1)).games;
    member = await app.member(admin, 'closer@outage.test', 'Closing Time');
  }, 60_000);

  afterAll(async () => {
    apps.forEach((app) => app.close());
    await killAll();
    apps = [];
    rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('on SIGTERM refuses new connections, closes idle ones at once, answers the request in flight, exits 0 and leaves the file consistent', async () => {
    const app = apps[0];
    const idle = await idleKeepAlive(app.port);
    const inFlight = slowPost(app.port, '/api/picks', member.token, { game_id: game.id, selected_winner: game.away.name });
    await sleep(300);

    const signalled = Date.now();
    app.child.signal('SIGTERM');
    expect((await idle.closed) - signalled).toBeLessThan(1000);
    await app.child.waitForLine(/Received SIGTERM: finishing 1 request in flight \(at most 10 s\), then stopping/, 5000);
    const refused = await app.call('GET', '/api/health', { agent: false, timeoutMs: 2000 });
    expect(refused.error).toMatch(/ECONNREFUSED/);
    await sleep(500);
    expect(app.child.running).toBe(true);

    inFlight.finish();
    const answer = await inFlight.answer;
    expect({ status: answer.status, connection: answer.headers.connection }).toEqual({ status: 201, connection: 'close' });
    expect(JSON.parse(answer.body)).toEqual(expect.objectContaining({ game_id: game.id, user_id: member.id }));

    expect(await app.child.exited(10_000)).toEqual({ code: 0, signal: null });
    expect(app.child.output).toMatch(/Stopped: every request answered, jobs stopped, database closed/);
    expect(app.child.output).not.toMatch(/\bERROR\b/);
    // The database closed cleanly: its WAL was checkpointed into the file and removed.
    expect(existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0).toBe(0);
    const after = stored();
    expect(after.integrity).toBe('ok');
    expect(after.picks).toEqual([{ user_id: member.id, game_id: game.id, selected_team_id: game.away.id }]);
  }, 30_000);

  it('exits 1 at once on a second signal, the file still consistent', async () => {
    const app = await start();
    const inFlight = slowPost(app.port, '/api/picks', member.token, { game_id: game.id, selected_winner: game.home.name });
    await sleep(300);
    app.child.signal('SIGTERM');
    await app.child.waitForLine(/Received SIGTERM: finishing 1 request in flight/, 5000);
    const signalled = Date.now();
    app.child.signal('SIGINT');
    expect(await app.child.exited(5000)).toEqual({ code: 1, signal: null });
    expect(Date.now() - signalled).toBeLessThan(2000);
    expect(app.child.output).toMatch(/Received SIGINT again while stopping: exiting at once with 1 request in flight/);
    await expect(inFlight.answer).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(stored().integrity).toBe('ok');
  }, 30_000);

  it('exits 1 with a log line when the requests in flight outlast the 10 s bound', async () => {
    const app = await start();
    const inFlight = slowPost(app.port, '/api/picks', member.token, { game_id: game.id, selected_winner: game.home.name });
    await sleep(300);
    const signalled = Date.now();
    app.child.signal('SIGTERM');
    expect(await app.child.exited(15_000)).toEqual({ code: 1, signal: null });
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(9_900);
    expect(app.child.output).toMatch(/Shutdown did not finish within 10 s \(1 request still in flight\): exiting/);
    await expect(inFlight.answer).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(stored().integrity).toBe('ok');
  }, 30_000);
});
