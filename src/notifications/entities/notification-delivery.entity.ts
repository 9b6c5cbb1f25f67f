import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../../users/entities/user.entity';
import { Week } from '../../weeks/entities/week.entity';

export const DELIVERY_STATUSES = ['sending', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * One e-mail of a week to one member: the weekly e-mail, a pick reminder, the picks sheet. The unique key
 * (week, member, kind, round) is the claim that makes each e-mail go out once, however many requests or app
 * instances try at the same moment; the row then records the outcome.
 */
@Entity('notification_deliveries')
@Index(['week_id', 'user_id', 'kind', 'round'], { unique: true })
@Index(['user_id'])
export class NotificationDelivery {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  week_id!: number;

  @ManyToOne(() => Week, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'week_id' })
  week?: Week;

  @Column({ type: 'int' })
  user_id!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  /** weekly, reminder-24h (one per REMINDER_HOURS slot), reminder-manual, picks-sheet. */
  @Column({ type: 'varchar', length: 32 })
  kind!: string;

  /** 0 for the e-mails that go out once; each manual reminder of a week is a new round. */
  @Column({ type: 'int', default: 0 })
  round!: number;

  /** The address it went to, as it was then. */
  @Column({ type: 'varchar', length: 255 })
  email!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: DeliveryStatus;

  @Column({ type: 'int', default: 1 })
  attempts!: number;

  /** Why the last attempt failed, as the mail server said it. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  error!: string | null;

  @Column({ type: 'datetime' })
  first_attempt_at!: Date;

  @Column({ type: 'datetime' })
  last_attempt_at!: Date;

  @Column({ type: 'datetime', nullable: true })
  sent_at!: Date | null;
}
