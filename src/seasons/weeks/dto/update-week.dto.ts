import { IsBoolean, IsDefined, IsInt, Max, Min, ValidateIf } from 'class-validator';
import { IsOptionalNotNull } from '../../../common/decorators/validation.decorators';
import { SELECT_SEASON, WEEK_NUMBER_MAX } from './create-week.dto';
import { IsCalendarDate, ToWholeNumber } from './date-fields';

/** PATCH and PUT /api/weeks/{id}: any of the create fields; none may be cleared. */
export class UpdateWeekDto {
  @IsOptionalNotNull()
  @Max(WEEK_NUMBER_MAX, { message: `number must be between 1 and ${WEEK_NUMBER_MAX}` })
  @Min(1, { message: `number must be between 1 and ${WEEK_NUMBER_MAX}` })
  @IsInt({ message: 'number must be a whole number' })
  @ToWholeNumber()
  number?: number;

  @IsOptionalNotNull() @IsCalendarDate()
  start_date?: string;

  @IsOptionalNotNull() @IsCalendarDate()
  end_date?: string;

  // Null (or a blank select) is a missing season, not a field to skip.
  @ValidateIf((_object, value) => value !== undefined)
  @IsDefined({ message: SELECT_SEASON })
  @Min(1, { message: 'football_season_id must be a whole number' })
  @IsInt({ message: 'football_season_id must be a whole number' })
  @ToWholeNumber()
  football_season_id?: number;

  @IsOptionalNotNull() @IsBoolean({ message: 'is_current must be true or false' })
  is_current?: boolean;
}
