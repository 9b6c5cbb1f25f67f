import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { BooleanColumn } from '../../../database/boolean-column.decorator';
import { User } from '../../../users/entities/user.entity';

/** A member's passkey (a WebAuthn credential): its public key and signature counter, kept to verify sign-ins. */
@Entity('passkeys')
@Index(['credential_id'], { unique: true })
@Index(['user_id'])
export class Passkey {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  user_id!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  /** The authenticator's credential id, base64url (at most 255 characters here: longer ones are refused). */
  @Column({ type: 'varchar', length: 255 })
  credential_id!: string;

  /** The COSE public key, base64url. */
  @Column({ type: 'text' })
  public_key!: string;

  /** The signature counter last seen; 0 for authenticators that keep none (synced passkeys). */
  @Column({ type: 'bigint', transformer: { to: (value: number) => value, from: (value: string | number) => Number(value) } })
  counter!: number;

  /** How the browser can reach the authenticator (internal, hybrid, usb …), comma-separated. */
  @Column({ type: 'varchar', length: 255, default: '' })
  transports!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  /** Whether the passkey is synced (backed up) by its provider, as the authenticator said at its last use. */
  @BooleanColumn({ default: false })
  backed_up!: boolean;

  @CreateDateColumn()
  created_at!: Date;

  @Column({ type: 'datetime', nullable: true })
  last_used_at!: Date | null;
}
