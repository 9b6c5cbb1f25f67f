import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../../users/entities/user.entity';

/**
 * One browser (device) of a member that asked for push notifications: the PushSubscription it made, with the keys
 * its payloads are encrypted to. The endpoint is unique (by its SHA-256, since a case-insensitive collation would take
 * two push tokens differing in case for one): the same browser subscribing again updates its row.
 */
@Entity('push_subscriptions')
@Index(['endpoint_hash'], { unique: true })
@Index(['user_id'])
export class PushSubscription {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  user_id!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  /** The push service's URL for this browser: a capability, never shown to anyone but its member. */
  @Column({ type: 'varchar', length: 1000 })
  endpoint!: string;

  /** SHA-256 of the endpoint, hex: the unique key. */
  @Column({ type: 'varchar', length: 64 })
  endpoint_hash!: string;

  /** The browser's P-256 public key (65 bytes uncompressed), base64url. */
  @Column({ type: 'varchar', length: 100 })
  p256dh!: string;

  /** The browser's 16-byte authentication secret, base64url. */
  @Column({ type: 'varchar', length: 32 })
  auth!: string;

  /** The User-Agent header the subscription was made with, as a label ("Chrome on Android"). */
  @Column({ type: 'varchar', length: 255, nullable: true })
  user_agent!: string | null;

  /** When the push service said the subscription ends, if it did. */
  @Column({ type: 'datetime', nullable: true })
  expires_at!: Date | null;

  @CreateDateColumn()
  created_at!: Date;

  /** The last time a push service accepted a message for it. */
  @Column({ type: 'datetime', nullable: true })
  last_success_at!: Date | null;
}
