import type { DeliveryStatus, NotificationDelivery } from '../entities/notification-delivery.entity';

/** Who was sent what, when, and why it failed. */
export class DeliveryResponseDto {
  id!: number;
  week_id!: number;
  user_id!: number;
  user!: { id: number; name: string; email: string } | null;
  /** weekly, reminder-24h ..., reminder-manual, picks-sheet. */
  kind!: string;
  round!: number;
  email!: string;
  status!: DeliveryStatus;
  attempts!: number;
  error!: string | null;
  first_attempt_at!: Date;
  last_attempt_at!: Date;
  sent_at!: Date | null;
  /** When the delivery was first attempted (the record's creation). */
  created_at!: Date;

  static from(delivery: NotificationDelivery): DeliveryResponseDto {
    return {
      id: delivery.id,
      week_id: delivery.week_id,
      user_id: delivery.user_id,
      user: delivery.user ? { id: delivery.user.id, name: delivery.user.name, email: delivery.user.email } : null,
      kind: delivery.kind,
      round: delivery.round,
      email: delivery.email,
      status: delivery.status,
      attempts: delivery.attempts,
      error: delivery.error,
      first_attempt_at: delivery.first_attempt_at,
      last_attempt_at: delivery.last_attempt_at,
      sent_at: delivery.sent_at,
      created_at: delivery.first_attempt_at,
    };
  }
}
