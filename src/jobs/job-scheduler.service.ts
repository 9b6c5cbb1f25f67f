import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { Clock } from '../common/clock';
import { AppConfig } from '../config/app-config';
import { JobRunnerService } from './job-runner.service';

/** Every minute each instance checks what is due; the database makes sure only one runs each run. */
export const JOB_CHECK_INTERVAL_MS = 60 * 1000;
export const JOB_CHECK_NAME = 'jobs-check';

/** Starts the minute-by-minute check with @nestjs/schedule, unless SCHEDULER_ENABLED=false. */
@Injectable()
export class JobSchedulerService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(JobSchedulerService.name);
  /** When this instance last started a check. */
  lastCheckAt: Date | null = null;

  constructor(
    private readonly config: AppConfig,
    private readonly registry: SchedulerRegistry,
    private readonly runner: JobRunnerService,
    private readonly clock: Clock,
  ) {}

  get enabled(): boolean {
    return this.registry.doesExist('interval', JOB_CHECK_NAME);
  }

  /** When this instance checks next (null when its scheduler is off). */
  get nextCheckAt(): Date | null {
    const from = this.lastCheckAt ?? this.startedAt;
    if (!this.enabled || !from) return null;
    return new Date(from.getTime() + JOB_CHECK_INTERVAL_MS);
  }

  private startedAt: Date | null = null;

  onApplicationBootstrap(): void {
    if (!this.config.schedulerEnabled) {
      this.logger.log('Scheduled jobs are off (SCHEDULER_ENABLED=false)');
      return;
    }
    this.startedAt = this.clock.now();
    this.registry.addInterval(JOB_CHECK_NAME, setInterval(() => void this.check(), JOB_CHECK_INTERVAL_MS));
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.enabled) this.registry.deleteInterval(JOB_CHECK_NAME);
    await this.runner.idle();
  }

  async check(): Promise<void> {
    this.lastCheckAt = this.clock.now();
    await this.runner.tick();
  }
}
