import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { ServeStaticModule } from '@nestjs/serve-static';
import { TypeOrmModule } from '@nestjs/typeorm';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AuthModule } from './auth/auth.module';
import { AllExceptionsFilter } from './common/filters/all-exceptions.filter';
import { JwtAuthGuard } from './common/guards/jwt-auth.guard';
import { RolesGuard } from './common/guards/roles.guard';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { dataSourceOptions } from './database/data-source-options';
import { HealthModule } from './health/health.module';
import { InvitationsModule } from './invitations/invitations.module';
import { MailModule } from './mail/mail.module';
import { UsersModule } from './users/users.module';

@Module({})
export class AppModule {
  /** The whole application for one configuration (tests build it with their own). */
  static forConfig(config: AppConfig): DynamicModule {
    // The built web app, when there is one: every path outside /api answers with it (SPA fallback).
    const webApp = existsSync(join(config.frontendDir, 'index.html'))
      ? [ServeStaticModule.forRoot({ rootPath: config.frontendDir, exclude: ['/api', '/api/{*rest}'] })]
      : [];
    return {
      module: AppModule,
      imports: [
        ConfigModule.forConfig(config),
        TypeOrmModule.forRootAsync({
          useFactory: async () => ({ ...(await dataSourceOptions(config.database)), migrationsRun: true }),
        }),
        ...webApp,
        MailModule,
        HealthModule,
        UsersModule,
        InvitationsModule,
        AuthModule,
      ],
      providers: [
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: APP_GUARD, useClass: JwtAuthGuard },
        { provide: APP_GUARD, useClass: RolesGuard },
      ],
    };
  }
}
