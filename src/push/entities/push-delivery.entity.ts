import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Week } from '../../seasons/weeks/entities/week.entity';
import { User } from '../../users/entities/user.entity';
import { PushSubscription } from './push-subscription.entity';

/**
 * queued: waiting for its first attempt or a retry; sending: claimed by an instance until next_attempt_at; sent;
 * failed: every attempt failed (or the push service refused it for good); expired: its moment passed before it
 * could go (a reminder after its deadline); gone: the push service said the subscription no longer exists (404/410),
 * and the subscription was deleted.
 */
export const PUSH_STATUSES = ['queued', 'sending', 'sent', 'failed', 'expired', 'gone'] as const;
export type PushStatus = (typeof PUSH_STATUSES)[number];

/**
 * One push message to one device of a member: the outbox row written in the same transaction as its cause, then the
 * push delivery log. Unique per (member, kind, week, round, device): a device never gets the same message twice,
 * across app instances. Messages without a week (a pick override) are left alone by that key, as in the e-mail outbox.
 */
@Entity('push_deliveries')
@Index(['user_id', 'kind', 'week_id', 'round', 'subscription_id'], { unique: true })
@Index(['status', 'next_attempt_at'])
@Index(['claimed_by'])
@Index(['subscription_id'])
@Index(['week_id'])
export class PushDelivery {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  user_id!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  /** The device; null once the subscription was deleted (the row stays in the log). */
  @Column({ type: 'int', nullable: true })
  subscription_id!: number | null;

  @ManyToOne(() => PushSubscription, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'subscription_id' })
  subscription?: PushSubscription | null;

  @Column({ type: 'int', nullable: true })
  week_id!: number | null;

  @ManyToOne(() => Week, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'week_id' })
  week?: Week | null;

  /** reminder-24h (one per REMINDER_HOURS slot), reminder-manual, picks-sheet, game-final, weekly-results, pick-changed. */
  @Column({ type: 'varchar', length: 32 })
  kind!: string;

  /** 0 for what goes out once a week; a manual reminder's round; a game final's game id. */
  @Column({ type: 'int', default: 0 })
  round!: number;

  /** The notification as JSON: {title, body, url, tag}, only what the member may see. Encrypted when sent. */
  @Column({ type: 'text' })
  payload!: string;

  /** How long the push service keeps the message for an offline device, in seconds (when expires_at is not set). */
  @Column({ type: 'int' })
  ttl!: number;

  @Column({ type: 'varchar', length: 10 })
  urgency!: 'very-low' | 'low' | 'normal' | 'high';

  /** Past this the message is pointless (a reminder after its deadline): its TTL ends here, and it is not sent after. */
  @Column({ type: 'datetime', nullable: true })
  expires_at!: Date | null;

  @Column({ type: 'varchar', length: 16 })
  status!: PushStatus;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  /** Queued: not to be tried before this. Sending: the claim's lease. */
  @Column({ type: 'datetime', nullable: true })
  next_attempt_at!: Date | null;

  /** The claim (instance and batch) that holds or last held the row. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  claimed_by!: string | null;

  /** The push service's status code of the last attempt. */
  @Column({ type: 'int', nullable: true })
  response_status!: number | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  error!: string | null;

  @CreateDateColumn()
  created_at!: Date;

  @Column({ type: 'datetime', nullable: true })
  last_attempt_at!: Date | null;

  @Column({ type: 'datetime', nullable: true })
  sent_at!: Date | null;
}
