import { readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { Child, freePort, ROOT, until } from './processes';

export const ADMIN = { email: 'admin@outage.test', password: 'admin-secret' };
export const MEMBER_PASSWORD = 'kickoff-season1';

/** What one HTTP call ended with: an answer, or a client-side error (timeout, reset) after `ms`. */
export interface Outcome {
  method: string;
  path: string;
  startedAt: number;
  ms: number;
  status?: number;
  body?: unknown;
  text?: string;
  error?: string;
  connection?: string;
}

/** The app as production runs it: `node src/main.ts` (through ts-node) in a child process, its log kept. */
export class AppProcess {
  readonly agent = new Agent({ keepAlive: true, maxSockets: 32 });

  private constructor(
    readonly child: Child,
    readonly port: number,
    readonly dataDir: string,
  ) {}

  static async spawn(options: { dataDir: string; logFile: string; env?: Record<string, string> }): Promise<AppProcess> {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NO_COLOR: '1',
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: options.dataDir,
      JWT_SECRET: 'outage-test-secret-that-is-long-enough-for-hs256',
      APP_URL: 'http://pool.test',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // The outage tests sign the admin in with a password alone: an automated run that says so (docs/security.md).
      ADMIN_SECOND_FACTOR: 'optional',
      BCRYPT_ROUNDS: '4',
      SCHEDULER_ENABLED: 'false',
      ...options.env,
    };
    const child = Child.spawn(
      'the app',
      process.execPath,
      ['-r', 'ts-node/register/transpile-only', '-r', 'tsconfig-paths/register', join(ROOT, 'src', 'main.ts')],
      { env, logFile: options.logFile },
    );
    return new AppProcess(child, port, options.dataDir);
  }

  /** Resolves once the app prints that it serves (the database reached, migrations run). */
  async serving(timeoutMs = 60_000): Promise<void> {
    await this.child.waitForLine(/is serving on http:\/\/localhost:\d+/, timeoutMs);
  }

  call(method: string, path: string, options: { body?: unknown; token?: string; timeoutMs?: number; agent?: Agent | false } = {}): Promise<Outcome> {
    const startedAt = Date.now();
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    return new Promise((resolve) => {
      let settled = false;
      const settle = (fields: Partial<Outcome>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ method, path, startedAt, ms: Date.now() - startedAt, ...fields });
      };
      const req = request(
        {
          host: '127.0.0.1',
          port: this.port,
          method,
          path,
          agent: options.agent === undefined ? this.agent : options.agent,
          headers: {
            ...(payload === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) }),
            ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('error', (error) => settle({ error: `${(error as NodeJS.ErrnoException).code ?? ''} ${error.message}`.trim() }));
          res.on('end', () => {
            let body: unknown;
            try {
              body = text ? JSON.parse(text) : undefined;
            } catch {
              body = undefined;
            }
            settle({ status: res.statusCode, body, text, connection: res.headers.connection });
          });
        },
      );
      const timer = setTimeout(() => {
        settle({ error: `no answer within ${options.timeoutMs ?? 20_000} ms (client timeout)` });
        req.destroy();
      }, options.timeoutMs ?? 20_000);
      req.on('error', (error) => settle({ error: `${(error as NodeJS.ErrnoException).code ?? ''} ${error.message}`.trim() }));
      req.end(payload);
    });
  }

  /** A call that must answer `status`; its body. */
  async expect<T = Record<string, unknown>>(status: number, method: string, path: string, options: { body?: unknown; token?: string } = {}): Promise<T> {
    const outcome = await this.call(method, path, options);
    if (outcome.status !== status) {
      throw new Error(`${method} ${path} answered ${outcome.status ?? outcome.error} (expected ${status}): ${outcome.text ?? ''}\n${this.child.tail(20)}`);
    }
    return outcome.body as T;
  }

  async login(email: string, password: string): Promise<string> {
    return (await this.expect<{ token: string }>(200, 'POST', '/api/users/login', { body: { email, password } })).token;
  }

  /** Invites `email` as `admin`, reads the link from the outbox (no SMTP_URL), registers and logs in. */
  async member(admin: string, email: string, name: string): Promise<{ id: number; token: string }> {
    await this.expect(201, 'POST', '/api/invitations', { token: admin, body: { email } });
    const outbox = join(this.dataDir, 'outbox');
    const token = await until(`the invitation e-mail to ${email} in ${outbox}`, 15_000, () => {
      let files: string[] = [];
      try {
        files = readdirSync(outbox).filter((file) => file.endsWith('.eml'));
      } catch {
        return undefined;
      }
      for (const file of files) {
        const raw = readFileSync(join(outbox, file), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        if (!new RegExp(`^To: .*${email.replace(/[.]/g, '\\.')}`, 'mi').test(raw)) continue;
        const match = raw.match(/invitation_token=([A-Za-z0-9_-]+)/);
        if (match) return match[1];
      }
      return undefined;
    });
    const registered = await this.expect<{ user: { id: number } }>(201, 'POST', '/api/register', {
      body: { email, password: MEMBER_PASSWORD, name, invitation_token: token },
    });
    return { id: registered.user.id, token: await this.login(email, MEMBER_PASSWORD) };
  }

  /**
   * A season with a current week and `count` games kicking off in three days (picks open), between new teams, set up
   * by the admin over the API.
   */
  async schedule(admin: string, count: number): Promise<{ weekId: number; games: { id: number; home: { id: number; name: string }; away: { id: number; name: string } }[] }> {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const tag = `${process.pid}-${Date.now()}`;
    const conference = await this.expect<{ id: number }>(201, 'POST', '/api/conferences', { token: admin, body: { name: `Outage Conference ${tag}` } });
    const season = await this.expect<{ id: number }>(201, 'POST', '/api/football_seasons', {
      token: admin,
      body: { name: `Outage Season ${tag}`, start_date: day(-30), end_date: day(90), is_current: true },
    });
    const week = await this.expect<{ id: number }>(201, 'POST', '/api/weeks', {
      token: admin,
      body: { number: 1, start_date: day(-1), end_date: day(6), football_season_id: season.id, is_current: true },
    });
    const team = async (n: number) => {
      const name = `Outage Team ${tag} ${n}`;
      const created = await this.expect<{ id: number }>(201, 'POST', '/api/teams', {
        token: admin,
        body: { name, city: 'Springfield', state: 'IL', conference_id: conference.id, webpage_url: 'https://example.com' },
      });
      return { id: created.id, name };
    };
    const games = [];
    for (let i = 0; i < count; i++) {
      const home = await team(2 * i);
      const away = await team(2 * i + 1);
      const game = await this.expect<{ id: number }>(201, 'POST', '/api/games', {
        token: admin,
        body: { week_id: week.id, home_team_id: home.id, away_team_id: away.id, game_date: new Date(Date.now() + 3 * 86_400_000).toISOString() },
      });
      games.push({ id: game.id, home, away });
    }
    return { weekId: week.id, games };
  }

  close(): void {
    this.agent.destroy();
  }
}
