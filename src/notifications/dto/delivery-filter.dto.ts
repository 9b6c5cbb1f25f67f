import { IsIn, IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { DELIVERY_STATUSES, type DeliveryStatus } from '../../mail/entities/notification-delivery.entity';

/** Filters of the delivery log (GET /api/weekly_notifications/deliveries). */
export class DeliveryFilterDto {
  @IsOptional() @Min(1) @IsInt({ message: 'week_id must be a whole number' })
  week_id?: number;

  @IsOptional() @Min(1) @IsInt({ message: 'user_id must be a whole number' })
  user_id?: number;

  @IsOptional() @Min(1) @IsInt({ message: 'invitation_id must be a whole number' })
  invitation_id?: number;

  @IsOptional() @IsString() @MaxLength(32)
  kind?: string;

  @IsOptional() @IsIn(DELIVERY_STATUSES, { message: `status must be one of: ${DELIVERY_STATUSES.join(', ')}` })
  status?: DeliveryStatus;
}
