import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';

export const CALENDAR_MODES = ['games', 'weeks'] as const;
export type CalendarMode = (typeof CALENDAR_MODES)[number];

/** A member's private deadline calendar (docs/saturday.md#deadline-calendar). */
export class CalendarFeedDto {
  /** https URL of the .ics feed; the token in it is the secret. */
  @ApiProperty({ description: 'The https URL of the .ics feed; the token in it is the secret.' })
  url!: string;
  /** The same feed as webcal:// (Apple Calendar subscribes from it). */
  @ApiProperty({ description: 'The same feed as webcal:// (Apple Calendar subscribes from it).' })
  webcal_url!: string;
  /** Google Calendar's "add by URL" link for the feed. */
  @ApiProperty({ description: 'Google Calendar\'s "add by URL" link for the feed.' })
  google_url!: string;
  mode!: CalendarMode;
}

export class UpdateCalendarFeedDto {
  @IsIn(CALENDAR_MODES, { message: `mode must be one of: ${CALENDAR_MODES.join(', ')}` })
  mode!: CalendarMode;
}
