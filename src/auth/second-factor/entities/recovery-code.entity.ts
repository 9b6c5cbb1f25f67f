import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One of an admin's single-use recovery codes, kept as its SHA-256 (the codes are random, 64 bits each). */
@Entity('recovery_codes')
@Index(['user_id', 'code_hash'], { unique: true })
export class RecoveryCode {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  user_id!: number;

  @Column({ type: 'varchar', length: 64 })
  code_hash!: string;

  @Column({ type: 'datetime', nullable: true })
  used_at!: Date | null;

  @CreateDateColumn()
  created_at!: Date;
}
