import { IsInt, IsISO8601, IsString, Matches, MaxLength, Min } from 'class-validator';
import { IsOptionalNullable } from '../../common/decorators/validation.decorators';

/**
 * The member's own profile (docs/product.md#api PATCH /me/profile). Null or blank clears a field.
 * Rules run bottom-up and stop at the first failure, so each field's basic type check stands last.
 */
export class UpdateProfileDto {
  @IsOptionalNullable() @MaxLength(100) @IsString()
  first_name?: string | null;

  @IsOptionalNullable() @MaxLength(100) @IsString()
  last_name?: string | null;

  @IsOptionalNullable()
  @IsISO8601({ strict: true }, { message: 'date_of_birth must be a real calendar date' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'date_of_birth must be a date like 1990-04-21' })
  date_of_birth?: string | null;

  @IsOptionalNullable()
  @Matches(/^[0-9+()\-.\s]*$/, { message: 'phone may contain only digits, spaces and + ( ) - .' })
  @MaxLength(40)
  @IsString()
  phone?: string | null;

  @IsOptionalNullable() @Min(1) @IsInt({ message: 'favorite_team_id must be a whole number' })
  favorite_team_id?: number | null;
}
