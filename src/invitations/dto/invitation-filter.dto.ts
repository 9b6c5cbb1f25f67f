import { IsOptional, IsString, MaxLength } from 'class-validator';

/** Filters of GET /api/invitations: `q` matches the e-mail. */
export class InvitationFilterDto {
  @IsOptional() @IsString() @MaxLength(255)
  q?: string;
}
