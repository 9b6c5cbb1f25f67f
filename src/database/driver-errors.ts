import { QueryFailedError } from 'typeorm';

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
