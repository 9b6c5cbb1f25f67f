import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsIn } from 'class-validator';
import { WeekResponseDto } from '../../seasons/weeks/dto/week-response.dto';

/** Providers with a calendar of the season's weeks. */
export const CALENDAR_PROVIDERS = ['cfbd'] as const;

/** POST /api/football_seasons/{id}/weeks/import: the season's weeks from a provider's calendar. */
export class ImportCalendarDto {
  @IsIn(CALENDAR_PROVIDERS, { message: `provider must be one of: ${CALENDAR_PROVIDERS.join(', ')} (the others have no calendar)` })
  @IsDefined({ message: 'provider is required' })
  provider!: (typeof CALENDAR_PROVIDERS)[number];
}

/** What a calendar import did: the weeks it created, those that existed, and every week of the season after it. */
export class CalendarImportResultDto {
  /** The import's record in GET /api/imports. */
  @ApiProperty({ description: 'The import\'s record in GET /api/imports.' })
  import_id!: number;
  created!: number;
  unchanged!: number;
  weeks!: WeekResponseDto[];
}
