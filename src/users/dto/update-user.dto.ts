import { Type } from 'class-transformer';
import { IsIn, IsInt, IsString, MaxLength, Min, MinLength } from 'class-validator';
import { IsNormalizedEmail, IsOptionalNotNull } from '../../common/decorators/validation.decorators';
import { ROLES, type Role } from '../../common/principal';

/** What an admin may change on a user (docs/product.md#api PATCH /users/{id}). */
export class UpdateUserDto {
  @IsOptionalNotNull() @IsNormalizedEmail()
  email?: string;

  @IsOptionalNotNull() @IsIn(ROLES, { message: `role must be one of: ${ROLES.join(', ')}` })
  role?: Role;

  @IsOptionalNotNull() @MaxLength(255) @MinLength(1, { message: 'name must not be empty' }) @IsString()
  name?: string;

  @IsOptionalNotNull() @Type(() => Number) @Min(0) @IsInt({ message: 'wins must be a whole number' })
  wins?: number;

  @IsOptionalNotNull() @Type(() => Number) @Min(0) @IsInt({ message: 'losses must be a whole number' })
  losses?: number;
}
