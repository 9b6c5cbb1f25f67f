import { IsInt, IsISO8601, IsString, Matches, MaxLength, Min } from 'class-validator';
import { IsOptionalNullable } from '../../common/decorators/validation.decorators';

/** The member's own profile (SPEC §7 PATCH /me/profile). Null or blank clears a field. */
export class UpdateProfileDto {
  @IsOptionalNullable() @IsString() @MaxLength(100)
  first_name?: string | null;

  @IsOptionalNullable() @IsString() @MaxLength(100)
  last_name?: string | null;

  @IsOptionalNullable()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'date_of_birth must be a date like 1990-04-21' })
  @IsISO8601({ strict: true }, { message: 'date_of_birth must be a real calendar date' })
  date_of_birth?: string | null;

  @IsOptionalNullable() @IsString() @MaxLength(40)
  @Matches(/^[0-9+()\-.\s]*$/, { message: 'phone may contain only digits, spaces and + ( ) - .' })
  phone?: string | null;

  @IsOptionalNullable() @IsInt({ message: 'favorite_team_id must be a whole number' }) @Min(1)
  favorite_team_id?: number | null;
}
