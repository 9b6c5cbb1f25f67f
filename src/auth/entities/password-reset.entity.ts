import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../../users/entities/user.entity';

@Entity('password_resets')
@Index(['token_hash'], { unique: true })
@Index(['user_id'])
export class PasswordReset {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  user_id!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  /** SHA-256 of the token sent by e-mail; the token itself is never stored. */
  @Column({ type: 'varchar', length: 64 })
  token_hash!: string;

  @Column({ type: 'datetime' })
  expires_at!: Date;

  @Column({ type: 'datetime', nullable: true })
  used_at!: Date | null;

  @CreateDateColumn()
  created_at!: Date;
}
