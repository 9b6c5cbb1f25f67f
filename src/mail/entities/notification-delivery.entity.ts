import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Invitation } from '../../invitations/entities/invitation.entity';
import { User } from '../../users/entities/user.entity';
import { Week } from '../../seasons/weeks/entities/week.entity';

/**
 * queued: waiting for its first attempt or a retry (not before next_attempt_at); sending: claimed by a sender until
 * next_attempt_at (after which another may take it over); sent; failed: every attempt failed, until an admin retries.
 */
export const DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * One e-mail of the pool: the outbox row written in the same transaction as its cause, and then the delivery log
 * admins read. The week's e-mails (weekly, reminders, picks sheet) carry their week and are unique per (week,
 * member, kind, round), so a member never gets the same one twice; other e-mails (invitation, password reset, pick
 * override) have no week, which that unique key leaves alone.
 */
@Entity('notification_deliveries')
@Index(['week_id', 'user_id', 'kind', 'round'], { unique: true })
@Index(['user_id'])
@Index(['invitation_id'])
@Index(['status', 'next_attempt_at'])
export class NotificationDelivery {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int', nullable: true })
  week_id!: number | null;

  @ManyToOne(() => Week, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'week_id' })
  week?: Week;

  /** The member it is for; null for an invitation (no account yet). */
  @Column({ type: 'int', nullable: true })
  user_id!: number | null;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User | null;

  /** The invitation this e-mail carries the link of. */
  @Column({ type: 'int', nullable: true })
  invitation_id!: number | null;

  @ManyToOne(() => Invitation, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'invitation_id' })
  invitation?: Invitation | null;

  /** weekly, reminder-24h (one per REMINDER_HOURS slot), reminder-manual, picks-sheet, invitation, password-reset, pick-changed. */
  @Column({ type: 'varchar', length: 32 })
  kind!: string;

  /** 0 for the e-mails that go out once; each manual reminder of a week is a new round. */
  @Column({ type: 'int', default: 0 })
  round!: number;

  /** The address it goes to, as it was then. */
  @Column({ type: 'varchar', length: 255 })
  email!: string;

  /** The template pair in mail/templates, rendered when the e-mail is sent. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  template!: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  subject!: string | null;

  /**
   * The template's context, sealed (mail/message-seal.ts: it may hold a link's secret token); deleted once sent, and a
   * one-time link's once it failed for good. Rows written before sealing hold plain JSON.
   */
  @Column({ type: 'text', nullable: true })
  context!: string | null;

  @Column({ type: 'varchar', length: 16 })
  status!: DeliveryStatus;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  /** Queued: not to be tried before this. Sending: the claim's lease; past it the sender is taken for dead. */
  @Column({ type: 'datetime', nullable: true })
  next_attempt_at!: Date | null;

  /** The app instance that holds (or last held) the claim. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  claimed_by!: string | null;

  /** Why the last attempt failed, as the mail server said it. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  error!: string | null;

  @CreateDateColumn()
  created_at!: Date;

  @Column({ type: 'datetime', nullable: true })
  first_attempt_at!: Date | null;

  @Column({ type: 'datetime', nullable: true })
  last_attempt_at!: Date | null;

  @Column({ type: 'datetime', nullable: true })
  sent_at!: Date | null;
}
