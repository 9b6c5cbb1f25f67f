import { Type } from 'class-transformer';
import { IsInt, Min } from 'class-validator';

const WEEK_ID_REQUIRED = 'week_id is required and must be a whole number';

/** ?week_id=… of the weekly notification reads. */
export class WeekQueryDto {
  @Type(() => Number) @IsInt({ message: WEEK_ID_REQUIRED }) @Min(1, { message: WEEK_ID_REQUIRED })
  week_id!: number;
}

/** Body of POST /api/weekly_notifications/send. */
export class SendWeeklyNotificationDto {
  @IsInt({ message: 'week_id must be a whole number' }) @Min(1, { message: 'week_id must be a whole number' })
  week_id!: number;
}
