import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { plainToInstance } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength, validateSync } from 'class-validator';
import ms, { StringValue } from 'ms';
import { generateVAPIDKeys } from 'web-push';

/** Where the data lives: the embedded SQLite file, or a MySQL/MariaDB server. */
export type DatabaseConfig =
  | { type: 'sqlite'; path: string }
  | { type: 'mysql'; url: string };

/** The typed configuration every module reads; built once from the environment at boot. */
export class AppConfig {
  nodeEnv!: 'development' | 'production' | 'test';
  port!: number;
  dataDir!: string;
  database!: DatabaseConfig;
  jwtSecret!: string;
  jwtTtlSeconds!: number;
  appName!: string;
  appUrl!: string;
  smtpUrl?: string;
  mailFrom!: string;
  adminEmail?: string;
  adminPassword?: string;
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

export const SCORE_PROVIDERS = ['cfbd', 'scoreboard'] as const;
export type ScoreProviderName = (typeof SCORE_PROVIDERS)[number];

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

export const API_DOCS_ACCESS = ['public', 'admin', 'off'] as const;
export type ApiDocsAccess = (typeof API_DOCS_ACCESS)[number];

export class ConfigError extends Error {}

const DURATION = /^\d+\s*(ms|s|m|h|d|w|y)?$/;
/** Comma-separated hours such as "24,2" or "48, 1.5". */
const REMINDER_HOURS = /^\s*\d+(\.\d+)?\s*(,\s*\d+(\.\d+)?\s*)*$/;
const REMINDER_HOURS_MAX = 168;
const REMINDER_HOURS_MESSAGE = `REMINDER_HOURS must be hours before the first pick deadline, such as 24,2 (each above 0, at most ${REMINDER_HOURS_MAX})`;
const DURATION_MESSAGE = 'must be a duration such as 3600, 90m, 2h, 7d';

/** The environment variables, as documented in .env.example. */
class EnvironmentVariables {
  @IsOptional() @IsIn(['development', 'production', 'test'])
  NODE_ENV?: string;

  @IsOptional() @IsInt() @Min(1) @Max(65535)
  PORT?: number;

  @IsOptional() @IsString() @MinLength(1)
  DATA_DIR?: string;

  @IsOptional() @Matches(/^(mysql|mariadb):\/\/[^/]+\/[A-Za-z0-9_$-]+(\?.*)?$/, {
    message: 'DATABASE_URL must look like mysql://user:password@host:3306/database',
  })
  DATABASE_URL?: string;

  @IsOptional() @IsString() @MinLength(32, { message: 'JWT_SECRET must be at least 32 characters long' })
  JWT_SECRET?: string;

  @IsOptional() @Matches(DURATION, { message: `JWT_TTL ${DURATION_MESSAGE}` })
  JWT_TTL?: string;

  @IsOptional() @IsString() @MinLength(1)
  APP_NAME?: string;

  @IsOptional() @Matches(/^https?:\/\/[^\s]+$/, { message: 'APP_URL must be an http(s) URL such as https://picks.example.com' })
  APP_URL?: string;

  @IsOptional() @Matches(/^smtps?:\/\/[^\s]+$/, { message: 'SMTP_URL must look like smtp://user:password@host:587' })
  SMTP_URL?: string;

  @IsOptional() @IsIn(['file'], { message: 'MAIL_OUTBOX must be file (or unset)' })
  MAIL_OUTBOX?: string;

  @IsOptional() @IsString() @MinLength(3)
  MAIL_FROM?: string;

  @IsOptional() @IsEmail({}, { message: 'ADMIN_EMAIL must be an e-mail address' })
  ADMIN_EMAIL?: string;

  @IsOptional() @IsString() @MinLength(6, { message: 'ADMIN_PASSWORD must be at least 6 characters long' })
  ADMIN_PASSWORD?: string;

  @IsOptional() @Matches(DURATION, { message: `INVITATION_TTL ${DURATION_MESSAGE}` })
  INVITATION_TTL?: string;

  @IsOptional() @IsString()
  TZ_DISPLAY?: string;

  @IsOptional() @IsInt() @Min(4) @Max(15)
  BCRYPT_ROUNDS?: number;

  @IsOptional() @IsInt() @Min(1) @Max(1000)
  LOGIN_MAX_FAILURES?: number;

  @IsOptional() @Matches(DURATION, { message: `LOGIN_DELAY_MAX ${DURATION_MESSAGE}` })
  LOGIN_DELAY_MAX?: string;

  @IsOptional() @IsString()
  TRUST_PROXY?: string;

  @IsOptional() @IsIn(['true', 'false'], { message: 'AUTO_CALCULATE_RESULTS must be true or false' })
  AUTO_CALCULATE_RESULTS?: string;

  @IsOptional() @IsIn(['true', 'false'], { message: 'SCHEDULER_ENABLED must be true or false' })
  SCHEDULER_ENABLED?: string;

  @IsOptional() @Matches(REMINDER_HOURS, { message: REMINDER_HOURS_MESSAGE })
  REMINDER_HOURS?: string;

  @IsOptional() @IsInt() @Min(1) @Max(50)
  MAIL_CONCURRENCY?: number;

  @IsOptional() @Matches(DURATION, { message: `MAIL_TIMEOUT ${DURATION_MESSAGE}` })
  MAIL_TIMEOUT?: string;

  @IsOptional() @IsInt() @Min(1) @Max(20)
  MAIL_MAX_ATTEMPTS?: number;

  @IsOptional() @Matches(DURATION, { message: `MAIL_RETRY_DELAY ${DURATION_MESSAGE}` })
  MAIL_RETRY_DELAY?: string;

  @IsOptional() @Matches(DURATION, { message: `MAIL_POLL_INTERVAL ${DURATION_MESSAGE}` })
  MAIL_POLL_INTERVAL?: string;

  @IsOptional() @Matches(DURATION, { message: `MAIL_SEND_WAIT ${DURATION_MESSAGE}` })
  MAIL_SEND_WAIT?: string;

  @IsOptional() @IsIn(API_DOCS_ACCESS, { message: `API_DOCS must be one of ${API_DOCS_ACCESS.join(', ')}` })
  API_DOCS?: ApiDocsAccess;
  @IsOptional() @Matches(DURATION, { message: `SECURITY_LOG_RETENTION ${DURATION_MESSAGE}` })
  SECURITY_LOG_RETENTION?: string;

  @IsOptional() @IsString() @MinLength(1)
  BACKUP_DIR?: string;

  @IsOptional() @IsInt() @Min(0) @Max(365)
  BACKUP_KEEP?: number;

  @IsOptional() @IsInt() @Min(0) @Max(23)
  BACKUP_HOUR?: number;

  @IsOptional() @IsString() @MinLength(8, { message: 'CFBD_API_KEY must be the key CollegeFootballData sent you' })
  CFBD_API_KEY?: string;

  @IsOptional() @Matches(/^https?:\/\/[^\s]+$/, { message: 'CFBD_BASE_URL must be an http(s) URL' })
  CFBD_BASE_URL?: string;

  @IsOptional() @Matches(/^https?:\/\/[^\s]+$/, { message: 'SCOREBOARD_BASE_URL must be an http(s) URL' })
  SCOREBOARD_BASE_URL?: string;

  @IsOptional() @Matches(DURATION, { message: `PROVIDER_TIMEOUT ${DURATION_MESSAGE}` })
  PROVIDER_TIMEOUT?: string;

  @IsOptional() @IsString() @MinLength(1)
  LINE_PROVIDER?: string;

  @IsOptional() @IsIn(SCORE_PROVIDERS, { message: `SCORE_SYNC_PROVIDER must be one of ${SCORE_PROVIDERS.join(', ')}` })
  SCORE_SYNC_PROVIDER?: ScoreProviderName;

  @IsOptional() @Matches(DURATION, { message: `SCORE_SYNC_INTERVAL ${DURATION_MESSAGE}` })
  SCORE_SYNC_INTERVAL?: string;

  @IsOptional() @Matches(DURATION, { message: `SCORE_SYNC_FLAG_AFTER ${DURATION_MESSAGE}` })
  SCORE_SYNC_FLAG_AFTER?: string;

  @IsOptional() @Matches(/^[A-Za-z0-9_-]{87}$/, { message: 'VAPID_PUBLIC_KEY must be an uncompressed P-256 public key in base64url (87 characters), as web-push generate-vapid-keys prints it' })
  VAPID_PUBLIC_KEY?: string;

  @IsOptional() @Matches(/^[A-Za-z0-9_-]{43}$/, { message: 'VAPID_PRIVATE_KEY must be a P-256 private key in base64url (43 characters), as web-push generate-vapid-keys prints it' })
  VAPID_PRIVATE_KEY?: string;

  @IsOptional() @Matches(/^(https:\/\/[^\s]+|mailto:[^\s@]+@[^\s@]+)$/, { message: 'VAPID_SUBJECT must be an https: URL or a mailto: address' })
  VAPID_SUBJECT?: string;

  @IsOptional() @Matches(/^\s*https?:\/\/[^\s,]+(\s*,\s*https?:\/\/[^\s,]+)*\s*$/, {
    message: 'PUSH_ENDPOINT_ALLOW must be comma-separated http(s) URL prefixes such as https://push.example.com/',
  })
  PUSH_ENDPOINT_ALLOW?: string;

  @IsOptional() @Matches(DURATION, { message: `PUSH_TIMEOUT ${DURATION_MESSAGE}` })
  PUSH_TIMEOUT?: string;

  @IsOptional() @IsInt() @Min(1) @Max(200)
  PUSH_CONCURRENCY?: number;
}

const INTEGER_VARIABLES = ['PORT', 'BCRYPT_ROUNDS', 'LOGIN_MAX_FAILURES', 'MAIL_CONCURRENCY', 'MAIL_MAX_ATTEMPTS', 'BACKUP_KEEP', 'BACKUP_HOUR', 'PUSH_CONCURRENCY'] as const;

/** The hours, largest first, without repeats: "24,2" -> [24, 2]. */
function reminderHours(value: string): number[] {
  return [...new Set(value.split(',').map((hours) => Number(hours.trim())))].sort((a, b) => b - a);
}

function durationMs(value: string): number {
  // A bare number means seconds, as jsonwebtoken reads it.
  return /^\d+$/.test(value) ? Number(value) * 1000 : ms(value.replace(/\s+/g, '') as StringValue);
}

const TRUST_PROXY_MESSAGE =
  'TRUST_PROXY must be false, true, a number of proxy hops such as 1, or proxy addresses and CIDR ranges such as 10.0.0.1,172.16.0.0/12';

/** Fastify's trustProxy from TRUST_PROXY, or null when the value is none of its forms. */
export function trustProxyOf(value: string | undefined): boolean | number | string[] | null {
  const text = (value ?? 'false').trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text) === 0 ? false : Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  return entries.every(isAddressOrRange) ? entries : null;
}

function isAddressOrRange(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

function durationSeconds(value: string): number {
  return Math.round(durationMs(value) / 1000);
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** In development the JWT secret is generated once and kept beside the data, so sessions survive restarts. */
function developmentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The file in DATA_DIR that keeps the generated VAPID keys. */
export const VAPID_KEYS_FILE = 'vapid-keys.json';

/**
 * VAPID keys generated once into DATA_DIR and kept, in production too: a browser's subscription is bound to the
 * public key it was made with, so new keys would silence every device. Written to a temporary file and linked into
 * place, so instances starting together on one DATA_DIR all end up with the keys of whichever linked first.
 */
function dataDirVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = join(dataDir, VAPID_KEYS_FILE);
  if (!existsSync(file)) {
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(temporary, JSON.stringify(generateVAPIDKeys()), { mode: 0o600 });
    try {
      linkSync(temporary, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(temporary, { force: true });
    }
  }
  const { publicKey, privateKey } = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  return { publicKey, privateKey };
}

function pushConfig(vars: EnvironmentVariables, dataDir: string): PushConfig {
  const fromEnvironment = vars.VAPID_PUBLIC_KEY && vars.VAPID_PRIVATE_KEY;
  const keys = fromEnvironment ? { publicKey: vars.VAPID_PUBLIC_KEY!, privateKey: vars.VAPID_PRIVATE_KEY! } : dataDirVapidKeys(dataDir);
  const appUrl = vars.APP_URL?.replace(/\/+$/, '');
  return {
    vapidPublicKey: keys.publicKey,
    vapidPrivateKey: keys.privateKey,
    // Push services want a way to reach whoever runs the server: the pool's https address, else its admin's e-mail.
    vapidSubject: vars.VAPID_SUBJECT ?? (appUrl?.startsWith('https://') ? appUrl : `mailto:${vars.ADMIN_EMAIL ?? 'admin@example.com'}`),
    vapidSource: fromEnvironment ? 'environment' : 'data-dir',
    endpointAllow: (vars.PUSH_ENDPOINT_ALLOW ?? '').split(',').map((prefix) => prefix.trim()).filter(Boolean),
    timeoutMs: durationMs(vars.PUSH_TIMEOUT ?? '10s'),
    concurrency: vars.PUSH_CONCURRENCY ?? 20,
  };
}

/**
 * Validates the environment and turns it into the typed configuration.
 * Throws a ConfigError listing every problem so the app refuses to start with a clear message.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const raw: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const problems: string[] = [];
  for (const key of INTEGER_VARIABLES) {
    if (raw[key] === undefined) continue;
    const text = String(raw[key]);
    if (!/^\d+$/.test(text)) problems.push(`${key} must be a whole number (got "${text}")`);
    else raw[key] = Number(text);
  }
  const vars = plainToInstance(EnvironmentVariables, raw);
  for (const error of validateSync(vars)) {
    if (INTEGER_VARIABLES.includes(error.property as never) && typeof raw[error.property] !== 'number') continue;
    problems.push(...Object.values(error.constraints ?? {}));
  }
  if (vars.REMINDER_HOURS && REMINDER_HOURS.test(vars.REMINDER_HOURS) && reminderHours(vars.REMINDER_HOURS).some((hours) => hours <= 0 || hours > REMINDER_HOURS_MAX)) {
    problems.push(REMINDER_HOURS_MESSAGE);
  }
  if (Boolean(vars.VAPID_PUBLIC_KEY) !== Boolean(vars.VAPID_PRIVATE_KEY)) {
    problems.push('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither (the keys are then generated into DATA_DIR)');
  }
  for (const key of ['MAIL_TIMEOUT', 'MAIL_POLL_INTERVAL', 'PUSH_TIMEOUT', 'SECURITY_LOG_RETENTION', 'PROVIDER_TIMEOUT', 'SCORE_SYNC_FLAG_AFTER'] as const) {
    if (vars[key] && DURATION.test(vars[key]) && durationMs(vars[key]) <= 0) problems.push(`${key} must be longer than 0`);
  }
  if (vars.TZ_DISPLAY && !isTimeZone(vars.TZ_DISPLAY)) {
    problems.push(`TZ_DISPLAY must be an IANA time zone such as America/New_York (got "${vars.TZ_DISPLAY}")`);
  }
  if (vars.LOGIN_DELAY_MAX && DURATION.test(vars.LOGIN_DELAY_MAX) && (durationMs(vars.LOGIN_DELAY_MAX) < 1000 || durationMs(vars.LOGIN_DELAY_MAX) > 3_600_000)) {
    problems.push('LOGIN_DELAY_MAX must be between 1s and 1h');
  }
  const trustProxy = trustProxyOf(vars.TRUST_PROXY);
  if (trustProxy === null) problems.push(`${TRUST_PROXY_MESSAGE} (got "${vars.TRUST_PROXY}")`);
  const nodeEnv = (vars.NODE_ENV ?? 'development') as AppConfig['nodeEnv'];
  if (nodeEnv === 'production' && !vars.JWT_SECRET) {
    problems.push('JWT_SECRET is required when NODE_ENV=production');
  }
  // Without SMTP_URL every e-mail, with its invitation or reset link, is a file on the server: a choice to make
  // knowingly in production, never a default.
  if (nodeEnv === 'production' && !vars.SMTP_URL && vars.MAIL_OUTBOX !== 'file') {
    problems.push('SMTP_URL is required when NODE_ENV=production (or set MAIL_OUTBOX=file to write every e-mail to DATA_DIR/outbox instead)');
  }
  if (vars.SMTP_URL && vars.MAIL_OUTBOX === 'file') {
    problems.push('Set either SMTP_URL or MAIL_OUTBOX=file, not both');
  }
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }

  const port = vars.PORT ?? 3000;
  const dataDir = resolve(vars.DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true });
  const appName = vars.APP_NAME ?? 'Tailgate Picks';

  const config = new AppConfig();
  Object.assign(config, {
    nodeEnv,
    port,
    dataDir,
    database: vars.DATABASE_URL
      ? { type: 'mysql', url: vars.DATABASE_URL }
      : { type: 'sqlite', path: join(dataDir, 'tailgate-picks.sqlite') },
    jwtSecret: vars.JWT_SECRET ?? developmentSecret(dataDir),
    jwtTtlSeconds: durationSeconds(vars.JWT_TTL ?? '7d'),
    appName,
    appUrl: (vars.APP_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM ?? `"${appName}" <no-reply@localhost>`,
    adminEmail: vars.ADMIN_EMAIL?.trim().toLowerCase(),
    adminPassword: vars.ADMIN_PASSWORD,
    invitationTtlSeconds: durationSeconds(vars.INVITATION_TTL ?? '14d'),
    tzDisplay: vars.TZ_DISPLAY ?? 'America/New_York',
    bcryptRounds: vars.BCRYPT_ROUNDS ?? 12,
    loginMaxFailures: vars.LOGIN_MAX_FAILURES ?? 5,
    loginDelayMaxMs: durationMs(vars.LOGIN_DELAY_MAX ?? '60s'),
    trustProxy: trustProxy ?? false,
    autoCalculateResults: vars.AUTO_CALCULATE_RESULTS !== 'false',
    schedulerEnabled: vars.SCHEDULER_ENABLED !== 'false',
    reminderHours: reminderHours(vars.REMINDER_HOURS ?? '24,2'),
    mailConcurrency: vars.MAIL_CONCURRENCY ?? 5,
    mailTimeoutMs: durationMs(vars.MAIL_TIMEOUT ?? '10s'),
    mailMaxAttempts: vars.MAIL_MAX_ATTEMPTS ?? 5,
    mailRetryDelayMs: durationMs(vars.MAIL_RETRY_DELAY ?? '30s'),
    mailPollIntervalMs: durationMs(vars.MAIL_POLL_INTERVAL ?? '5s'),
    mailSendWaitMs: durationMs(vars.MAIL_SEND_WAIT ?? '5s'),
    frontendDir: resolve(__dirname, '..', '..', 'frontend', 'dist'),
    // A production server publishes no map of its API unless asked to.
    apiDocs: vars.API_DOCS ?? (nodeEnv === 'production' ? 'off' : 'public'),
    securityLogRetentionMs: durationMs(vars.SECURITY_LOG_RETENTION ?? '180d'),
    backupDir: resolve(vars.BACKUP_DIR ?? join(dataDir, 'backups')),
    backupKeep: vars.BACKUP_KEEP ?? 7,
    backupHour: vars.BACKUP_HOUR ?? 3,
    providers: {
      cfbdApiKey: vars.CFBD_API_KEY ?? null,
      cfbdBaseUrl: (vars.CFBD_BASE_URL ?? 'https://api.collegefootballdata.com').replace(/\/+$/, ''),
      scoreboardBaseUrl: (vars.SCOREBOARD_BASE_URL ?? 'https://ncaa-api.henrygd.me').replace(/\/+$/, ''),
      timeoutMs: durationMs(vars.PROVIDER_TIMEOUT ?? '10s'),
      lineProvider: vars.LINE_PROVIDER ?? 'consensus',
      // The keyless scoreboard by default: a sync every few minutes all Saturday would spend CFBD's free tier.
      scoreSyncProvider: vars.SCORE_SYNC_PROVIDER ?? 'scoreboard',
      scoreSyncIntervalMs: durationMs(vars.SCORE_SYNC_INTERVAL ?? '5m'),
      scoreSyncFlagAfterMs: durationMs(vars.SCORE_SYNC_FLAG_AFTER ?? '8h'),
    },
    push: pushConfig(vars, dataDir),
  } satisfies AppConfig);
  return config;
}
