import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import { JobRunDto, JobStatusDto, NextRunDto } from './dto/job-status.dto';
import { JobClaimsService } from './job-claims.service';
import { JobRunnerService } from './job-runner.service';
import { JobSchedulerService } from './job-scheduler.service';

/** What GET /api/jobs shows: each job's last run, its outcome and its next run. */
@Injectable()
export class JobsService {
  constructor(
    private readonly runner: JobRunnerService,
    private readonly claims: JobClaimsService,
    private readonly scheduler: JobSchedulerService,
    private readonly clock: Clock,
  ) {}

  async status(): Promise<JobStatusDto[]> {
    const now = this.clock.now();
    const nextCheck = this.scheduler.nextCheckAt ?? now;
    return Promise.all(
      this.runner.jobs.map(async (job) => {
        const [last, upcoming] = await Promise.all([this.claims.lastRun(job.name), job.upcoming(now, (weekIds) => this.claims.claimedSlots(job.name, weekIds))]);
        return {
          name: job.name,
          description: job.description,
          schedule: job.schedule,
          enabled: this.scheduler.enabled,
          last_run: last ? JobRunDto.from(last) : null,
          next_run: upcoming[0] ? NextRunDto.from(upcoming[0], nextCheck) : null,
        };
      }),
    );
  }
}
