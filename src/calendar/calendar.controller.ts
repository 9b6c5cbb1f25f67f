import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { Public } from '../common/decorators/public.decorator';
import { User } from '../users/entities/user.entity';
import { CalendarFeedDto, UpdateCalendarFeedDto } from './dto/calendar-feed.dto';
import { CalendarService } from './calendar.service';

/** The member's deadline calendar (docs/saturday.md#deadline-calendar). */
@ApiTags('calendar')
@ApiBearerAuth()
@Controller('me/calendar')
export class MyCalendarController {
  constructor(private readonly calendar: CalendarService) {}

  @Get()
  feed(@CurrentUser() user: User): Promise<CalendarFeedDto> {
    return this.calendar.feed(user);
  }

  @Patch()
  update(@CurrentUser() user: User, @Body() body: UpdateCalendarFeedDto): Promise<CalendarFeedDto> {
    return this.calendar.update(user, body);
  }

  @Post('rotate')
  @HttpCode(200)
  rotate(@CurrentUser() user: User): Promise<CalendarFeedDto> {
    return this.calendar.rotate(user);
  }
}

/** The feed itself: no session, the token in the file name is the secret. */
@ApiTags('calendar')
@Controller('calendar')
export class CalendarFeedController {
  constructor(private readonly calendar: CalendarService) {}

  @Public()
  @Get(':file')
  ics(@Param('file') file: string): Promise<string> {
    return this.calendar.ics(file);
  }
}
