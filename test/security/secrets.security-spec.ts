import type { LoggerService } from '@nestjs/common';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { IsNull } from 'typeorm';
import { PasswordReset } from '../../src/auth/entities/password-reset.entity';
import { User } from '../../src/users/entities/user.entity';
import { createGame, createTeam, createWeek } from '../support/factories';
import { settledDeliveries } from '../support/outbox';
import { TestSmtpServer } from '../support/smtp';
import { bearer, PASSWORD, TestApp } from '../support/test-app';

// Several app starts per test (migrations each time, slower on MariaDB) and a start of the real process.
jest.setTimeout(60_000);

const ROOT = resolve(__dirname, '..', '..');
/** A start with neither ADMIN_EMAIL nor ADMIN_PASSWORD: the newcomer's `npm start` on an empty database. */
const FRESH = { ADMIN_EMAIL: '', ADMIN_PASSWORD: '' };
const ADMIN_PASSWORD_SET = 'chosen-at-setup';
/** A link that carries a token, as the app writes them into e-mails and the setup line. */
const TOKEN_LINK = /\/reset-password\/[A-Za-z0-9_-]{16,}|invitation_token=[A-Za-z0-9_-]{16,}/;
/** The one line that may carry a secret: the first admin's setup link. */
const SETUP_LINE = /Created the admin account (\S+)\. Choose its password within 24 hours at (http:\/\/pool\.test\/reset-password\/([A-Za-z0-9_-]+)) /;

/**
 * Everything the app writes: its Nest log (a logger handed to the app) and anything printed past it to the console
 * or straight to stdout/stderr while a test runs.
 */
class CapturedLog implements LoggerService {
  readonly lines: string[] = [];
  private readonly restore: (() => void)[] = [];

  log = (...parts: unknown[]) => this.add(parts);
  error = (...parts: unknown[]) => this.add(parts);
  warn = (...parts: unknown[]) => this.add(parts);
  debug = (...parts: unknown[]) => this.add(parts);
  verbose = (...parts: unknown[]) => this.add(parts);
  fatal = (...parts: unknown[]) => this.add(parts);

  /** Also keeps what is printed without the logger, until `stop`. */
  watchConsole(): this {
    if (this.restore.length > 0) return this;
    for (const name of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      const original = console[name];
      console[name] = (...parts: unknown[]) => this.add(parts);
      this.restore.push(() => (console[name] = original));
    }
    for (const stream of [process.stdout, process.stderr]) {
      const original = stream.write.bind(stream);
      stream.write = ((chunk: unknown, ...rest: unknown[]) => {
        this.add([chunk]);
        return (original as (...args: unknown[]) => boolean)(chunk, ...rest);
      }) as typeof stream.write;
      this.restore.push(() => (stream.write = original));
    }
    return this;
  }

  stop(): void {
    for (const undo of this.restore.splice(0).reverse()) undo();
  }

  matching(pattern: RegExp | string): string[] {
    return this.lines.filter((line) => (typeof pattern === 'string' ? line.includes(pattern) : pattern.test(line)));
  }

  private add(parts: unknown[]): void {
    this.lines.push(parts.map((part) => (Buffer.isBuffer(part) ? part.toString('utf8') : typeof part === 'string' ? part : JSON.stringify(part))).join(' '));
  }
}

/** The e-mails written to the file outbox for `email` (quoted-printable undone), oldest first, with their files. */
function outboxMails(t: TestApp, email: string): { file: string; raw: string }[] {
  const outbox = join(t.config.dataDir, 'outbox');
  return readdirSync(outbox)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .map((file) => ({ file: join(outbox, file), raw: readFileSync(join(outbox, file), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=') }))
    .filter(({ raw }) => new RegExp(`^To: ${email.replace(/[.]/g, '\\.')}$`, 'mi').test(raw));
}

/** The first admin's setup link from the log, as a newcomer reads it in the console. */
function setupLinkIn(log: CapturedLog): { email: string; link: string; token: string } {
  const lines = log.matching(SETUP_LINE);
  expect(lines).toHaveLength(1);
  const [, email, link, token] = lines[0].match(SETUP_LINE)!;
  return { email, link, token };
}

const setPassword = (t: TestApp, token: string, password = ADMIN_PASSWORD_SET) =>
  t.http.patch(`/api/password_resets/${token}`).send({ password_reset: { password, password_confirmation: password } });

/** Runs `src/main.ts` as `npm start` does (through ts-node) until it exits or serves; its exit code and output. */
function startProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<{ code: number | null; output: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tailgate-start-'));
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      ['-r', require.resolve('ts-node/register/transpile-only'), join(ROOT, 'src', 'main.ts')],
      {
        // A directory of its own: a developer's .env in the checkout must not change the outcome.
        cwd: dataDir,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', TS_NODE_PROJECT: join(ROOT, 'tsconfig.json'), DATA_DIR: dataDir, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`no exit within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      // Serving means it started: stop it (SIGTERM shuts down gracefully).
      if (/is serving on/.test(output)) child.kill('SIGTERM');
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
      done({ code, output });
    });
  });
}

describe('V7.1.1 No credentials or tokens in the log', () => {
  let log: CapturedLog;
  let t: TestApp;

  beforeAll(async () => {
    log = new CapturedLog();
    t = await TestApp.start(FRESH, { logger: log });
  });
  afterAll(async () => {
    log.stop();
    await t?.close();
  });

  it('V7.1.1 an invitation, a reset, the weekly e-mail and the first admin log no token and no link carrying one, except the one setup line', async () => {
    log.watchConsole();
    // The first admin: the setup line is the one secret in the log.
    const setup = setupLinkIn(log);
    await setPassword(t, setup.token).expect(200);
    const admin = await t.login(setup.email, ADMIN_PASSWORD_SET);

    // An invitation: its link is in the .eml only (0600), looked up and used.
    const invited = 'invited-logs@pool.test';
    await t.http.post('/api/invitations').set(bearer(admin)).send({ email: invited }).expect(201);
    expect(await settledDeliveries(t, { email: invited })).toEqual([expect.objectContaining({ status: 'sent' })]);
    const [invitation] = outboxMails(t, invited);
    expect(statSync(invitation.file).mode & 0o777).toBe(0o600);
    const invitationToken = invitation.raw.match(/invitation_token=([A-Za-z0-9_-]+)/)![1];
    await t.http.get(`/api/invitation_tokens/${invitationToken}`).expect(200);
    await t.http.post('/api/register').send({ email: invited, password: PASSWORD, name: 'Invited Fan', invitation_token: invitationToken }).expect(201);

    // A reset request: the link is in the .eml only, looked up and used.
    await t.http.post('/api/password_resets').send({ email: invited }).expect(200);
    await settledDeliveries(t, { email: invited, template: 'password-reset' }, undefined, 1);
    const reset = outboxMails(t, invited).find(({ raw }) => raw.includes('/reset-password/'))!;
    const resetToken = reset.raw.match(/\/reset-password\/([A-Za-z0-9_-]+)/)![1];
    await t.http.get(`/api/password_resets/${resetToken}`).expect(200);
    await setPassword(t, resetToken, 'a-new-password').expect(200);
    await t.http.get(`/api/password_resets/${resetToken}`).expect(404);

    // The weekly e-mail to every member.
    const { id: week_id } = await createWeek(t.dataSource, { number: 3 });
    for (let i = 0; i < 10; i++) {
      const [home, away] = [await createTeam(t.dataSource), await createTeam(t.dataSource)];
      await createGame(t.dataSource, { week_id, home_team_id: home.id, away_team_id: away.id, is_tiebreaker: i === 9 });
    }
    const members = [await t.createUser(), await t.createUser()];
    await t.http.post('/api/weekly_notifications/send').set(bearer(admin)).send({ week_id }).expect(200);
    const weekly = await settledDeliveries(t, { week_id });
    expect(weekly.length).toBeGreaterThanOrEqual(3);
    expect(weekly.every((delivery) => delivery.status === 'sent')).toBe(true);

    // The log saw every e-mail (so it was captured), by file and shortened recipient, and no secret but the setup line.
    // The invited member's four: the invitation, the reset link, "your password was changed", the weekly e-mail.
    expect(log.matching(/No SMTP_URL set: e-mail to i\*\*\*@pool\.test written to \S+\.eml\b/)).toHaveLength(4);
    expect(log.matching(/No SMTP_URL set: e-mail to m\*\*\*@pool\.test written to \S+\.eml\b/).length).toBeGreaterThanOrEqual(2);
    const secretLines = log.lines.filter((line) => [setup.token, invitationToken, resetToken].some((token) => line.includes(token)) || TOKEN_LINK.test(line));
    expect(secretLines).toEqual([expect.stringMatching(SETUP_LINE)]);
    // Members' addresses are shortened in the log (the operator's own admin address is the setup line's).
    for (const email of [invited, ...members.map((member) => member.email)]) expect(log.matching(email)).toEqual([]);
  });

  it("V7.1.1 a failure on a token's address is logged without the token", async () => {
    const member = await t.createUser();
    await t.http.post('/api/password_resets').send({ email: member.email }).expect(200);
    await settledDeliveries(t, { email: member.email, template: 'password-reset' }, undefined, 1);
    const token = outboxMails(t, member.email)[0].raw.match(/\/reset-password\/([A-Za-z0-9_-]+)/)![1];
    const table = t.dataSource.driver.escape('password_resets');
    const gone = t.dataSource.driver.escape('password_resets_gone');
    log.watchConsole();
    // The table is gone for a moment: the lookup fails as a bug would (500), and the error log names the route.
    await t.dataSource.query(`ALTER TABLE ${table} RENAME TO ${gone}`);
    try {
      await t.http.get(`/api/password_resets/${token}`).expect(500);
    } finally {
      await t.dataSource.query(`ALTER TABLE ${gone} RENAME TO ${table}`);
    }
    expect(log.matching('GET /api/password_resets/:token failed')).toHaveLength(1);
    expect(log.matching(token)).toEqual([]);
    await t.http.get(`/api/password_resets/${token}`).expect(200);
  });

  it('V7.1.1 production refuses to start without SMTP_URL (tokens would land in files), and starts with MAIL_OUTBOX=file', async () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'production-secret-that-is-long-enough-for-hs256' };
    const refused = await startProcess(production);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('SMTP_URL is required when NODE_ENV=production (or set MAIL_OUTBOX=file to write every e-mail to DATA_DIR/outbox instead)');

    const started = await TestApp.start({ ...production, MAIL_OUTBOX: 'file' }, { logger: new CapturedLog() });
    try {
      await started.http.get('/api/health').expect(200);
      await started.login(started.config.adminEmail!, started.config.adminPassword!);
    } finally {
      await started.close();
    }
  });
});

describe('V7.1.2 Members\' e-mail addresses are shortened in the log', () => {
  it('V7.1.2 sending, and failing to send, e-mails logs a***@domain, never the address', async () => {
    const smtp = await TestSmtpServer.start();
    const log = new CapturedLog();
    const t = await TestApp.start({ SMTP_URL: smtp.url, MAIL_MAX_ATTEMPTS: '1' }, { logger: log });
    try {
      log.watchConsole();
      const admin = await t.adminToken();
      const [accepted, refused] = ['welcome-fan@pool.test', 'refused-fan@pool.test'];
      smtp.refuse.add(refused);
      const member = await t.createUser();
      for (const email of [accepted, refused]) await t.http.post('/api/invitations').set(bearer(admin)).send({ email }).expect(201);
      await t.http.post('/api/password_resets').send({ email: member.email }).expect(200);
      const settled = [...(await settledDeliveries(t, { email: accepted })), ...(await settledDeliveries(t, { email: refused })), ...(await settledDeliveries(t, { email: member.email }))];
      expect(settled.map((delivery) => delivery.status)).toEqual(['sent', 'failed', 'sent']);
      await smtp.waitFor(member.email);

      // The refusal was logged (so the log was captured), with the recipient shortened.
      expect(log.matching(/invitation e-mail \d+ to r\*\*\*@pool\.test, attempt 1, failed for good/)).toHaveLength(1);
      for (const email of [accepted, refused, member.email]) expect(log.matching(email)).toEqual([]);
    } finally {
      log.stop();
      await t.close();
      await smtp.stop();
    }
  });
});

describe('V2.3.1 The first admin gets a one-time setup link, not a password', () => {
  it('V2.3.1 a random link printed once sets the password once, expires after 24 hours, and is not the password', async () => {
    const log = new CapturedLog();
    const t = await TestApp.start(FRESH, { logger: log });
    try {
      const setup = setupLinkIn(log);
      expect(setup.email).toBe('admin@example.com');
      expect(setup.token.length).toBeGreaterThanOrEqual(43);
      const admin = await t.dataSource.getRepository(User).findOneByOrFail({ role: 'admin' });
      expect(admin.email).toBe('admin@example.com');
      // Only the token's hash is stored, valid for 24 hours.
      const [stored] = await t.dataSource.getRepository(PasswordReset).findBy({ user_id: admin.id });
      expect(stored.token_hash).not.toContain(setup.token);
      expect(Math.abs(stored.expires_at.getTime() - (Date.now() + 24 * 3600 * 1000))).toBeLessThan(60_000);
      // No password works before the setup, not even the token.
      await t.http.post('/api/users/login').send({ email: setup.email, password: setup.token }).expect(401);

      // The link opens the existing reset page: it names the account, sets the password once, then is refused.
      expect((await t.http.get(`/api/password_resets/${setup.token}`).expect(200)).body).toEqual({ email: 'admin@example.com' });
      await setPassword(t, setup.token).expect(200);
      await t.login(setup.email, ADMIN_PASSWORD_SET);
      expect((await setPassword(t, setup.token, 'another-try-password').expect(404)).body).toEqual({ errors: ['Invalid or expired reset token.'] });
      await t.http.get(`/api/password_resets/${setup.token}`).expect(404);
      await t.login(setup.email, ADMIN_PASSWORD_SET);
    } finally {
      await t.close();
    }
  });

  it('V2.3.1 an expired setup link is refused; "Forgot your password?" e-mails a new link', async () => {
    const log = new CapturedLog();
    const t = await TestApp.start({ ...FRESH, ADMIN_EMAIL: 'Owner@Pool.test' }, { logger: log });
    try {
      const setup = setupLinkIn(log);
      expect(setup.email).toBe('owner@pool.test');
      await t.dataSource.getRepository(PasswordReset).update({ used_at: IsNull() }, { expires_at: new Date(Date.now() - 1000) });
      await setPassword(t, setup.token).expect(404);
      await t.http.post('/api/password_resets').send({ email: setup.email }).expect(200);
      await settledDeliveries(t, { email: setup.email, template: 'password-reset' }, undefined, 1);
      const token = outboxMails(t, setup.email)[0].raw.match(/\/reset-password\/([A-Za-z0-9_-]+)/)![1];
      await setPassword(t, token).expect(200);
      await t.login(setup.email, ADMIN_PASSWORD_SET);
    } finally {
      await t.close();
    }
  });

  it('V2.3.1 a second start prints nothing', async () => {
    const first = await TestApp.start(FRESH, { logger: new CapturedLog() });
    try {
      const again = new CapturedLog();
      const second = await TestApp.startBeside(first, FRESH, { logger: again });
      await second.close();
      expect(again.matching(/admin account|reset-password/)).toEqual([]);
      expect(await first.dataSource.getRepository(User).countBy({ role: 'admin' })).toBe(1);
      expect(await first.dataSource.getRepository(PasswordReset).count()).toBe(1);
    } finally {
      await first.close();
    }
  });

  it('V2.3.1 with ADMIN_PASSWORD no link is made or printed', async () => {
    const log = new CapturedLog();
    const given = await TestApp.start({}, { logger: log });
    try {
      expect(log.matching(/admin account/)).toEqual([expect.stringMatching(/^Created the admin account admin@pool\.test \(password from ADMIN_PASSWORD\)\./)]);
      expect(log.lines.filter((line) => TOKEN_LINK.test(line) || line.includes(given.config.adminPassword!))).toEqual([]);
      expect(await given.dataSource.getRepository(PasswordReset).count()).toBe(0);
      await given.adminToken();
    } finally {
      await given.close();
    }
  });
});
