import { QueryFailedError } from 'typeorm';
import { DatabaseUnavailableError } from './database-unavailable.error';

/** Duplicate-key codes of SQLite and MySQL/MariaDB. */
const UNIQUE_VIOLATIONS = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY', 'ER_DUP_ENTRY']);
/** Foreign-key codes: a referenced record is missing, or a record is still referenced. */
const FOREIGN_KEY_VIOLATIONS = new Set(['SQLITE_CONSTRAINT_FOREIGNKEY', 'ER_NO_REFERENCED_ROW_2', 'ER_ROW_IS_REFERENCED_2']);
/** MariaDB may pick a loser among transactions racing for the same key. */
const DEADLOCKS = new Set(['ER_LOCK_DEADLOCK']);

/** The driver's code of a failed query ('' for any other error). */
const codeOf = (error: unknown): string =>
  error instanceof QueryFailedError ? ((error.driverError as { code?: string } | undefined)?.code ?? '') : '';

export const isUniqueViolation = (error: unknown): boolean => UNIQUE_VIOLATIONS.has(codeOf(error));
export const isForeignKeyViolation = (error: unknown): boolean => FOREIGN_KEY_VIOLATIONS.has(codeOf(error));
export const isDeadlock = (error: unknown): boolean => DEADLOCKS.has(codeOf(error));

/** Codes that mean the database server could not be reached, or stopped answering on a connection. */
const CONNECTION_FAILURES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
]);

/** Whether a driver's error (its `code`) says the server is not there, or not answering: worth trying again. */
export const isConnectionFailure = (error: unknown): boolean => CONNECTION_FAILURES.has(String((error as { code?: unknown } | null)?.code ?? ''));

/**
 * Besides a connection failure, codes that mean the database did not answer in time, as opposed to a fault of
 * the request: a lock waited on past its limit, a pool already closed, or SQLite locked by another process past
 * its busy timeout.
 */
const UNAVAILABLE = new Set(['ER_LOCK_WAIT_TIMEOUT', 'ER_QUERY_INTERRUPTED', 'POOL_CLOSED', 'SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_IOERR', 'SQLITE_CANTOPEN']);
/** Messages of TypeORM and mysql2 for a connection that is gone (they carry no code). */
const UNAVAILABLE_MESSAGE = /connection is in closed state|Pool is closed|Connection lost|Driver not Connected|Connection .* is not established/i;

/** Whether an error says the database is unavailable (503), rather than that the request or the code is wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  const driverError = (error instanceof QueryFailedError ? error.driverError : error) as { code?: string; fatal?: boolean; message?: string } | null;
  if (!driverError || typeof driverError !== 'object') return false;
  const code = driverError.code ?? '';
  return isConnectionFailure(driverError) || UNAVAILABLE.has(code) || code.startsWith('SQLITE_IOERR') || driverError.fatal === true || UNAVAILABLE_MESSAGE.test(driverError.message ?? '');
}
