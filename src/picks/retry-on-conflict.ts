import { QueryFailedError } from 'typeorm';

/** Duplicate-key codes of SQLite and MySQL/MariaDB. */
const UNIQUE_VIOLATIONS = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'ER_DUP_ENTRY']);
/** MariaDB may pick a loser among transactions racing for the same key; running it again is the cure. */
const DEADLOCKS = new Set(['ER_LOCK_DEADLOCK']);

export const isRetryableConflict = (error: unknown): boolean => {
  if (!(error instanceof QueryFailedError)) return false;
  const code = (error.driverError as { code?: string } | undefined)?.code ?? '';
  return UNIQUE_VIOLATIONS.has(code) || DEADLOCKS.has(code);
};

/**
 * Runs a read-then-write unit again when a concurrent request won the race for a unique key (or a deadlock
 * chose it as the loser): the next run finds the winner's row and updates it instead of inserting.
 */
export async function retryOnConflict<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isRetryableConflict(error)) throw error;
    }
  }
}
