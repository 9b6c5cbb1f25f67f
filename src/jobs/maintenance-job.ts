/** A daily upkeep job: due once per UTC day (from some hour on), run by the one instance that claims the day. */
export interface MaintenanceJob {
  readonly name: string;
  readonly description: string;
  /** When it runs, in words. */
  readonly schedule: string;
  /** The slot due at `now` (its UTC day, "2026-11-25"), or null when nothing is due (not yet the hour, or turned off). */
  dueSlot(now: Date): string | null;
  /** Does the work; answers what it did, in words, for the run's row and the log. */
  run(now: Date): Promise<string>;
}

/** The UTC day of a moment, as maintenance runs name their slots. */
export const utcDay = (now: Date): string => now.toISOString().slice(0, 10);
