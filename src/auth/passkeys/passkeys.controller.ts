import { Body, Controller, Delete, Get, Headers, HttpCode, Ip, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { PasskeyAuthGuard } from './passkey.strategy';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentSession } from '../../common/decorators/current-session.decorator';
import { CurrentUser } from '../../common/decorators/current-user.decorator';
import { Public } from '../../common/decorators/public.decorator';
import { BeforeSecondFactor } from '../../common/decorators/before-second-factor.decorator';
import { RecentAuth } from '../../common/decorators/recent-auth.decorator';
import { IdParam } from '../../common/pipes/id-param.pipe';
import { byAddress, Throttled } from '../../security/throttle.guard';
import { UserResponseDto } from '../../users/dto/user-response.dto';
import type { User } from '../../users/entities/user.entity';
import { SessionResponseDto } from '../dto/session-response.dto';
import { CreatePasskeyDto, PasskeyAssertionDto, PasskeyDto, PasskeyOptionsDto, RenamePasskeyDto } from './dto/passkey.dto';
import { ReauthenticatedDto } from '../dto/reauthenticate.dto';
import { PasskeyAssertionsService } from './passkey-assertions.service';
import { PASSKEY_THROTTLES } from './passkey-throttles';
import { PasskeysService } from './passkeys.service';

/** The member's passkeys on the profile page. */
@ApiTags('passkeys')
@ApiBearerAuth()
@Controller('me/passkeys')
export class MyPasskeysController {
  constructor(private readonly passkeys: PasskeysService) {}

  @ApiOperation({ summary: 'List your passkeys (any signed-in user)' })
  @Get()
  @BeforeSecondFactor()
  list(@CurrentUser() user: User): Promise<PasskeyDto[]> {
    return this.passkeys.list(user);
  }

  @ApiOperation({
    summary: 'Start adding a passkey: options for the browser (any signed-in user, confirmed in the last 5 minutes)',
    description: 'Hand the answer to @simplewebauthn/browser\'s startRegistration; its challenge works once, for this session, for 5 minutes.',
  })
  @Post('options')
  @BeforeSecondFactor()
  @HttpCode(200)
  @RecentAuth()
  options(@CurrentUser() user: User, @CurrentSession() sessionId: string): Promise<PasskeyOptionsDto> {
    return this.passkeys.registrationOptions(user, sessionId);
  }

  @ApiOperation({
    summary: 'Add a passkey (any signed-in user, confirmed in the last 5 minutes)',
    description: '422 when the browser\'s credential does not answer a challenge this session was handed, or is not for this site.',
  })
  @Post()
  @BeforeSecondFactor()
  @RecentAuth()
  add(@CurrentUser() user: User, @CurrentSession() sessionId: string, @Ip() ip: string, @Body() dto: CreatePasskeyDto): Promise<PasskeyDto> {
    return this.passkeys.add(user, sessionId, dto, ip);
  }

  @ApiOperation({ summary: 'Rename one of your passkeys (any signed-in user, confirmed in the last 5 minutes)', description: 'Another member\'s passkey answers 404.' })
  @Patch(':id')
  @RecentAuth()
  rename(@CurrentUser() user: User, @Param('id', IdParam()) id: number, @Body() dto: RenamePasskeyDto): Promise<PasskeyDto> {
    return this.passkeys.rename(user, id, dto.name);
  }

  @ApiOperation({
    summary: 'Remove one of your passkeys (any signed-in user, confirmed in the last 5 minutes)',
    description: 'Another member\'s passkey answers 404. An admin\'s last passkey stays unless another second factor is set up (409).',
  })
  @Delete(':id')
  @HttpCode(204)
  @RecentAuth()
  remove(@CurrentUser() user: User, @Param('id', IdParam()) id: number, @Ip() ip: string): Promise<void> {
    return this.passkeys.remove(user, id, ip);
  }
}

/** Signing in with a passkey, and confirming it's you with one. */
@ApiTags('passkeys')
@Controller()
export class PasskeySignInController {
  constructor(private readonly assertions: PasskeyAssertionsService) {}

  @Public()
  @ApiOperation({
    summary: 'Start signing in with a passkey: options for the browser (public, no sign-in)',
    description: 'Hand the answer to @simplewebauthn/browser\'s startAuthentication (or its autofill); its challenge works once, for 5 minutes.',
  })
  @Post('passkeys/login/options')
  @HttpCode(200)
  @Throttled({ policy: PASSKEY_THROTTLES.options, key: byAddress })
  loginOptions(): Promise<PasskeyOptionsDto> {
    return this.assertions.loginOptions();
  }

  @Public()
  @ApiOperation({
    summary: 'Sign in with a passkey; answers a session token (public, no sign-in)',
    description: '401 "Passkey sign-in failed" for an assertion that does not hold. Failed attempts are throttled per address.',
  })
  @Post('passkeys/login')
  @HttpCode(200)
  // Guards listed lower run first: the throttle counts the attempt, then the strategy checks the assertion.
  @UseGuards(PasskeyAuthGuard)
  @Throttled({ policy: PASSKEY_THROTTLES.login, key: byAddress, failuresOnly: true })
  async login(@CurrentUser() user: User, @Ip() ip: string, @Body() _dto: PasskeyAssertionDto, @Headers('user-agent') userAgent?: string): Promise<SessionResponseDto> {
    return { token: await this.assertions.signIn(user, ip, userAgent), user: UserResponseDto.from(user) };
  }

  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Start confirming it\'s you with a passkey: options for the browser (any signed-in user)',
    description: 'Lists your own passkeys; the challenge works once, for this session, for 5 minutes.',
  })
  @Post('me/reauthenticate/passkey/options')
  @HttpCode(200)
  reauthenticationOptions(@CurrentUser() user: User, @CurrentSession() sessionId: string): Promise<PasskeyOptionsDto> {
    return this.assertions.reauthenticationOptions(user, sessionId);
  }

  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Confirm it\'s you with one of your passkeys (any signed-in user)',
    description: 'Sensitive changes are then allowed until reauthenticated_until. 401 for an assertion that does not hold or is another member\'s passkey.',
  })
  @Post('me/reauthenticate/passkey')
  @HttpCode(200)
  @Throttled({ policy: PASSKEY_THROTTLES.reauthenticate, key: byAddress, failuresOnly: true })
  async reauthenticate(@CurrentUser() user: User, @CurrentSession() sessionId: string, @Ip() ip: string, @Body() dto: PasskeyAssertionDto): Promise<ReauthenticatedDto> {
    return { reauthenticated_until: await this.assertions.reauthenticate(user, sessionId, dto.response, ip) };
  }
}
