import { durationMs, oneOf, integer, matching, path, text, timeZone, url } from './parsers';
import { Parser, Problem, settingGroup } from './setting';

export const API_DOCS_ACCESS = ['public', 'admin', 'off'] as const;
export type ApiDocsAccess = (typeof API_DOCS_ACCESS)[number];

const STARTUP_TIMEOUT = /^\d+\s*(ms|s|m|h)?$/;
const STARTUP_TIMEOUT_MAX_MS = 24 * 3600 * 1000;

/** Seconds, or a duration such as 90s, 2m, at most a day. */
const startupTimeout: Parser<number> = (value, name) => {
  const millis = STARTUP_TIMEOUT.test(value) ? durationMs(value) : NaN;
  return Number.isFinite(millis) && millis <= STARTUP_TIMEOUT_MAX_MS
    ? millis
    : new Problem(`${name} must be a duration such as 60 (seconds), 90s or 2m, at most 24h (got "${value}")`);
};

/** Where the app runs: its mode, port, data and database, its name and address. */
export const SERVER_SETTINGS = settingGroup(
  { title: 'The server' },
  {
    NODE_ENV: {
      description: '`development`, `production` or `test`. `production` requires `JWT_SECRET`, and `SMTP_URL` or `MAIL_OUTBOX=file`; it turns the API docs off unless `API_DOCS` is set',
      parse: oneOf(['development', 'production', 'test']),
      default: 'development',
    },
    PORT: {
      description: 'HTTP port of the API (`/api`) and the web app',
      parse: integer(1, 65535),
      default: '3000',
    },
    DATA_DIR: {
      description: 'where the embedded SQLite database, the development JWT secret, the generated VAPID keys and the mail outbox live',
      parse: path,
      default: './data',
    },
    DATABASE_URL: {
      description: '`mysql://user:password@host:3306/database` (or `mariadb://…`) to use MySQL/MariaDB instead of the embedded SQLite; migrations run on start',
      parse: matching(/^(mysql|mariadb):\/\/[^/]+\/[A-Za-z0-9_$-]+(\?.*)?$/, 'DATABASE_URL must look like mysql://user:password@host:3306/database'),
      defaultText: '(unset: SQLite)',
      secret: true,
    },
    DATABASE_STARTUP_TIMEOUT: {
      description: 'how long a start waits for an unreachable MySQL/MariaDB server (seconds, or `90s`, `2m`; `0` tries once), retrying with growing pauses (1, 2, 4, 8, then 10 s) and a log line per attempt, before it exits with status 1',
      parse: startupTimeout,
      default: '60s',
      trim: true,
    },
    APP_NAME: {
      description: 'shown in the top bar, the welcome heading, every e-mail and the installed app (web app manifest)',
      parse: text(),
      default: 'Tailgate Picks',
    },
    APP_URL: {
      description: 'public address of the app, the base of links in e-mails (https in production: mail apps offer one-click unsubscribe only for https links)',
      parse: url(/^https?:\/\/[^\s]+$/, 'APP_URL must be an http(s) URL such as https://picks.example.com'),
      defaultText: '`http://localhost:$PORT`',
    },
    TZ_DISPLAY: {
      description: "the pool's time zone (IANA name) for dates and kickoff times in e-mails, and of a games CSV file's kickoffs written without a zone",
      parse: timeZone,
      default: 'America/New_York',
    },
    API_DOCS: {
      description: "who gets the API's OpenAPI document: `public` (the Swagger UI at `/api/docs` and the document at `/api/docs-json`, for anyone), `admin` (the document only, for a signed-in admin) or `off`",
      parse: oneOf(API_DOCS_ACCESS, `API_DOCS must be one of ${API_DOCS_ACCESS.join(', ')}`),
      defaultText: '`public`; `off` when `NODE_ENV=production`',
    },
  },
);
