import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsInt, Max, Min } from 'class-validator';
import { IsOptionalNotNull } from '../../../common/decorators/validation.decorators';
import { IsCalendarDate, ToWholeNumber } from './date-fields';

/** Weeks are numbered within their season; no college football season runs past 30 weeks. */
export const WEEK_NUMBER_MAX = 30;
export const SELECT_SEASON = 'Please select a football season';

/** POST /api/weeks (docs/product.md#api). Rules run bottom-up and stop at the first failure. */
export class CreateWeekDto {
  @IsDefined({ message: 'number is required' })
  @Max(WEEK_NUMBER_MAX, { message: `number must be between 1 and ${WEEK_NUMBER_MAX}` })
  @Min(1, { message: `number must be between 1 and ${WEEK_NUMBER_MAX}` })
  @IsInt({ message: 'number must be a whole number' })
  @ToWholeNumber()
  number!: number;

  @IsDefined({ message: 'start_date is required' }) @IsCalendarDate()
  start_date!: string;

  @IsDefined({ message: 'end_date is required' }) @IsCalendarDate()
  end_date!: string;

  @IsDefined({ message: SELECT_SEASON })
  @Min(1, { message: 'football_season_id must be a whole number' })
  @IsInt({ message: 'football_season_id must be a whole number' })
  @ToWholeNumber()
  football_season_id!: number;

  /** docs/product.md#states "Set as Current Week": marks this week current and unmarks the season's others. */
  @ApiProperty({ description: 'True marks this week current and unmarks the season\'s other weeks.' })
  @IsOptionalNotNull() @IsBoolean({ message: 'is_current must be true or false' })
  is_current?: boolean;
}
