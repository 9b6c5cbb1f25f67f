import { DataSource, QueryFailedError, QueryRunner } from 'typeorm';
import { DatabaseUnavailableError } from './database-unavailable.error';

/**
 * How long the app waits on MySQL/MariaDB before it answers 503: a request never hangs on a database that is
 * frozen, unreachable or restarting. A request waits at most for a connection and then for one statement, so
 * ACQUIRE + QUERY stays under the 5 s a client is promised.
 */
export const DATABASE_LIMITS = {
  /** Opening a TCP connection and the server's greeting. */
  connectMs: 2000,
  /** Waiting for a free connection of the pool (including opening one). */
  acquireMs: 1500,
  /** One statement; on timeout its connection is destroyed, so the rollback after it fails at once. */
  queryMs: 3000,
  poolSize: 10,
  /** SQLite: how long a statement waits for another process's lock (it blocks the event loop meanwhile). */
  sqliteBusyMs: 2000,
} as const;

const unavailable = () => new DatabaseUnavailableError('The database is not responding; please try again in a moment.');

/** The driver of a MySQL/MariaDB DataSource, as far as the limits below need it. */
interface PoolDriver {
  obtainMasterConnection(): Promise<unknown>;
  createQueryRunner(mode: 'master' | 'slave'): QueryRunner;
}

/**
 * MySQL/MariaDB: a deadline on getting a connection from the pool (mysql2's own queue waits without end), and a
 * statement that timed out destroys its connection (mysql2 would otherwise queue the ROLLBACK behind the hung
 * statement and hand the stuck connection to the next request).
 */
export function limitMysqlWaits(dataSource: DataSource): void {
  if (dataSource.options.type !== 'mysql' && dataSource.options.type !== 'mariadb') return;
  const driver = dataSource.driver as unknown as PoolDriver;
  const obtain = driver.obtainMasterConnection.bind(driver);
  driver.obtainMasterConnection = () =>
    new Promise((resolve, reject) => {
      let late = false;
      const timer = setTimeout(() => {
        late = true;
        reject(unavailable());
      }, DATABASE_LIMITS.acquireMs);
      obtain().then(
        (connection) => {
          clearTimeout(timer);
          if (late) (connection as { release(): void }).release();
          else resolve(connection);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
  const create = driver.createQueryRunner.bind(driver);
  driver.createQueryRunner = (mode) => {
    const runner = create(mode);
    const query = runner.query.bind(runner) as (...args: unknown[]) => Promise<unknown>;
    runner.query = (async (...args: unknown[]) => {
      try {
        return await query(...args);
      } catch (error) {
        if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === 'PROTOCOL_SEQUENCE_TIMEOUT') {
          (runner as unknown as { databaseConnection?: { destroy(): void } }).databaseConnection?.destroy();
        }
        throw error;
      }
    }) as QueryRunner['query'];
    return runner;
  };
}
