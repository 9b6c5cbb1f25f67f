import { Type } from 'class-transformer';
import { IsIn, IsInt, IsString, MaxLength, Min, MinLength } from 'class-validator';
import { IsNormalizedEmail, IsOptionalNotNull } from '../../common/decorators/validation.decorators';
import { ROLES, type Role } from '../entities/user.entity';

/** What an admin may change on a user (SPEC §7 PATCH /users/{id}). */
export class UpdateUserDto {
  @IsOptionalNotNull() @IsNormalizedEmail()
  email?: string;

  @IsOptionalNotNull() @IsIn(ROLES, { message: `role must be one of: ${ROLES.join(', ')}` })
  role?: Role;

  @IsOptionalNotNull() @IsString() @MinLength(1, { message: 'name must not be empty' }) @MaxLength(255)
  name?: string;

  @IsOptionalNotNull() @Type(() => Number) @IsInt({ message: 'wins must be a whole number' }) @Min(0)
  wins?: number;

  @IsOptionalNotNull() @Type(() => Number) @IsInt({ message: 'losses must be a whole number' }) @Min(0)
  losses?: number;
}
