import { Body, Controller, HttpCode, Ip, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentSession } from '../common/decorators/current-session.decorator';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { User } from '../users/entities/user.entity';
import { ReauthenticateDto, ReauthenticatedDto } from './dto/reauthenticate.dto';
import { ReauthenticationService } from './reauthentication.service';

@ApiTags('account')
@ApiBearerAuth()
@Controller('me/reauthenticate')
export class ReauthenticationController {
  constructor(private readonly reauthentication: ReauthenticationService) {}

  @ApiOperation({
    summary: 'Confirm it is you with your password before a sensitive change (any signed-in user)',
    description:
      'Changing an e-mail address, passkeys, second factors or roles needs a proof of identity from the last five ' +
      'minutes: a sign-in or this confirmation (a password change asks for the current password instead, and counts ' +
      'as one). Such a change asked without one answers 403 with "reauthentication_required": true. Wrong passwords ' +
      'count with those of the password change: past the limit, 429.',
  })
  @Post()
  @HttpCode(200)
  async withPassword(
    @CurrentUser() user: User,
    @CurrentSession() sessionId: string,
    @Ip() ip: string,
    @Body() dto: ReauthenticateDto,
  ): Promise<ReauthenticatedDto> {
    return { reauthenticated_until: await this.reauthentication.withPassword(user, sessionId, dto.password, ip) };
  }
}
