import { createSecretKey } from 'node:crypto';
import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config';
import { InvitationsModule } from '../invitations/invitations.module';
import { User } from '../users/entities/user.entity';
import { UsersModule } from '../users/users.module';
import { AuthController, PasswordResetsController } from './auth.controller';
import { AuthService } from './auth.service';
import { AccountChangesService } from './account-changes.service';
import { PasswordReset } from './entities/password-reset.entity';
import { FirstAdminService } from './first-admin.service';
import { Session } from './entities/session.entity';
import { SessionsController } from './sessions.controller';
import { SessionsService } from './sessions.service';
import { SessionGuard } from './session.guard';
import { LoginThrottleService } from './login-throttle.service';
import { PasswordResetsService } from './password-resets.service';
import { JwtStrategy } from './strategies/jwt.strategy';
import { LocalStrategy } from './strategies/local.strategy';

@Module({
  imports: [
    JwtModule.registerAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        // A KeyObject: given a string, jsonwebtoken tries to parse it as a PEM public key on every verify.
        secret: createSecretKey(Buffer.from(config.jwtSecret)) as unknown as string,
        signOptions: { algorithm: 'HS256' },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
    TypeOrmModule.forFeature([User, PasswordReset, Session]),
    UsersModule,
    InvitationsModule,
  ],
  controllers: [AuthController, PasswordResetsController, SessionsController],
  providers: [AuthService, PasswordResetsService, JwtStrategy, LocalStrategy, SessionGuard, LoginThrottleService, SessionsService, AccountChangesService, FirstAdminService],
  exports: [SessionGuard],
})
export class AuthModule {}
