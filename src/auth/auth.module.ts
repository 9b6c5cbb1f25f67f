import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config';
import { InvitationsModule } from '../invitations/invitations.module';
import { User } from '../users/entities/user.entity';
import { UsersModule } from '../users/users.module';
import { AuthController, PasswordResetsController } from './auth.controller';
import { AuthService } from './auth.service';
import { PasswordReset } from './entities/password-reset.entity';
import { JwtStrategy } from './jwt.strategy';
import { LoginThrottleService } from './login-throttle.service';
import { PasswordResetsService } from './password-resets.service';

@Module({
  imports: [
    PassportModule,
    JwtModule.registerAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        secret: config.jwtSecret,
        signOptions: { expiresIn: config.jwtTtlSeconds, algorithm: 'HS256' },
      }),
    }),
    TypeOrmModule.forFeature([User, PasswordReset]),
    UsersModule,
    InvitationsModule,
  ],
  controllers: [AuthController, PasswordResetsController],
  providers: [AuthService, PasswordResetsService, JwtStrategy, LoginThrottleService],
})
export class AuthModule {}
