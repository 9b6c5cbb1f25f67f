import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../../common/decorators/current-user.decorator';
import { User } from '../entities/user.entity';
import { NotificationPreferencesDto, UpdateNotificationPreferencesDto } from './notification-preferences.dto';
import { NotificationPreferencesService } from './notification-preferences.service';

/** The member's notification choices (docs/member-pages.md#notification-preferences). */
@ApiTags('account')
@ApiBearerAuth()
@Controller('me/notification_preferences')
export class NotificationPreferencesController {
  constructor(private readonly preferences: NotificationPreferencesService) {}

  /** Every kind with its `email` and `push` channels, defaults filled in. */
  @ApiOperation({ summary: 'Your notification choices: each kind\'s e-mail and push channels (any signed-in user)' })
  @Get()
  get(@CurrentUser() user: User): Promise<NotificationPreferencesDto> {
    return this.preferences.of(user.id);
  }

  /**
   * Any subset, e.g. `{"reminders": {"push": true}}`; answers the whole object. 422 for an unknown kind or channel,
   * a value that is not a boolean, or `email: true` for a kind with no e-mail (game_finals, weekly_results).
   */
  @ApiOperation({
    summary: 'Change your notification choices (any signed-in user)',
    description: 'Send any subset, e.g. `{"reminders": {"push": true}}`; answers the whole object. 422 for an unknown kind or channel, a value that is not a boolean, or `email: true` for a kind with no e-mail (game_finals, weekly_results).',
  })
  @Patch()
  update(@CurrentUser() user: User, @Body() body: UpdateNotificationPreferencesDto): Promise<NotificationPreferencesDto> {
    return this.preferences.update(user.id, body);
  }
}
