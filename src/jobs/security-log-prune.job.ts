import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { SecurityEventsService } from '../security/security-events.service';
import { MaintenanceJob, utcDay } from './maintenance-job';

/** Once a day: deletes the security log's entries older than SECURITY_LOG_RETENTION. */
@Injectable()
export class SecurityLogPruneJob implements MaintenanceJob {
  readonly name = 'security-log-prune';
  readonly description = 'Deletes security log entries older than SECURITY_LOG_RETENTION';
  readonly schedule = 'Once a day';

  constructor(
    private readonly events: SecurityEventsService,
    private readonly config: AppConfig,
  ) {}

  dueSlot(now: Date): string {
    return utcDay(now);
  }

  async run(now: Date): Promise<string> {
    const before = new Date(now.getTime() - this.config.securityLogRetentionMs);
    const deleted = await this.events.prune(before);
    return `${deleted} entries from before ${before.toISOString()} deleted`;
  }
}
