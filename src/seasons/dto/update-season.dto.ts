import { OmitType, PartialType } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { IsOptionalNotNull } from '../../common/decorators/validation.decorators';
import { IsCalendarDate } from '../weeks/dto/date-fields';
import { CreateSeasonDto, SEASON_NAME_MAX, Trimmed } from './create-season.dto';

/**
 * PATCH and PUT /api/football_seasons/{id}: any of the create fields; none may be cleared. Year, rules and fees are the
 * create's fields as they are (`skipNullProperties: false`: null is checked, and refused, by their rules). Name and
 * dates are written out again because the create's `IsDefined` would answer "is required" to a null, where an update
 * answers with the field's type rule.
 */
export class UpdateSeasonDto extends PartialType(OmitType(CreateSeasonDto, ['name', 'start_date', 'end_date'] as const), { skipNullProperties: false }) {
  @IsOptionalNotNull()
  @MaxLength(SEASON_NAME_MAX, { message: `name must be at most ${SEASON_NAME_MAX} characters` })
  @MinLength(1, { message: 'name must not be empty' })
  @IsString({ message: 'name must be text' })
  @Trimmed()
  name?: string;

  @IsOptionalNotNull() @IsCalendarDate()
  start_date?: string;

  @IsOptionalNotNull() @IsCalendarDate()
  end_date?: string;
}
