import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { MaintenanceRun } from './entities/maintenance-run.entity';
import { claimLeasedRun, JOB_MAX_ATTEMPTS, JobClaimsService } from './job-claims.service';

const MESSAGE_MAX_LENGTH = 500;

/** What the claim's conditional update checks, for a row already read. */
function mayClaim(run: Pick<MaintenanceRun, 'status' | 'attempts' | 'lease_expires_at'>, now: Date, maxAttempts: number): boolean {
  if (run.status === 'running' && run.attempts === 0) return true;
  if (run.attempts >= maxAttempts) return false;
  return run.status === 'failed' || (run.status === 'running' && run.lease_expires_at.getTime() < now.getTime());
}

/**
 * Claims of the daily upkeep jobs, made the way week jobs are claimed (JobClaimsService): the run's row is inserted unless
 * it exists, then taken by a conditional update that exactly one instance wins.
 */
@Injectable()
export class MaintenanceClaimsService {
  constructor(
    @InjectRepository(MaintenanceRun) private readonly runs: Repository<MaintenanceRun>,
    private readonly jobClaims: JobClaimsService,
  ) {}

  /** The run's id when this instance got it, else null (another instance has it, it is done, or its attempts are spent). */
  async claim(job: string, slot: string, now: Date, maxAttempts = JOB_MAX_ATTEMPTS): Promise<number | null> {
    // Checked every minute all day long: a day already done (or being done) is seen with one read, not a write.
    const existing = await this.runs.findOne({ where: { job, slot }, select: { id: true, status: true, attempts: true, lease_expires_at: true } });
    if (existing && !mayClaim(existing, now, maxAttempts)) return null;
    return claimLeasedRun(this.runs, { job, slot }, {}, this.jobClaims.instance, now, maxAttempts);
  }

  async finish(id: number, message: string, now: Date): Promise<void> {
    await this.runs.update(id, { status: 'succeeded', finished_at: now, message: message.slice(0, MESSAGE_MAX_LENGTH) });
  }

  async fail(id: number, error: Error, now: Date): Promise<void> {
    await this.runs.update(id, { status: 'failed', finished_at: now, message: `Error: ${error.message}`.slice(0, MESSAGE_MAX_LENGTH) });
  }

  /** The job's latest run, for tests and the log. */
  lastRun(job: string): Promise<MaintenanceRun | null> {
    return this.runs.findOne({ where: { job }, order: { started_at: 'DESC', id: 'DESC' } });
  }
}
