import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export const SECURITY_EVENT_TYPES = [
  'login',
  'login_failed',
  'throttled',
  'logout',
  'logout_everywhere',
  'password_changed',
  'password_change_failed',
  'reauthenticated',
  'reauthentication_failed',
  'password_reset_requested',
  'password_reset',
  'email_changed',
  'role_changed',
  'user_deleted',
  'invitation_created',
  'invitation_deleted',
  'pick_override',
  'picks_reopened',
  'record_deleted',
  'entry_paid',
  'entry_unpaid',
  'passkey_added',
  'passkey_removed',
  'second_factor_challenged',
  'second_factor_failed',
  'second_factor_enrolled',
  'second_factor_removed',
  'second_factor_reset',
  'recovery_code_used',
  'recovery_codes_renewed',
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

/**
 * One entry of the security log: who did what to whom, from where. The ids are kept without foreign keys so the
 * trail outlives the accounts it names; `email` keeps the address tried when no account matched.
 */
@Entity('security_events')
@Index(['created_at'])
@Index(['type', 'created_at'])
@Index(['user_id', 'created_at'])
export class SecurityEvent {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 32 })
  type!: SecurityEventType;

  /** The account the event is about (the one logging in, changed, deleted …). */
  @Column({ type: 'int', nullable: true })
  user_id!: number | null;

  /** The signed-in account that caused it, when that is someone else (an admin). */
  @Column({ type: 'int', nullable: true })
  actor_id!: number | null;

  /** The e-mail address involved, lower-case (the one tried at login, the invited one …). */
  @Column({ type: 'varchar', length: 255, nullable: true })
  email!: string | null;

  /** The client's address, as TRUST_PROXY lets the app see it. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  ip!: string | null;

  /** A short description in plain words; never a password, token or link. */
  @Column({ type: 'varchar', length: 500, nullable: true })
  details!: string | null;

  @CreateDateColumn()
  created_at!: Date;
}
