import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from '../../../users/entities/user.entity';

/**
 * An admin's authenticator app (RFC 6238): one row per user. The secret is stored encrypted (totp-secrets.ts);
 * `confirmed_at` is null until the admin proved the app works with a first code; `last_step` is the time step of the
 * last code accepted, so a code is never accepted twice.
 */
@Entity('totp_factors')
export class TotpFactor {
  @PrimaryColumn({ type: 'int' })
  user_id!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'varchar', length: 255 })
  secret_encrypted!: string;

  @Column({ type: 'datetime', nullable: true })
  confirmed_at!: Date | null;

  @Column({ type: 'bigint', nullable: true, transformer: { to: (value: number | null) => value, from: (value: string | number | null) => (value === null ? null : Number(value)) } })
  last_step!: number | null;

  @CreateDateColumn()
  created_at!: Date;
}
