import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../../users/entities/user.entity';

/**
 * One signed-in session: each session token names its row (the `sid` claim), and a token is valid only while its
 * row is neither revoked nor expired. Logging out revokes the row on the server.
 */
@Entity('sessions')
@Index(['public_id'], { unique: true })
@Index(['user_id'])
export class Session {
  @PrimaryGeneratedColumn()
  id!: number;

  /** Random, carried in the token as `sid` and shown to its owner to pick a session to end. */
  @Column({ type: 'varchar', length: 32 })
  public_id!: string;

  @Column({ type: 'int' })
  user_id!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'varchar', length: 255, nullable: true })
  user_agent!: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip!: string | null;

  @CreateDateColumn()
  created_at!: Date;

  /** Updated at most every few minutes while the session is used. */
  @Column({ type: 'datetime' })
  last_seen_at!: Date;

  /** When it ends unless used again: a "Stay signed in" session's uses move it on, up to ends_at. */
  @Column({ type: 'datetime' })
  expires_at!: Date;

  /** When it ends however much it is used; null (a session from before the column) means expires_at. */
  @Column({ type: 'datetime', nullable: true })
  ends_at!: Date | null;

  @Column({ type: 'datetime', nullable: true })
  revoked_at!: Date | null;

  /** When its owner last proved who they are: at sign-in, and when confirming before a sensitive change. */
  @Column({ type: 'datetime', nullable: true })
  reauthenticated_at!: Date | null;
}
