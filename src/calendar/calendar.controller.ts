import { Body, Controller, Get, HttpCode, Param, Patch, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { Public } from '../common/decorators/public.decorator';
import { User } from '../users/entities/user.entity';
import { CalendarFeedDto, UpdateCalendarFeedDto } from './dto/calendar-feed.dto';
import { CalendarService } from './calendar.service';

const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8';
/**
 * A calendar app polls the feed; five minutes in its own cache (never a shared one: the URL is the secret) spares the
 * server without delaying a moved kickoff much. Set on the answer only, so a 404 keeps the API's no-store.
 */
const ICS_CACHE_CONTROL = 'private, max-age=300';

/** The member's deadline calendar (docs/saturday.md#deadline-calendar). */
@ApiTags('calendar')
@ApiBearerAuth()
@Controller('me/calendar')
export class MyCalendarController {
  constructor(private readonly calendar: CalendarService) {}

  /** The feed's URLs (shown again at any time: nothing secret is stored) and its mode. */
  @ApiOperation({ summary: 'Your deadline calendar feed: its URLs and mode (any signed-in user)' })
  @Get()
  feed(@CurrentUser() user: User): Promise<CalendarFeedDto> {
    return this.calendar.feed(user);
  }

  /** `mode`: `games` (one event per game deadline) or `weeks` (one per week's first deadline); 422 for anything else. */
  @ApiOperation({
    summary: 'Change your calendar feed\'s mode (any signed-in user)',
    description: '`games`: one event per game deadline; `weeks`: one per week\'s first deadline. 422 for anything else.',
  })
  @Patch()
  update(@CurrentUser() user: User, @Body() body: UpdateCalendarFeedDto): Promise<CalendarFeedDto> {
    return this.calendar.update(user, body);
  }

  /** A new URL; the old one answers 404 from now on. */
  @ApiOperation({ summary: 'Give your calendar feed a new URL (any signed-in user)', description: 'The old URL answers 404 from then on.' })
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

  /** `{token}.ics` (HEAD too, as Fastify serves every GET); 404 `Calendar not found` for any other name. */
  @Public()
  @ApiOperation({
    summary: 'The iCalendar feed of a member\'s pick deadlines (public, no sign-in: the token in the file name is the key)',
    description: 'The file name is `{token}.ics`; any other name answers 404 `Calendar not found`.',
  })
  @Get(':file')
  @ApiProduces('text/calendar')
  @ApiOkResponse({ description: 'The member\'s deadline calendar (iCalendar)', schema: { type: 'string' } })
  @ApiNotFoundResponse({ description: 'Unknown, rotated or malformed token' })
  async ics(@Param('file') file: string, @Res({ passthrough: true }) res: FastifyReply): Promise<string> {
    const text = await this.calendar.ics(file);
    res.type(ICS_CONTENT_TYPE).header('Cache-Control', ICS_CACHE_CONTROL);
    return text;
  }
}
