import { Body, Controller, Delete, Get, Headers, HttpCode, Ip, Param, Post, Put, UseGuards } from '@nestjs/common';
import { TotpAuthGuard } from './totp.strategy';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { BeforeSecondFactor } from '../../common/decorators/before-second-factor.decorator';
import { CurrentSession } from '../../common/decorators/current-session.decorator';
import { CurrentUser } from '../../common/decorators/current-user.decorator';
import { Public } from '../../common/decorators/public.decorator';
import { RecentAuth } from '../../common/decorators/recent-auth.decorator';
import { Roles } from '../../common/decorators/roles.decorator';
import { IdParam } from '../../common/pipes/id-param.pipe';
import { User } from '../../users/entities/user.entity';
import { SessionResponseDto } from '../dto/session-response.dto';
import { SessionsService } from '../sessions.service';
import { ReauthenticatedDto } from '../dto/reauthenticate.dto';
import { SecondFactorSignIn } from './second-factor-sign-in.service';
import { RecoveryCodesDto, SecondFactorCodeDto, SecondFactorLoginDto, SecondFactorStatusDto, TotpEnrolmentDto } from './dto/second-factor.dto';
import { SecondFactorService } from './second-factor.service';

@ApiTags('account')
@Controller()
export class SecondFactorLoginController {
  constructor(private readonly signIn: SecondFactorSignIn) {}

  @Public()
  @UseGuards(TotpAuthGuard)
  @ApiOperation({ summary: "Finish an admin's sign-in with an authenticator or recovery code; answers a session token (public, no sign-in)" })
  @ApiBody({ type: SecondFactorLoginDto })
  @Post('users/login/second_factor')
  @HttpCode(200)
  finish(@CurrentUser() user: User, @Ip() ip: string, @Headers('user-agent') userAgent?: string): Promise<SessionResponseDto> {
    return this.signIn.finish(user, { ip, userAgent });
  }
}

@ApiTags('account')
@ApiBearerAuth()
@Roles('admin')
@Controller()
export class SecondFactorController {
  constructor(
    private readonly factors: SecondFactorService,
    private readonly signIn: SecondFactorSignIn,
    private readonly sessions: SessionsService,
  ) {}

  @BeforeSecondFactor()
  @ApiOperation({ summary: 'Your second factor: authenticator app on or off, recovery codes left (admins only)' })
  @Get('me/second_factor')
  status(@CurrentUser() user: User): Promise<SecondFactorStatusDto> {
    return this.factors.status(user);
  }

  @BeforeSecondFactor()
  @ApiOperation({ summary: 'Start setting up an authenticator app: its secret, otpauth URI and QR code (admins only)' })
  @Post('me/second_factor/totp')
  @HttpCode(200)
  startTotp(@CurrentUser() user: User): Promise<TotpEnrolmentDto> {
    return this.factors.startTotp(user);
  }

  @BeforeSecondFactor()
  @ApiOperation({ summary: "Confirm the authenticator app with a code; answers the 10 recovery codes, once (admins only)" })
  @Put('me/second_factor/totp')
  confirmTotp(@CurrentUser() user: User, @Body() dto: SecondFactorCodeDto, @Ip() ip: string): Promise<RecoveryCodesDto> {
    return this.factors.confirmTotp(user, dto.code, ip);
  }

  @RecentAuth()
  @ApiOperation({ summary: 'Remove your authenticator app, where a second factor is optional (admins only)' })
  @Delete('me/second_factor/totp')
  @HttpCode(204)
  removeTotp(@CurrentUser() user: User, @Ip() ip: string): Promise<void> {
    return this.factors.removeTotp(user, ip);
  }

  @RecentAuth()
  @ApiOperation({ summary: 'A new set of 10 recovery codes; the old ones stop working (admins only)' })
  @Post('me/second_factor/recovery_codes')
  renewRecoveryCodes(@CurrentUser() user: User, @Ip() ip: string): Promise<RecoveryCodesDto> {
    return this.factors.renewRecoveryCodes(user, ip);
  }

  @ApiOperation({ summary: "Confirm it's you with an authenticator or recovery code before a sensitive change (admins only)" })
  @Post('me/reauthenticate/code')
  @HttpCode(200)
  reauthenticate(@CurrentUser() user: User, @CurrentSession() sessionId: string, @Body() dto: SecondFactorCodeDto, @Ip() ip: string): Promise<ReauthenticatedDto> {
    return this.signIn.reauthenticate(user, sessionId, dto.code, ip);
  }

  @RecentAuth()
  @ApiOperation({ summary: "Reset another admin's second factor; their sessions end and they set one up again at sign-in (admins only)" })
  @Delete('users/:id/second_factor')
  @HttpCode(204)
  reset(@CurrentUser() actor: User, @Param('id', IdParam()) id: number, @Ip() ip: string): Promise<void> {
    return this.factors.reset(actor, id, ip);
  }
}
