import { ApiProperty } from '@nestjs/swagger';
import type { JobRun, JobRunStatus } from '../entities/job-run.entity';
import type { DueRun } from '../schedule';

export class JobRunDto {
  id!: number;
  week_id!: number;
  week_number!: number | null;
  slot!: string;
  status!: JobRunStatus;
  attempts!: number;
  instance!: string;
  due_at!: Date;
  started_at!: Date;
  finished_at!: Date | null;
  sent_count!: number;
  failed_count!: number;
  message!: string | null;

  static from(run: JobRun): JobRunDto {
    return {
      id: run.id,
      week_id: run.week_id,
      week_number: run.week?.number ?? null,
      slot: run.slot,
      status: run.status,
      attempts: run.attempts,
      instance: run.instance,
      due_at: run.due_at,
      started_at: run.started_at,
      finished_at: run.finished_at,
      sent_count: run.sent_count,
      failed_count: run.failed_count,
      message: run.message,
    };
  }
}

export class NextRunDto {
  week_id!: number;
  slot!: string;
  /** When it is due; at the next check when that is already past. */
  @ApiProperty({ description: 'When the run is due; the next check when that is already past.' })
  at!: Date;

  static from(run: DueRun, nextCheck: Date): NextRunDto {
    return { week_id: run.weekId, slot: run.slot, at: run.dueAt < nextCheck ? nextCheck : run.dueAt };
  }
}

/** GET /api/jobs: each job's last run, outcome and next run. */
export class JobStatusDto {
  name!: string;
  description!: string;
  schedule!: string;
  /** Whether this instance runs scheduled jobs (SCHEDULER_ENABLED). */
  @ApiProperty({ description: 'Whether this server runs scheduled jobs.' })
  enabled!: boolean;
  last_run!: JobRunDto | null;
  next_run!: NextRunDto | null;
}
