import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from './auth/auth.module';
import { SessionGuard } from './auth/session.guard';
import { SecondFactorGuard } from './auth/second-factor/second-factor.guard';
import { ClockModule } from './common/clock';
import { AllExceptionsFilter } from './common/filters/all-exceptions.filter';
import { RecentAuthGuard } from './common/guards/recent-auth.guard';
import { RolesGuard } from './common/guards/roles.guard';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { dataSourceOptions } from './schema/data-source-options';
import { HealthModule } from './health/health.module';
import { CalendarModule } from './calendar/calendar.module';
import { ImportsModule } from './imports/imports.module';
import { LiveModule } from './live/live.module';
import { InvitationsModule } from './invitations/invitations.module';
import { JobsModule } from './jobs/jobs.module';
import { GamesModule } from './games/games.module';
import { MailModule } from './mail/mail.module';
import { NotificationsModule } from './notifications/notifications.module';
import { PayoutsModule } from './payouts/payouts.module';
import { PicksModule } from './picks/picks.module';
import { PushModule } from './push/push.module';
import { ResultsModule } from './results/results.module';
import { SeasonsModule } from './seasons/seasons.module';
import { SurvivorModule } from './survivor/survivor.module';
import { SecurityModule } from './security/security.module';
import { SurvivorResultsModule } from './survivor/survivor-results.module';
import { TeamsModule } from './teams/teams.module';
import { UsersModule } from './users/users.module';
import { WeeksModule } from './seasons/weeks/weeks.module';
import { AdminApiDocsModule } from './web/api-docs.module';

@Module({})
export class AppModule {
  /** The whole application for one configuration (tests build it with their own). */
  static forConfig(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forConfig(config),
        ClockModule,
        TypeOrmModule.forRootAsync({
          // main.ts has already waited for the database with backoff; one more loop here would only hide a failure.
          useFactory: async () => ({ ...(await dataSourceOptions(config.database)), migrationsRun: true, toRetry: () => false }),
        }),
        DatabaseModule,
        SecurityModule,
        MailModule,
        PushModule,
        HealthModule,
        UsersModule,
        InvitationsModule,
        AuthModule,
        TeamsModule,
        SeasonsModule,
        WeeksModule,
        GamesModule,
        PicksModule,
        ResultsModule,
        SurvivorResultsModule,
        PayoutsModule,
        SurvivorModule,
        ImportsModule,
        CalendarModule,
        LiveModule,
        ScheduleModule.forRoot(),
        NotificationsModule,
        JobsModule,
        ...(config.apiDocs === 'admin' ? [AdminApiDocsModule] : []),
      ],
      providers: [
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: APP_GUARD, useExisting: SessionGuard },
        // After the session check: an admin without a required second factor may only set one up.
        { provide: APP_GUARD, useExisting: SecondFactorGuard },
        { provide: APP_GUARD, useClass: RolesGuard },
        // After the roles: a member asking an admin's route is refused as such, not asked to confirm first.
        { provide: APP_GUARD, useClass: RecentAuthGuard },
      ],
    };
  }
}
