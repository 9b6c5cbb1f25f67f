import { duration, email, integer, oneOf, text, trustProxy } from './parsers';
import { settingGroup } from './setting';

/** Sessions, the first admin, invitations, passwords and the security log. */
export const ACCOUNT_SETTINGS = settingGroup(
  { title: 'Accounts and sign-in' },
  {
    JWT_SECRET: {
      description: 'signs session tokens, at least 32 characters; required when `NODE_ENV=production`',
      parse: text(32, 'JWT_SECRET must be at least 32 characters long'),
      defaultText: 'generated into `DATA_DIR`',
      secret: true,
    },
    SESSION_TTL: {
      description: "how long a member's session lasts when \"Stay signed in\" is unchecked, from sign-in, used or not (seconds, or `90m`, `12h`, `7d`, …)",
      parse: duration({ positive: true }),
      defaultText: '`JWT_TTL` when set, else `12h`',
    },
    JWT_TTL: {
      description: 'the older name of `SESSION_TTL`, read when `SESSION_TTL` is unset',
      parse: duration({ positive: true }),
    },
    SESSION_REMEMBER_IDLE: {
      description: 'a member who checks "Stay signed in" stays signed in until this long passes without using the app; each use extends it',
      parse: duration({ min: 60_000, max: 365 * 24 * 3_600_000, rangeMessage: 'SESSION_REMEMBER_IDLE must be between 1m and 365d' }),
      default: '30d',
    },
    SESSION_REMEMBER_MAX: {
      description: 'the longest a "Stay signed in" session lasts from sign-in however much it is used; then the password is asked again',
      parse: duration({ min: 60_000, max: 5 * 365 * 24 * 3_600_000, rangeMessage: 'SESSION_REMEMBER_MAX must be between 1m and 1825d' }),
      default: '365d',
    },
    ADMIN_SESSION_TTL: {
      description: "the longest an admin's session lasts from sign-in, used or not (at most `12h`)",
      parse: duration({ min: 60_000, max: 12 * 3_600_000, rangeMessage: 'ADMIN_SESSION_TTL must be between 1m and 12h' }),
      default: '12h',
    },
    ADMIN_SESSION_IDLE: {
      description: "an admin's session ends after this long unused (at most `30m`)",
      parse: duration({ min: 60_000, max: 30 * 60_000, rangeMessage: 'ADMIN_SESSION_IDLE must be between 1m and 30m' }),
      default: '30m',
    },
    ADMIN_EMAIL: {
      description: 'the first admin, created on start when the database has no admin',
      parse: email('ADMIN_EMAIL must be an e-mail address'),
      defaultText: '`admin@example.com`',
    },
    ADMIN_PASSWORD: {
      description: "the first admin's password (12–128 characters, not a common password; checked when the admin is created, so an existing admin's older one still starts the app); without it a one-time link to choose the password (valid 24 h) is printed once",
      parse: text(6, 'ADMIN_PASSWORD must be at least 6 characters long'),
      defaultText: 'a setup link',
      secret: true,
    },
    ADMIN_SECOND_FACTOR: {
      description: "whether every admin must have a second factor (an authenticator app's codes or a passkey): `required`, or `optional` only for a trial install or an automated test that says so (a warning is logged at every start)",
      parse: oneOf(['required', 'optional'], 'ADMIN_SECOND_FACTOR must be required or optional'),
      default: 'required',
    },
    INVITATION_TTL: {
      description: 'how long an invitation link works',
      parse: duration(),
      default: '14d',
    },
    BCRYPT_ROUNDS: {
      description: "password hashing cost: bcrypt's rounds (4–15)",
      parse: integer(4, 15),
      default: '12',
    },
    LOGIN_MAX_FAILURES: {
      description: 'failed logins allowed per e-mail and address before logins from there answer 429 for 15 minutes (an address gets 20 times as many across all e-mails); past it, each further attempt on the account from anywhere else waits a delay that starts at 1 s and doubles, up to `LOGIN_DELAY_MAX`. Also the current passwords an account may try on a password change in 15 minutes before 429 for 15 minutes',
      parse: integer(1, 1000),
      default: '5',
    },
    LOGIN_DELAY_MAX: {
      description: 'the longest delay between login attempts on an account past `LOGIN_MAX_FAILURES` (seconds, or `30s`, `2m`; between 1s and 1h)',
      parse: duration({ min: 1000, max: 3_600_000, rangeMessage: 'LOGIN_DELAY_MAX must be between 1s and 1h' }),
      default: '60s',
    },
    TRUST_PROXY: {
      description: "which proxies in front of the app are believed about the client's address (`X-Forwarded-For`), for the throttles and the security log: `false` (the header is ignored), `true` (any), a number of proxy hops such as `1`, or the proxies' addresses and CIDR ranges, comma-separated (`10.0.0.1,172.16.0.0/12`). Set it behind a TLS proxy, or every client counts as the proxy's address",
      parse: trustProxy,
      default: 'false',
    },
    SECURITY_LOG_RETENTION: {
      description: 'security log entries (logins, failures, role changes, deletions, overrides, …) older than this are deleted by a daily job (`30d`, `1y`, …)',
      parse: duration({ positive: true }),
      default: '180d',
    },
  },
);
