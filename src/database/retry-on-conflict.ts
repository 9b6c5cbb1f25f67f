import { isDeadlock, isUniqueViolation } from './driver-errors';

export const isRetryableConflict = (error: unknown): boolean => isUniqueViolation(error) || isDeadlock(error);

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
