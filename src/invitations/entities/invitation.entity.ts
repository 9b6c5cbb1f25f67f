import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../../users/entities/user.entity';

/** Stored statuses; "expired" is derived on read from expires_at. */
export const INVITATION_STATUSES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

@Entity('invitations')
@Index(['token_hash'], { unique: true })
@Index(['email'])
export class Invitation {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 255 })
  email!: string;

  /** SHA-256 of the token sent by e-mail; the token itself is never stored. */
  @Column({ type: 'varchar', length: 64 })
  token_hash!: string;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status!: InvitationStatus;

  @Column({ type: 'datetime' })
  expires_at!: Date;

  @Column({ type: 'int', nullable: true })
  invited_by_id!: number | null;

  @ManyToOne(() => User, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'invited_by_id' })
  invited_by?: User | null;

  @Column({ type: 'datetime', nullable: true })
  accepted_at!: Date | null;

  @CreateDateColumn()
  created_at!: Date;
}
