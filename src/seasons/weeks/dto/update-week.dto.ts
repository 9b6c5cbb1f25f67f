import { PartialType, PickType } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import { IsOptionalNotNull } from '../../../common/decorators/validation.decorators';
import { CreateWeekDto, WEEK_NUMBER_MAX } from './create-week.dto';
import { IsCalendarDate, ToWholeNumber } from './date-fields';

/**
 * PATCH and PUT /api/weeks/{id}: any of the create fields; none may be cleared. The season and is_current are the
 * create's fields as they are (`skipNullProperties: false`: a null or blank season is a missing season, answered with
 * the create's message). Number and dates are written out again because the create's `IsDefined` would answer
 * "is required" to a null, where an update answers with the field's type rule.
 */
export class UpdateWeekDto extends PartialType(PickType(CreateWeekDto, ['football_season_id', 'is_current'] as const), { skipNullProperties: false }) {
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
}
