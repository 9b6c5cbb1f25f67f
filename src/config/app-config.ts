import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { configError } from './config-error';
import { dataDirVapidKeys, developmentSecret } from './generated-secrets';
import type { ApiDocsAccess } from './settings/server';
import type { ScoreProviderName } from './settings/providers';
import { readSettings, SettingName, SettingValues } from './settings/settings';

export { ConfigError } from './config-error';
export { VAPID_KEYS_FILE } from './generated-secrets';
export { API_DOCS_ACCESS, type ApiDocsAccess } from './settings/server';
export { SCORE_PROVIDERS, type ScoreProviderName } from './settings/providers';

/** Where the data lives: the embedded SQLite file, or a MySQL/MariaDB server. */
export type DatabaseConfig =
  | { type: 'sqlite'; path: string }
  | { type: 'mysql'; url: string };

export interface SessionLifetimes {
  /** A member's session without "Stay signed in": fixed, from sign-in. */
  ttlMs: number;
  /** A "Stay signed in" session ends after this long unused; each use extends it. */
  rememberIdleMs: number;
  /** ...and after this long from sign-in, however used. */
  rememberMaxMs: number;
  /** An admin's session: at most this long from sign-in... */
  adminTtlMs: number;
  /** ...and ends after this long unused. */
  adminIdleMs: number;
}

/** The typed configuration every module reads; built once from the environment at boot. */
export class AppConfig {
  nodeEnv!: 'development' | 'production' | 'test';
  port!: number;
  dataDir!: string;
  database!: DatabaseConfig;
  jwtSecret!: string;
  /** How long sessions last, in ms (docs/decisions.md, "Session lifetimes"). */
  sessions!: SessionLifetimes;
  appName!: string;
  appUrl!: string;
  smtpUrl?: string;
  mailFrom!: string;
  adminEmail?: string;
  adminPassword?: string;
  /** Whether every admin must have a second factor before doing anything else (docs/security.md). */
  adminSecondFactor!: 'required' | 'optional';
  invitationTtlSeconds!: number;
  tzDisplay!: string;
  bcryptRounds!: number;
  loginMaxFailures!: number;
  /** The longest wait the per-account delay imposes between login attempts past LOGIN_MAX_FAILURES, in ms. */
  loginDelayMaxMs!: number;
  /**
   * Which proxies in front of the app are believed about the client's address (X-Forwarded-For): false for none,
   * true for any, a hop count, or the proxies' addresses and CIDR ranges (Fastify's trustProxy).
   */
  trustProxy!: boolean | number | string[];
  /** Recalculate a week's results and the season standings when an admin records its last missing winner. */
  autoCalculateResults!: boolean;
  /** Run the scheduled jobs (pick reminders, picks sheet) in this instance. */
  schedulerEnabled!: boolean;
  /** Pick reminders go out this many hours before a week's first pick deadline, largest first. */
  reminderHours!: number[];
  /** How many e-mails of one batch (weekly e-mail, reminders, picks sheet) are sent at the same time. */
  mailConcurrency!: number;
  /** How long the mail server may take to connect, greet, or answer on the socket, in ms. */
  mailTimeoutMs!: number;
  /** Attempts of one e-mail before it is marked failed. */
  mailMaxAttempts!: number;
  /** The wait before the first retry of an e-mail, in ms; each further retry waits twice as long. */
  mailRetryDelayMs!: number;
  /** How often the outbox is checked for due e-mails besides the nudge after each commit, in ms. */
  mailPollIntervalMs!: number;
  /** How long the admin's send and remind wait for their e-mails' first attempts before answering, in ms. */
  mailSendWaitMs!: number;
  /** Where the built frontend is served from; absent when it has not been built. */
  frontendDir!: string;
  /** Who gets the API's OpenAPI document: anyone (with the Swagger UI page), a signed-in admin (the JSON only), nobody. */
  apiDocs!: ApiDocsAccess;
  /** Security log entries older than this are deleted by the daily pruning job, in ms. */
  securityLogRetentionMs!: number;
  /** Where backups of the embedded database are written (`npm run backup` and the daily backup). */
  backupDir!: string;
  /** How many daily backups are kept; 0 turns the daily backup off. */
  backupKeep!: number;
  /** The hour of the day (UTC) from which the daily backup is due. */
  backupHour!: number;
  /** The data providers of imports and the score sync (docs/imports.md). */
  providers!: ProvidersConfig;
  /** Web Push (docs/push.md). */
  push!: PushConfig;
}

/** Web Push: the VAPID keys the app signs with, and which push services a subscription may name. */
export interface PushConfig {
  /** Uncompressed P-256 public key, base64url (what browsers' pushManager.subscribe takes as applicationServerKey). */
  vapidPublicKey: string;
  vapidPrivateKey: string;
  /** Who runs this server, for the push services: an https: URL or a mailto: address. */
  vapidSubject: string;
  /** Where the keys came from: the environment, or the file generated into DATA_DIR. */
  vapidSource: 'environment' | 'data-dir';
  /** URL prefixes a subscription's endpoint may start with besides the known push services (PUSH_ENDPOINT_ALLOW). */
  endpointAllow: string[];
  /** How long one request to a push service may take, in ms. */
  timeoutMs: number;
  /** How many pushes one app instance sends at the same time. */
  concurrency: number;
}

export interface ProvidersConfig {
  /** CollegeFootballData's API key (free at collegefootballdata.com); without it that provider is unavailable. */
  cfbdApiKey: string | null;
  cfbdBaseUrl: string;
  /** The keyless public scoreboard (ncaa.com's data as the open-source ncaa-api serves it). */
  scoreboardBaseUrl: string;
  /** How long one request to a provider may take, in ms. */
  timeoutMs: number;
  /** The line provider preferred when a game has several (CFBD's "consensus" when present). */
  lineProvider: string;
  /** Where the score sync reads finals: the keyless scoreboard unless SCORE_SYNC_PROVIDER says cfbd. */
  scoreSyncProvider: ScoreProviderName;
  /** How often the score sync runs while games are under way, in ms; 0 turns it off. */
  scoreSyncIntervalMs: number;
  /** A game not final this long after kickoff is flagged for the admin (postponed or cancelled?), in ms. */
  scoreSyncFlagAfterMs: number;
}

/**
 * What no single variable can say: the rules between them. They look at what was given (a malformed value counts as
 * set), so each problem is reported once, by its own variable.
 */
function crossProblems(env: NodeJS.ProcessEnv): string[] {
  const given = (name: SettingName) => (env[name] === '' ? undefined : env[name]);
  const production = given('NODE_ENV') === 'production';
  const problems: string[] = [];
  if (Boolean(given('VAPID_PUBLIC_KEY')) !== Boolean(given('VAPID_PRIVATE_KEY'))) {
    problems.push('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither (the keys are then generated into DATA_DIR)');
  }
  if (production && !given('JWT_SECRET')) {
    problems.push('JWT_SECRET is required when NODE_ENV=production');
  }
  // Without SMTP_URL every e-mail, with its invitation or reset link, is a file on the server: a choice to make
  // knowingly in production, never a default.
  if (production && !given('SMTP_URL') && given('MAIL_OUTBOX') !== 'file') {
    problems.push('SMTP_URL is required when NODE_ENV=production (or set MAIL_OUTBOX=file to write every e-mail to DATA_DIR/outbox instead)');
  }
  if (given('SMTP_URL') && given('MAIL_OUTBOX') === 'file') {
    problems.push('Set either SMTP_URL or MAIL_OUTBOX=file, not both');
  }
  return problems;
}

function pushConfig(vars: SettingValues, dataDir: string): PushConfig {
  const fromEnvironment = vars.VAPID_PUBLIC_KEY && vars.VAPID_PRIVATE_KEY;
  const keys = fromEnvironment ? { publicKey: vars.VAPID_PUBLIC_KEY!, privateKey: vars.VAPID_PRIVATE_KEY! } : dataDirVapidKeys(dataDir);
  return {
    vapidPublicKey: keys.publicKey,
    vapidPrivateKey: keys.privateKey,
    // Push services want a way to reach whoever runs the server: the pool's https address, else its admin's e-mail.
    vapidSubject: vars.VAPID_SUBJECT ?? (vars.APP_URL?.startsWith('https://') ? vars.APP_URL : `mailto:${vars.ADMIN_EMAIL ?? 'admin@example.com'}`),
    vapidSource: fromEnvironment ? 'environment' : 'data-dir',
    endpointAllow: vars.PUSH_ENDPOINT_ALLOW ?? [],
    timeoutMs: vars.PUSH_TIMEOUT,
    concurrency: vars.PUSH_CONCURRENCY,
  };
}

/**
 * Validates the environment against the settings registry (src/config/settings) and turns it into the typed
 * configuration. Throws a ConfigError listing every problem so the app refuses to start with a clear message.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const { values: vars, problems } = readSettings(env);
  problems.push(...crossProblems(env));
  if (problems.length > 0) throw configError(problems);

  const dataDir = vars.DATA_DIR;
  mkdirSync(dataDir, { recursive: true });
  const nodeEnv = vars.NODE_ENV;

  const config = new AppConfig();
  Object.assign(config, {
    nodeEnv,
    port: vars.PORT,
    dataDir,
    database: vars.DATABASE_URL ? { type: 'mysql', url: vars.DATABASE_URL } : { type: 'sqlite', path: join(dataDir, 'tailgate-picks.sqlite') },
    jwtSecret: vars.JWT_SECRET ?? developmentSecret(dataDir),
    sessions: {
      ttlMs: vars.SESSION_TTL ?? vars.JWT_TTL ?? 12 * 3_600_000,
      rememberIdleMs: vars.SESSION_REMEMBER_IDLE,
      rememberMaxMs: vars.SESSION_REMEMBER_MAX,
      adminTtlMs: vars.ADMIN_SESSION_TTL,
      adminIdleMs: vars.ADMIN_SESSION_IDLE,
    },
    appName: vars.APP_NAME,
    appUrl: vars.APP_URL ?? `http://localhost:${vars.PORT}`,
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM ?? `"${vars.APP_NAME}" <no-reply@localhost>`,
    adminEmail: vars.ADMIN_EMAIL?.trim().toLowerCase(),
    adminPassword: vars.ADMIN_PASSWORD,
    adminSecondFactor: vars.ADMIN_SECOND_FACTOR,
    invitationTtlSeconds: Math.round(vars.INVITATION_TTL / 1000),
    tzDisplay: vars.TZ_DISPLAY,
    bcryptRounds: vars.BCRYPT_ROUNDS,
    loginMaxFailures: vars.LOGIN_MAX_FAILURES,
    loginDelayMaxMs: vars.LOGIN_DELAY_MAX,
    trustProxy: vars.TRUST_PROXY,
    autoCalculateResults: vars.AUTO_CALCULATE_RESULTS,
    schedulerEnabled: vars.SCHEDULER_ENABLED,
    reminderHours: vars.REMINDER_HOURS,
    mailConcurrency: vars.MAIL_CONCURRENCY,
    mailTimeoutMs: vars.MAIL_TIMEOUT,
    mailMaxAttempts: vars.MAIL_MAX_ATTEMPTS,
    mailRetryDelayMs: vars.MAIL_RETRY_DELAY,
    mailPollIntervalMs: vars.MAIL_POLL_INTERVAL,
    mailSendWaitMs: vars.MAIL_SEND_WAIT,
    frontendDir: resolve(__dirname, '..', '..', 'frontend', 'dist'),
    // A production server publishes no map of its API unless asked to.
    apiDocs: vars.API_DOCS ?? (nodeEnv === 'production' ? 'off' : 'public'),
    securityLogRetentionMs: vars.SECURITY_LOG_RETENTION,
    backupDir: vars.BACKUP_DIR ?? join(dataDir, 'backups'),
    backupKeep: vars.BACKUP_KEEP,
    backupHour: vars.BACKUP_HOUR,
    providers: {
      cfbdApiKey: vars.CFBD_API_KEY ?? null,
      cfbdBaseUrl: vars.CFBD_BASE_URL,
      scoreboardBaseUrl: vars.SCOREBOARD_BASE_URL,
      timeoutMs: vars.PROVIDER_TIMEOUT,
      lineProvider: vars.LINE_PROVIDER,
      scoreSyncProvider: vars.SCORE_SYNC_PROVIDER,
      scoreSyncIntervalMs: vars.SCORE_SYNC_INTERVAL,
      scoreSyncFlagAfterMs: vars.SCORE_SYNC_FLAG_AFTER,
    },
    push: pushConfig(vars, dataDir),
  } satisfies AppConfig);
  return config;
}
