import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Game } from '../games/entities/game.entity';
import { ImportsModule } from '../imports/imports.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { JobRun } from './entities/job-run.entity';
import { MaintenanceRun } from './entities/maintenance-run.entity';
import { DatabaseBackupJob } from './database-backup.job';
import { JobClaimsService } from './job-claims.service';
import { JobRunnerService } from './job-runner.service';
import { JobSchedulerService } from './job-scheduler.service';
import { JobsController } from './jobs.controller';
import { JobsService } from './jobs.service';
import { MaintenanceClaimsService } from './maintenance-claims.service';
import { PickRemindersJob } from './pick-reminders.job';
import { PicksSheetJob } from './picks-sheet.job';
import { ScoreSyncJob } from './score-sync.job';
import { SecurityLogPruneJob } from './security-log-prune.job';
import { WeekDeadlinesReader } from './week-deadlines.reader';

/**
 * The scheduled jobs: pick reminders and the picks sheet (shown at GET /api/jobs), and the daily upkeep (security
 * log pruning, the embedded database's backup) and the score sync while games are under way, all claimed through
 * the database.
 */
@Module({
  imports: [TypeOrmModule.forFeature([JobRun, MaintenanceRun, Game]), NotificationsModule, ImportsModule],
  controllers: [JobsController],
  providers: [JobClaimsService, JobRunnerService, JobSchedulerService, JobsService, PickRemindersJob, PicksSheetJob, WeekDeadlinesReader, MaintenanceClaimsService, SecurityLogPruneJob, DatabaseBackupJob, ScoreSyncJob],
})
export class JobsModule {}
