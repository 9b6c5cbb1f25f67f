import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { ROLES, Role } from '../../common/principal';

/** Filters of GET /api/users: `q` matches name or e-mail. */
export class UserFilterDto {
  @IsOptional() @IsString() @MaxLength(100)
  q?: string;

  @IsOptional() @IsIn(ROLES, { message: `role must be one of: ${ROLES.join(', ')}` })
  role?: Role;
}
