import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, Repository } from 'typeorm';
import { claimRow } from '../database/row-claim';
import { MaintenanceRun } from './entities/maintenance-run.entity';
import { JOB_LEASE_MS, JOB_MAX_ATTEMPTS, JobClaims } from './job-claims.service';

const MESSAGE_MAX_LENGTH = 500;

/** What the claim's conditional update checks, for a row already read. */
function mayClaim(run: Pick<MaintenanceRun, 'status' | 'attempts' | 'lease_expires_at'>, now: Date): boolean {
  if (run.status === 'running' && run.attempts === 0) return true;
  if (run.attempts >= JOB_MAX_ATTEMPTS) return false;
  return run.status === 'failed' || (run.status === 'running' && run.lease_expires_at.getTime() < now.getTime());
}

/**
 * Claims of the daily upkeep jobs, made the way week jobs are claimed (JobClaims): the run's row is inserted unless
 * it exists, then taken by a conditional update that exactly one instance wins.
 */
@Injectable()
export class MaintenanceClaims {
  constructor(
    @InjectRepository(MaintenanceRun) private readonly runs: Repository<MaintenanceRun>,
    private readonly jobClaims: JobClaims,
  ) {}

  /** The run's id when this instance got it, else null (another instance has it, or it is done). */
  async claim(job: string, slot: string, now: Date): Promise<number | null> {
    // Checked every minute all day long: a day already done (or being done) is seen with one read, not a write.
    const existing = await this.runs.findOne({ where: { job, slot }, select: { id: true, status: true, attempts: true, lease_expires_at: true } });
    if (existing && !mayClaim(existing, now)) return null;
    const instance = this.jobClaims.instance;
    const lease_expires_at = new Date(now.getTime() + JOB_LEASE_MS);
    await this.runs
      .createQueryBuilder()
      .insert()
      .orIgnore()
      .updateEntity(false)
      .values({ job, slot, status: 'running', attempts: 0, instance, started_at: now, lease_expires_at })
      .execute();
    const claimable = new Brackets((qb) =>
      qb
        .where("status = 'running' AND attempts = 0")
        .orWhere("status = 'failed' AND attempts < :max")
        .orWhere("status = 'running' AND lease_expires_at < :now AND attempts < :max"),
    );
    const taken = await claimRow(this.runs, { job, slot }, claimable, { now, max: JOB_MAX_ATTEMPTS }, {
      status: 'running',
      attempts: () => 'attempts + 1',
      instance,
      started_at: now,
      lease_expires_at,
      finished_at: null,
    });
    if (!taken) return null;
    return (await this.runs.findOneOrFail({ where: { job, slot }, select: { id: true } })).id;
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
