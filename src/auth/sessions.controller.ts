import { Controller, Delete, Get, HttpCode, Ip, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentSession } from '../common/decorators/current-session.decorator';
import { BeforeSecondFactor } from '../common/decorators/before-second-factor.decorator';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { User } from '../users/entities/user.entity';
import { ActiveSessionDto } from './dto/active-session.dto';
import { SessionsService } from './sessions.service';

@ApiTags('account')
@ApiBearerAuth()
@Controller()
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  /** Ends the session the request was made with: its token answers 401 from now on. */
  @ApiOperation({
    summary: 'Log out: end the session this request was made with (any signed-in user)',
    description: 'Its token answers 401 from then on.',
  })
  @BeforeSecondFactor()
  @Post('logout')
  @HttpCode(204)
  logout(@CurrentUser() user: User, @CurrentSession() sessionId: string, @Ip() ip: string): Promise<void> {
    return this.sessions.logout(user, sessionId, ip);
  }

  /** Ends every session of the member, this one too. */
  @ApiOperation({ summary: 'End every session of your account, this one included (any signed-in user)' })
  @BeforeSecondFactor()
  @Post('logout_everywhere')
  @HttpCode(204)
  logoutEverywhere(@CurrentUser() user: User, @Ip() ip: string): Promise<void> {
    return this.sessions.logoutEverywhere(user, ip);
  }

  @ApiOperation({ summary: 'List your active sessions (any signed-in user)' })
  @Get('me/sessions')
  activeSessions(@CurrentUser() user: User, @CurrentSession() sessionId: string): Promise<ActiveSessionDto[]> {
    return this.sessions.active(user, sessionId);
  }

  /** Ends one of the member's own sessions; another member's answers 404. */
  @ApiOperation({ summary: 'End one of your own sessions (any signed-in user)', description: 'Another member\'s session answers 404.' })
  @Delete('me/sessions/:id')
  @HttpCode(204)
  endSession(@CurrentUser() user: User, @Param('id') id: string, @Ip() ip: string): Promise<void> {
    return this.sessions.end(user, id, ip);
  }
}
