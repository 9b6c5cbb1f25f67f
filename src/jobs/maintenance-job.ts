/**
 * An upkeep job: due once per slot (a UTC day for the daily ones, an interval's start for the score sync), run by the
 * one instance that claims the slot.
 */
export interface MaintenanceJob {
  readonly name: string;
  readonly description: string;
  /** When it runs, in words. */
  readonly schedule: string;
  /**
   * The slot due at `now` (its UTC day, "2026-11-25"), or null when nothing is due (not yet the hour, turned off, no
   * game under way). May read the database.
   */
  dueSlot(now: Date): string | null | Promise<string | null>;
  /** How many times a slot is tried in all (a failed run is taken again on the next checks); JOB_MAX_ATTEMPTS by default. */
  readonly maxAttempts?: number;
  /** Does the work; answers what it did, in words, for the run's row and the log. */
  run(now: Date): Promise<string>;
}

/** The UTC day of a moment, as maintenance runs name their slots. */
export const utcDay = (now: Date): string => now.toISOString().slice(0, 10);
