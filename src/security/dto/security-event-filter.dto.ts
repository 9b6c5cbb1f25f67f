import { Type } from 'class-transformer';
import { IsDate, IsIn, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { SECURITY_EVENT_TYPES, type SecurityEventType } from '../entities/security-event.entity';

/**
 * Filters of the security log (GET /api/security_events): the event type, the account it is about, part of the
 * e-mail address, the client's address, and a time span (`created_at_gte` / `created_at_lte`, ISO 8601).
 */
export class SecurityEventFilterDto {
  @IsOptional() @IsIn(SECURITY_EVENT_TYPES, { message: `type must be one of: ${SECURITY_EVENT_TYPES.join(', ')}` })
  type?: SecurityEventType;

  @IsOptional() @Min(1) @IsInt({ message: 'user_id must be a whole number' })
  user_id?: number;

  @IsOptional() @IsString() @MaxLength(255)
  email?: string;

  @IsOptional() @IsString() @MaxLength(64)
  ip?: string;

  @IsOptional() @Type(() => Date) @IsDate({ message: 'created_at_gte must be a date and time' })
  created_at_gte?: Date;

  @IsOptional() @Type(() => Date) @IsDate({ message: 'created_at_lte must be a date and time' })
  created_at_lte?: Date;
}
