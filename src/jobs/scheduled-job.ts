import type { DeliveryTally } from '../notifications/notification-sender.service';
import type { DueRun } from './schedule';

/** A job the scheduler checks every minute: what is due now, how to run it, and when it is next due. */
export interface ScheduledJob {
  readonly name: string;
  readonly description: string;
  /** When it runs, in words (GET /api/jobs). */
  readonly schedule: string;
  /** The runs due at `now`; `superseded` are due as well but overtaken by a later run (recorded as skipped). */
  due(now: Date): Promise<{ runs: DueRun[]; superseded: DueRun[] }>;
  execute(run: DueRun): Promise<DeliveryTally>;
  /** The runs not yet done, soonest first (due ones first of all). */
  upcoming(now: Date, claimed: (weekIds: number[]) => Promise<Set<string>>): Promise<DueRun[]>;
}
