import { createConnection } from 'mysql2/promise';
import { readSetting } from '../config/settings/settings';
import { countOf, seconds } from '../common/count-of';
import { mysqlUrl } from '../database/mysql-url';
import { isConnectionFailure } from '../database/driver-errors';

/** The first pause between two attempts; each following pause doubles, up to MAX_DELAY_MS. */
export const FIRST_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 10_000;
/** One attempt never waits longer than this for the server's greeting or its answer to SELECT 1. */
export const ATTEMPT_TIMEOUT_MS = 5_000;

/** The driver's code of an error, for the log (its message when it has none). */
const codeOf = (error: unknown): string => {
  const { code } = (error ?? {}) as { code?: unknown };
  return typeof code === 'string' && code ? code : error instanceof Error ? error.message : String(error);
};

/** The server a start waits for: where it is (for the log, never with the password) and one attempt to reach it. */
export interface DatabaseTarget {
  /** host:port */
  address: string;
  /** Resolves when the server answers; rejects with the driver's error (its `code` says why). */
  probe(timeoutMs: number): Promise<void>;
}

export interface WaitOptions {
  timeoutMs: number;
  log: (message: string) => void;
  firstDelayMs?: number;
  maxDelayMs?: number;
  attemptTimeoutMs?: number;
  /** Injected by the tests. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** Thrown when the server never came within the startup timeout, or refused us for a reason waiting won't fix. */
export class DatabaseStartupError extends Error {}

const realSleep = (millis: number) => new Promise<void>((resolve) => setTimeout(resolve, millis));

/**
 * Tries the database until it answers: after each failed attempt one log line says why and when the next attempt
 * comes, the pauses growing exponentially (1 s, 2 s, 4 s, 8 s, then every 10 s). Gives up with a DatabaseStartupError
 * once the next attempt would start after `timeoutMs`, or at once when the server refuses us for a reason other
 * than not being reachable (that is a configuration error).
 *
 * This is the only retry loop of a start: once it succeeded the app connects at once.
 */
export async function waitForDatabase(target: DatabaseTarget, options: WaitOptions): Promise<number> {
  const sleep = options.sleep ?? realSleep;
  const now = options.now ?? Date.now;
  const firstDelay = options.firstDelayMs ?? FIRST_DELAY_MS;
  const maxDelay = options.maxDelayMs ?? MAX_DELAY_MS;
  const attemptTimeout = options.attemptTimeoutMs ?? ATTEMPT_TIMEOUT_MS;
  const started = now();
  const deadline = started + options.timeoutMs;
  for (let attempt = 1; ; attempt++) {
    try {
      // The last attempt still gets a fair second to answer, so the total may pass the deadline by that much.
      await target.probe(Math.min(attemptTimeout, Math.max(deadline - now(), 1000)));
      return attempt;
    } catch (error) {
      const code = codeOf(error);
      // Not being reachable is worth another attempt; anything else (wrong password, unknown database, a malformed
      // URL) is a configuration error that no amount of waiting fixes.
      if (!isConnectionFailure(error)) {
        throw new DatabaseStartupError(`Database at ${target.address} refused the connection (${code}): ${(error as Error)?.message ?? error}`);
      }
      const left = deadline - now();
      if (left <= 0) {
        throw new DatabaseStartupError(
          `Database at ${target.address} still not reachable (${code}) after ${seconds(now() - started)} and ${countOf(attempt, 'attempt')}; ` +
            'giving up. Check DATABASE_URL and that the server is running, or raise DATABASE_STARTUP_TIMEOUT.',
        );
      }
      const delay = Math.min(firstDelay * 2 ** (attempt - 1), maxDelay, left);
      options.log(`Database at ${target.address} not reachable (${code}); retrying in ${seconds(delay)} (attempt ${attempt})`);
      await sleep(delay);
    }
  }
}

const MYSQL_DEFAULT_PORT = 3306;

/** The MySQL/MariaDB server of a DATABASE_URL (mysql:// or mariadb://). */
export function mysqlTarget(databaseUrl: string): DatabaseTarget {
  const url = new URL(databaseUrl);
  const uri = mysqlUrl(url);
  return {
    address: `${url.hostname}:${url.port || MYSQL_DEFAULT_PORT}`,
    async probe(timeoutMs: number) {
      const connection = await createConnection({ uri, connectTimeout: timeoutMs });
      try {
        await connection.query({ sql: 'SELECT 1', timeout: timeoutMs });
      } finally {
        connection.destroy();
      }
    },
  };
}

/**
 * DATABASE_STARTUP_TIMEOUT (src/config/settings/server.ts): how long a start waits for the MySQL/MariaDB server to
 * become reachable, in ms. Throws a ConfigError naming the variable when malformed.
 */
export function startupTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  return readSetting('DATABASE_STARTUP_TIMEOUT', env);
}
