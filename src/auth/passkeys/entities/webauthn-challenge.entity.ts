import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** What a challenge was handed out for. */
export type ChallengePurpose = 'register' | 'login' | 'reauthenticate';

/**
 * A WebAuthn challenge handed out and not yet answered: single-use (answering deletes it), short-lived, and for
 * registration and confirmation bound to the session that asked. Kept in the database so any instance can check it.
 */
@Entity('webauthn_challenges')
@Index(['challenge'], { unique: true })
@Index(['expires_at'])
export class WebauthnChallenge {
  @PrimaryGeneratedColumn()
  id!: number;

  /** base64url, as it comes back in the client data. */
  @Column({ type: 'varchar', length: 64 })
  challenge!: string;

  @Column({ type: 'varchar', length: 16 })
  purpose!: ChallengePurpose;

  /** The session that asked (registration, confirmation); null for a sign-in. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  session_id!: string | null;

  @Column({ type: 'datetime' })
  expires_at!: Date;
}
