import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One of an admin's single-use recovery codes, kept as a salted SHA-256 (recovery-codes.ts). */
@Entity('recovery_codes')
@Index(['user_id'])
export class RecoveryCode {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  user_id!: number;

  @Column({ type: 'varchar', length: 128 })
  code_hash!: string;

  @Column({ type: 'datetime', nullable: true })
  used_at!: Date | null;

  @CreateDateColumn()
  created_at!: Date;
}
