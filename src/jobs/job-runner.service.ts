import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock';
import { DatabaseBackupJob } from './database-backup.job';
import { JobClaimsService } from './job-claims.service';
import { MaintenanceClaimsService } from './maintenance-claims.service';
import type { MaintenanceJob } from './maintenance-job';
import { PickRemindersJob } from './pick-reminders.job';
import { PicksSheetJob } from './picks-sheet.job';
import type { DueRun } from './schedule';
import { ScoreSyncJob } from './score-sync.job';
import type { ScheduledJob } from './scheduled-job';
import { SecurityLogPruneJob } from './security-log-prune.job';

/**
 * Runs whatever is due: for each job, each due run is claimed through the database and run by the instance that
 * got it. Called every minute by the scheduler (and by tests, with the clock where they want it).
 */
@Injectable()
export class JobRunnerService {
  private readonly logger = new Logger(JobRunnerService.name);
  readonly jobs: ScheduledJob[];
  /** The upkeep: daily (security log pruning, the backup) and while games are under way (the score sync). */
  readonly maintenance: MaintenanceJob[];
  private current: Promise<void> | null = null;

  constructor(
    reminders: PickRemindersJob,
    sheet: PicksSheetJob,
    private readonly claims: JobClaimsService,
    private readonly clock: Clock,
    prune: SecurityLogPruneJob,
    backup: DatabaseBackupJob,
    private readonly maintenanceClaims: MaintenanceClaimsService,
    scoreSync: ScoreSyncJob,
  ) {
    this.jobs = [reminders, sheet];
    this.maintenance = [prune, backup, scoreSync];
  }

  /** One check of every job; a check still running when the next is due is not doubled but joined. */
  tick(): Promise<void> {
    this.current ??= this.runAll().finally(() => (this.current = null));
    return this.current;
  }

  /** Resolves once no check is running (at shutdown). */
  async idle(): Promise<void> {
    await this.current;
  }

  private async runAll(): Promise<void> {
    // The daily upkeep first: a week job queues e-mail, and the outbox then writes for a while.
    for (const job of this.maintenance) {
      try {
        await this.runMaintenance(job);
      } catch (error) {
        this.logger.error(`Job ${job.name} could not be checked: ${(error as Error).message}`, (error as Error).stack);
      }
    }
    for (const job of this.jobs) {
      try {
        await this.runJob(job);
      } catch (error) {
        this.logger.error(`Job ${job.name} could not be checked: ${(error as Error).message}`, (error as Error).stack);
      }
    }
  }

  private async runMaintenance(job: MaintenanceJob): Promise<void> {
    const now = this.clock.now();
    const slot = await job.dueSlot(now);
    if (slot === null) return;
    const id = await this.maintenanceClaims.claim(job.name, slot, now, job.maxAttempts);
    if (id === null) return;
    try {
      const message = await job.run(now);
      await this.maintenanceClaims.finish(id, message, this.clock.now());
      this.logger.log(`${job.name} ${slot}: ${message}`);
    } catch (error) {
      this.logger.error(`${job.name} ${slot} failed: ${(error as Error).message}`, (error as Error).stack);
      await this.maintenanceClaims.fail(id, error as Error, this.clock.now());
    }
  }

  private async runJob(job: ScheduledJob): Promise<void> {
    const now = this.clock.now();
    const { runs, superseded } = await job.due(now);
    for (const run of superseded) {
      await this.claims.skip(job.name, run, `Superseded by a later run of week ${run.weekId}`, now);
    }
    for (const run of runs) await this.runOnce(job, run);
  }

  private async runOnce(job: ScheduledJob, run: DueRun): Promise<void> {
    const id = await this.claims.claim(job.name, run, this.clock.now());
    if (id === null) return;
    try {
      const tally = await job.execute(run);
      await this.claims.finish(id, tally, this.clock.now());
      this.logger.log(`${job.name} week ${run.weekId} ${run.slot}: ${tally.queued_count} e-mails queued`);
    } catch (error) {
      this.logger.error(`${job.name} week ${run.weekId} ${run.slot} failed: ${(error as Error).message}`, (error as Error).stack);
      await this.claims.fail(id, error as Error, this.clock.now());
    }
  }
}
