import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateVAPIDKeys } from 'web-push';
import { ConfigError, loadConfig, VAPID_KEYS_FILE } from './app-config';

describe('loadConfig', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'tailgate-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('has working defaults: embedded SQLite in DATA_DIR, port 3000, sessions of 12 h (30 days sliding when remembered; admins 12 h and 30 min idle), 14-day invitations', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toEqual(
      expect.objectContaining({
        nodeEnv: 'development',
        port: 3000,
        database: { type: 'sqlite', path: join(dataDir, 'tailgate-picks.sqlite') },
        sessions: { ttlMs: 12 * 3_600_000, rememberIdleMs: 30 * 86_400_000, rememberMaxMs: 365 * 86_400_000, adminTtlMs: 12 * 3_600_000, adminIdleMs: 30 * 60_000 },
        invitationTtlSeconds: 14 * 24 * 3600,
        appName: 'Tailgate Picks',
        appUrl: 'http://localhost:3000',
        tzDisplay: 'America/New_York',
        bcryptRounds: 12,
      }),
    );
  });

  it('generates the development JWT secret once and keeps it in DATA_DIR', () => {
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '8080',
      DATABASE_URL: 'mysql://picks:pw@db:3306/picks',
      JWT_SECRET: 'x'.repeat(40),
      JWT_TTL: '7d',
      APP_NAME: 'Office Pool',
      APP_URL: 'https://picks.example.com/',
      SMTP_URL: 'smtp://user:pw@mail.example.com:587',
      MAIL_FROM: 'Pool <pool@example.com>',
      ADMIN_EMAIL: 'Boss@Example.com',
      ADMIN_PASSWORD: 'boss-secret',
      INVITATION_TTL: '3d',
      TZ_DISPLAY: 'America/Chicago',
    });
    expect(config).toEqual(
      expect.objectContaining({
        port: 8080,
        database: { type: 'mysql', url: 'mysql://picks:pw@db:3306/picks' },
        jwtSecret: 'x'.repeat(40),
        sessions: expect.objectContaining({ ttlMs: 7 * 86_400_000 }),
        appName: 'Office Pool',
        appUrl: 'https://picks.example.com',
        smtpUrl: 'smtp://user:pw@mail.example.com:587',
        mailFrom: 'Pool <pool@example.com>',
        adminEmail: 'boss@example.com',
        adminPassword: 'boss-secret',
        invitationTtlSeconds: 3 * 24 * 3600,
        tzDisplay: 'America/Chicago',
      }),
    );
    expect(existsSync(join(dataDir, 'jwt-secret'))).toBe(false);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a whole number (got "eighty")'],
    [{ PORT: '70000' }, 'PORT must not be greater than 65535'],
    [{ DATABASE_URL: 'postgres://db/picks' }, 'DATABASE_URL must look like mysql://user:password@host:3306/database'],
    [{ JWT_TTL: 'forever' }, 'JWT_TTL must be a duration such as 3600, 90m, 2h, 7d'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters long'],
    [{ NODE_ENV: 'production' }, 'JWT_SECRET is required when NODE_ENV=production'],
    [{ TZ_DISPLAY: 'Mars/Olympus' }, 'TZ_DISPLAY must be an IANA time zone such as America/New_York (got "Mars/Olympus")'],
    [{ ADMIN_EMAIL: 'boss' }, 'ADMIN_EMAIL must be an e-mail address'],
    [{ APP_URL: 'picks.example.com' }, 'APP_URL must be an http(s) URL such as https://picks.example.com'],
    [{ SMTP_URL: 'mail.example.com' }, 'SMTP_URL must look like smtp://user:password@host:587'],
    [{ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }, 'SMTP_URL is required when NODE_ENV=production (or set MAIL_OUTBOX=file'],
    [{ MAIL_OUTBOX: 'smtp' }, 'MAIL_OUTBOX must be file (or unset)'],
    [{ MAIL_OUTBOX: 'file', SMTP_URL: 'smtp://mail.example.com:587' }, 'Set either SMTP_URL or MAIL_OUTBOX=file, not both'],
    [{ TRUST_PROXY: 'yes' }, 'TRUST_PROXY must be false, true, a number of proxy hops'],
    [{ TRUST_PROXY: '10.0.0.1,10.0.0.0/33' }, 'TRUST_PROXY must be false, true, a number of proxy hops'],
    [{ LOGIN_DELAY_MAX: '2h' }, 'LOGIN_DELAY_MAX must be between 1s and 1h'],
  ])('refuses %j with a clear message', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, ...env })).toThrow(message);
  });

  it('starts in production with SMTP_URL, or with the file outbox chosen explicitly', () => {
    const production = { DATA_DIR: dataDir, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig({ ...production, SMTP_URL: 'smtp://mail.example.com:587' }).smtpUrl).toBe('smtp://mail.example.com:587');
    expect(loadConfig({ ...production, MAIL_OUTBOX: 'file' }).smtpUrl).toBeUndefined();
  });

  it('serves the API docs publicly in development and test, not at all in production, unless API_DOCS says', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).apiDocs).toBe('public');
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' }).apiDocs).toBe('public');
    const production = { DATA_DIR: dataDir, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), MAIL_OUTBOX: 'file' };
    expect(loadConfig(production).apiDocs).toBe('off');
    expect(loadConfig({ ...production, API_DOCS: 'admin' }).apiDocs).toBe('admin');
    expect(() => loadConfig({ DATA_DIR: dataDir, API_DOCS: 'yes' })).toThrow('API_DOCS must be one of public, admin, off');
  });

  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    ['true', true],
    ['1', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.1, 172.16.0.0/12,::1', ['10.0.0.1', '172.16.0.0/12', '::1']],
  ])('reads TRUST_PROXY=%s as %j (off by default)', (value, trustProxy) => {
    expect(loadConfig({ DATA_DIR: dataDir, ...(value === undefined ? {} : { TRUST_PROXY: value }) }).trustProxy).toEqual(trustProxy);
  });

  it('lists every problem at once', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'x', JWT_TTL: 'y' })).toThrow(/PORT must be a whole number.*\n.*JWT_TTL must be a duration/s);
  });

  it('generates the VAPID keys once into DATA_DIR (owner-only), in production too, and keeps them', () => {
    const first = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), MAIL_OUTBOX: 'file' }).push;
    expect(first).toEqual(expect.objectContaining({ vapidSource: 'data-dir', vapidSubject: 'mailto:admin@example.com', endpointAllow: [] }));
    expect(Buffer.from(first.vapidPublicKey, 'base64url')).toHaveLength(65);
    expect(statSync(join(dataDir, VAPID_KEYS_FILE)).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).push.vapidPublicKey).toBe(first.vapidPublicKey);
  });

  it('takes the VAPID keys and subject from the environment, both keys or neither', () => {
    const keys = generateVAPIDKeys();
    const push = loadConfig({
      DATA_DIR: dataDir,
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'mailto:ops@pool.test',
      PUSH_ENDPOINT_ALLOW: 'http://127.0.0.1:9/, https://push.example.com/',
    }).push;
    expect(push).toEqual(expect.objectContaining({ vapidPublicKey: keys.publicKey, vapidSource: 'environment', vapidSubject: 'mailto:ops@pool.test' }));
    expect(push.endpointAllow).toEqual(['http://127.0.0.1:9/', 'https://push.example.com/']);
    expect(existsSync(join(dataDir, VAPID_KEYS_FILE))).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dataDir, VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(/both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ DATA_DIR: dataDir, PUSH_ENDPOINT_ALLOW: 'ftp://x' })).toThrow(/PUSH_ENDPOINT_ALLOW/);
  });
});
