import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Game } from '../games/entities/game.entity';
import { NotificationsModule } from '../notifications/notifications.module';
import { JobRun } from './entities/job-run.entity';
import { JobClaims } from './job-claims.service';
import { JobRunner } from './job-runner.service';
import { JobScheduler } from './job-scheduler.service';
import { JobsController } from './jobs.controller';
import { JobsService } from './jobs.service';
import { PickRemindersJob } from './pick-reminders.job';
import { PicksSheetJob } from './picks-sheet.job';
import { WeekDeadlinesReader } from './week-deadlines.service';

/** The scheduled jobs: pick reminders and the picks sheet, claimed through the database, shown at GET /api/jobs. */
@Module({
  imports: [TypeOrmModule.forFeature([JobRun, Game]), NotificationsModule],
  controllers: [JobsController],
  providers: [JobClaims, JobRunner, JobScheduler, JobsService, PickRemindersJob, PicksSheetJob, WeekDeadlinesReader],
})
export class JobsModule {}
