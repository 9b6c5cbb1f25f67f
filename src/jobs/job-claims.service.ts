import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, FindOptionsSelect, FindOptionsWhere, In, Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { claimRow, instanceName } from '../database/row-claim';
import type { DeliveryTally } from '../notifications/notification-sender.service';
import { JobRun, type JobRunStatus } from './entities/job-run.entity';
import type { DueRun } from './schedule';

/** No other instance takes a running job over before this; a run lasting longer is taken for dead. */
export const JOB_LEASE_MS = 10 * 60 * 1000;
/** A run whose e-mails partly failed is tried again on the next checks, this many times in all. */
export const JOB_MAX_ATTEMPTS = 3;
const MESSAGE_MAX_LENGTH = 500;

/** What a run's row looks like to its claim: job runs and the daily upkeep runs alike. */
interface LeasedRun {
  id: number;
  status: JobRunStatus;
  attempts: number;
  instance: string;
  started_at: Date;
  lease_expires_at: Date;
  finished_at: Date | null;
}

const CLAIMABLE = new Brackets((qb) =>
  qb
    .where("status = 'running' AND attempts = 0")
    .orWhere("status = 'failed' AND attempts < :max")
    .orWhere("status = 'running' AND lease_expires_at < :now AND attempts < :max"),
);

/**
 * Claims the run named by `key` for `instance`: its row is inserted unless it exists (unclaimed: 0 attempts), then
 * taken by a conditional update that exactly one instance can win: a new row, a failed run with attempts left, or a
 * running one whose lease expired. The run's id when this instance got it, else null.
 */
export async function claimLeasedRun<T extends LeasedRun>(
  runs: Repository<T>,
  key: FindOptionsWhere<T> & QueryDeepPartialEntity<T>,
  values: QueryDeepPartialEntity<T>,
  instance: string,
  now: Date,
  maxAttempts = JOB_MAX_ATTEMPTS,
): Promise<number | null> {
  const lease_expires_at = new Date(now.getTime() + JOB_LEASE_MS);
  await runs
    .createQueryBuilder()
    .insert()
    .orIgnore()
    // Nothing is read back: an ignored insert has no id, and TypeORM would fail looking for one on SQLite.
    .updateEntity(false)
    .values({ ...key, ...values, status: 'running', attempts: 0, instance, started_at: now, lease_expires_at } as QueryDeepPartialEntity<T>)
    .execute();
  const taken = await claimRow(runs, key, CLAIMABLE, { now, max: maxAttempts }, {
    status: 'running',
    attempts: () => 'attempts + 1',
    instance,
    started_at: now,
    lease_expires_at,
    finished_at: null,
  } as QueryDeepPartialEntity<T>);
  if (!taken) return null;
  return (await runs.findOneOrFail({ where: key, select: { id: true } as FindOptionsSelect<T> })).id;
}

/**
 * The database is the referee between app instances: each job run has one unique row (job, week, slot), and an
 * instance runs it only when its conditional update of that row wins. The others see it taken and leave it. A
 * failed run (with attempts left), or one whose lease expired (its instance died), may be taken over the same way.
 */
@Injectable()
export class JobClaimsService {
  /** This app instance, as job runs record it. */
  readonly instance = instanceName();

  constructor(
    @InjectRepository(JobRun) private readonly runs: Repository<JobRun>,
  ) {}

  /**
   * The run's id when this instance got it, else null. The row is inserted unless it exists (unclaimed: 0
   * attempts), then taken by a conditional update that exactly one instance can win: a new row, a failed run with
   * attempts left, or a running one whose lease expired.
   */
  async claim(job: string, run: DueRun, now: Date): Promise<number | null> {
    return claimLeasedRun(this.runs, { job, week_id: run.weekId, slot: run.slot }, { due_at: run.dueAt }, this.instance, now);
  }

  /** Records a run that is not needed because a later slot overtook it (once; an existing run stays as it is). */
  async skip(job: string, run: DueRun, reason: string, now: Date): Promise<void> {
    await this.runs
      .createQueryBuilder()
      .insert()
      .orIgnore()
      // Nothing is read back: an ignored insert has no id, and TypeORM would fail looking for one on SQLite.
      .updateEntity(false)
      .values({ job, week_id: run.weekId, slot: run.slot, status: 'skipped', attempts: 0, instance: this.instance, due_at: run.dueAt, started_at: now, lease_expires_at: now, finished_at: now, message: reason })
      .execute();
  }

  /** Succeeded once its e-mails are queued (the outbox delivers and retries each of them). */
  async finish(id: number, tally: DeliveryTally, now: Date): Promise<void> {
    const message = `${tally.queued_count} queued, ${tally.skipped_count} already sent or on their way`;
    await this.runs
      .createQueryBuilder()
      .update()
      .set({
        status: 'succeeded',
        finished_at: now,
        sent_count: () => `sent_count + ${Math.trunc(tally.sent_count)}`,
        failed_count: tally.failed_count,
        message,
      })
      .where({ id })
      .execute();
  }

  async fail(id: number, error: Error, now: Date): Promise<void> {
    await this.runs.update(id, { status: 'failed', finished_at: now, message: `Error: ${error.message}`.slice(0, MESSAGE_MAX_LENGTH) });
  }

  /** The job's latest run that did something (skipped slots left out), with its week. */
  lastRun(job: string): Promise<JobRun | null> {
    return this.runs.findOne({
      where: { job, status: In(['running', 'succeeded', 'failed']) },
      relations: { week: true },
      order: { started_at: 'DESC', id: 'DESC' },
    });
  }

  /** The slots of these weeks that have a run already (any status). */
  async claimedSlots(job: string, weekIds: number[]): Promise<Set<string>> {
    if (weekIds.length === 0) return new Set();
    const rows = await this.runs.find({ where: { job, week_id: In(weekIds) }, select: { week_id: true, slot: true } });
    return new Set(rows.map((row) => `${row.week_id}:${row.slot}`));
  }
}
