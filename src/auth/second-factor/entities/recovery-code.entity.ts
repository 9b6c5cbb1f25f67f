import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../../../users/entities/user.entity';

/** One of an admin's single-use recovery codes, kept as a salted SHA-256 (recovery-codes.ts). */
@Entity('recovery_codes')
@Index(['user_id'])
export class RecoveryCode {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  user_id!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'varchar', length: 128 })
  code_hash!: string;

  @Column({ type: 'datetime', nullable: true })
  used_at!: Date | null;

  @CreateDateColumn()
  created_at!: Date;
}
