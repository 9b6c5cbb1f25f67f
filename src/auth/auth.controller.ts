import { Body, Controller, Get, Headers, HttpCode, Ip, Param, Patch, Post, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiBearerAuth, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { SecondFactorChallengeDto } from './second-factor/dto/second-factor.dto';
import { CurrentSession } from '../common/decorators/current-session.decorator';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { Public } from '../common/decorators/public.decorator';
import { UserResponseDto } from '../users/dto/user-response.dto';
import { User } from '../users/entities/user.entity';
import { byAddress, byBodyEmail, Throttled } from '../security/throttle.guard';
import { ACCOUNT_THROTTLES, PASSWORD_RESET_REQUESTED_MESSAGE } from './auth.constants';
import { AuthService } from './auth.service';
import { ChangePasswordDto } from './dto/change-password.dto';
import { LoginDto } from './dto/login.dto';
import { RequestPasswordResetDto, ResetPasswordDto } from './dto/password-reset.dto';
import { RegisterDto } from './dto/register.dto';
import { MessageDto, PasswordChangedDto, RegisteredDto } from './dto/account-answers.dto';
import { SessionResponseDto } from './dto/session-response.dto';
import { InvitedEmailDto } from '../invitations/dto/invited-email.dto';
import { PasswordResetsService } from './password-resets.service';
import { LocalAuthGuard } from './strategies/local.strategy';

@ApiTags('account')
@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @ApiOperation({ summary: 'Log in with e-mail and password; answers a session token (public, no sign-in)' })
  @Post('users/login')
  @HttpCode(200)
  @UseGuards(LocalAuthGuard)
  @ApiExtraModels(SessionResponseDto, SecondFactorChallengeDto)
  @ApiOkResponse({
    description: 'A session, or for an admin with a second factor the challenge of the second step',
    schema: { oneOf: [{ $ref: getSchemaPath(SessionResponseDto) }, { $ref: getSchemaPath(SecondFactorChallengeDto) }] },
  })
  login(
    @Body() dto: LoginDto,
    @CurrentUser() checked: User,
    @Ip() ip: string,
    @Headers('user-agent') userAgent?: string,
  ): Promise<SessionResponseDto | SecondFactorChallengeDto> {
    return this.auth.login(checked, { ip, userAgent, remember: dto.remember === true });
  }

  @Public()
  @ApiOperation({ summary: 'Create an account from an invitation (public, no sign-in)' })
  @Post('register')
  @Throttled({ policy: ACCOUNT_THROTTLES.register, key: byAddress, failuresOnly: true })
  async register(@Body() dto: RegisterDto): Promise<RegisteredDto> {
    const user = await this.auth.register(dto);
    return { message: 'Registration successful', user: UserResponseDto.from(user) };
  }

  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Change your own password; answers a new session token (any signed-in user)',
    description: 'Every other session of the account ends.',
  })
  @Patch('me/password')
  async changePassword(
    @CurrentUser() user: User,
    @CurrentSession() sessionId: string,
    @Ip() ip: string,
    @Body() dto: ChangePasswordDto,
  ): Promise<PasswordChangedDto> {
    const token = await this.auth.changePassword(user, dto, sessionId, ip);
    return { message: 'Password updated successfully!', token };
  }
}

@ApiTags('account')
@Public()
@Controller('password_resets')
export class PasswordResetsController {
  constructor(private readonly resets: PasswordResetsService) {}

  @ApiOperation({
    summary: 'Ask for a password-reset e-mail (public, no sign-in)',
    description: 'Answers the same message whether or not the address has an account.',
  })
  @Post()
  @HttpCode(200)
  @Throttled({ policy: ACCOUNT_THROTTLES.resetByAddress, key: byAddress }, { policy: ACCOUNT_THROTTLES.resetByEmail, key: byBodyEmail })
  async request(@Body() dto: RequestPasswordResetDto, @Ip() ip: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<MessageDto> {
    this.resets.request(dto.email, ip, new Promise((resolve) => reply.raw.once('close', resolve)));
    return { message: PASSWORD_RESET_REQUESTED_MESSAGE };
  }

  @ApiOperation({ summary: 'Look up the address a password-reset link was sent to (public, no sign-in)' })
  @Get(':token')
  @Throttled({ policy: ACCOUNT_THROTTLES.resetToken, key: byAddress, failuresOnly: true })
  async show(@Param('token') token: string): Promise<InvitedEmailDto> {
    return { email: await this.resets.emailFor(token) };
  }

  @ApiOperation({ summary: 'Set a new password with a password-reset link (public, no sign-in)' })
  @Patch(':token')
  @Throttled({ policy: ACCOUNT_THROTTLES.resetToken, key: byAddress, failuresOnly: true })
  async reset(@Param('token') token: string, @Body() dto: ResetPasswordDto, @Ip() ip: string): Promise<MessageDto> {
    await this.resets.reset(token, dto.password_reset, ip);
    return { message: 'Your password has been reset. You can now log in with the new password.' };
  }
}
