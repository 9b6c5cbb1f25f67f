import { ApiProperty } from '@nestjs/swagger';
import type { DeliveryStatus, NotificationDelivery } from '../../mail/entities/notification-delivery.entity';
import { MemberRefDto } from '../../common/dto/refs.dto';

/** Who was sent what, when, and why it failed. */
export class DeliveryResponseDto {
  id!: number;
  /** The week of a weekly e-mail, reminder or picks sheet; null for other e-mails. */
  @ApiProperty({ description: 'The week of a weekly e-mail, reminder or picks sheet; null for other e-mails.' })
  week_id!: number | null;
  user_id!: number | null;
  user!: MemberRefDto | null;
  invitation_id!: number | null;
  /** weekly, reminder-24h ..., reminder-manual, picks-sheet, invitation, password-reset, pick-changed. */
  @ApiProperty({ description: 'weekly, reminder-24h ..., reminder-manual, picks-sheet, invitation, password-reset, pick-changed.' })
  kind!: string;
  round!: number;
  email!: string;
  subject!: string | null;
  /** queued, sending, sent, or failed (every attempt failed: an admin may retry it). */
  @ApiProperty({ description: 'queued, sending, sent, or failed (every attempt failed: an admin may retry it).' })
  status!: DeliveryStatus;
  attempts!: number;
  /** Why the last attempt failed, as the mail server said it. */
  @ApiProperty({ description: 'Why the last attempt failed, as the mail server said it.' })
  error!: string | null;
  /** When a queued e-mail is due (its next retry). */
  @ApiProperty({ description: 'When a queued e-mail is due (its next retry).' })
  next_attempt_at!: Date | null;
  first_attempt_at!: Date | null;
  last_attempt_at!: Date | null;
  sent_at!: Date | null;
  /** When the e-mail was queued, with the change that caused it. */
  @ApiProperty({ description: 'When the e-mail was queued.' })
  created_at!: Date;

  static from(delivery: NotificationDelivery): DeliveryResponseDto {
    return {
      id: delivery.id,
      week_id: delivery.week_id,
      user_id: delivery.user_id,
      user: delivery.user ? { id: delivery.user.id, name: delivery.user.name, email: delivery.user.email } : null,
      invitation_id: delivery.invitation_id,
      kind: delivery.kind,
      round: delivery.round,
      email: delivery.email,
      subject: delivery.subject,
      status: delivery.status,
      attempts: delivery.attempts,
      error: delivery.error,
      next_attempt_at: delivery.status === 'queued' ? delivery.next_attempt_at : null,
      first_attempt_at: delivery.first_attempt_at,
      last_attempt_at: delivery.last_attempt_at,
      sent_at: delivery.sent_at,
      created_at: delivery.created_at,
    };
  }
}
