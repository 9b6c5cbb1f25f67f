import { createSecretKey } from 'node:crypto';
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
import { AccountChangesService } from './account-changes.service';
import { PasswordReset } from './entities/password-reset.entity';
import { FirstAdminService } from './first-admin.service';
import { Session } from './entities/session.entity';
import { SessionsController } from './sessions.controller';
import { SessionsService } from './sessions.service';
import { SessionGuard } from './session.guard';
import { LoginThrottleService } from './login-throttle.service';
import { PasswordResetsService } from './password-resets.service';
import { ReauthenticationController } from './reauthentication.controller';
import { ReauthenticationService } from './reauthentication.service';
import { RecentAuthModule } from './recent-auth.module';
import { Passkey } from './passkeys/entities/passkey.entity';
import { WebauthnChallenge } from './passkeys/entities/webauthn-challenge.entity';
import { PasskeyAssertionsService } from './passkeys/passkey-assertions.service';
import { PasskeyStrategy } from './passkeys/passkey.strategy';
import { MyPasskeysController, PasskeySignInController } from './passkeys/passkeys.controller';
import { PasskeysService } from './passkeys/passkeys.service';
import { WebauthnChallengesService } from './passkeys/webauthn-challenges.service';
import { RecoveryCode } from './second-factor/entities/recovery-code.entity';
import { TotpFactor } from './second-factor/entities/totp-factor.entity';
import { SecondFactorChallenges } from './second-factor/second-factor-challenges';
import { SecondFactorCodesService } from './second-factor/second-factor-codes.service';
import { SecondFactorController, SecondFactorLoginController } from './second-factor/second-factor.controller';
import { SecondFactorGuard } from './second-factor/second-factor.guard';
import { SecondFactorService } from './second-factor/second-factor.service';
import { SecondFactorSignIn } from './second-factor/second-factor-sign-in.service';
import { TotpStrategy } from './second-factor/totp.strategy';
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
    PassportModule,
    TypeOrmModule.forFeature([User, PasswordReset, Session, Passkey, WebauthnChallenge, TotpFactor, RecoveryCode]),
    UsersModule,
    InvitationsModule,
    RecentAuthModule,
  ],
  controllers: [
    AuthController,
    PasswordResetsController,
    SessionsController,
    ReauthenticationController,
    MyPasskeysController,
    PasskeySignInController,
    SecondFactorLoginController,
    SecondFactorController,
  ],
  providers: [
    AuthService,
    PasswordResetsService,
    JwtStrategy,
    LocalStrategy,
    SessionGuard,
    LoginThrottleService,
    SessionsService,
    AccountChangesService,
    FirstAdminService,
    ReauthenticationService,
    PasskeysService,
    PasskeyAssertionsService,
    WebauthnChallengesService,
    PasskeyStrategy,
    SecondFactorService,
    SecondFactorCodesService,
    SecondFactorChallenges,
    SecondFactorSignIn,
    SecondFactorGuard,
    TotpStrategy,
  ],
  // ReauthenticationService: the second factor's and the passkeys' confirmations note theirs through it.
  exports: [SessionGuard, SecondFactorGuard, ReauthenticationService],
})
export class AuthModule {}
