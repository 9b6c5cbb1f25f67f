import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../../users/entities/user.entity';

/** score_sync: a change written by the score sync (the system, no admin; docs/imports.md#score-sync). */
export type GameAuditAction = 'create' | 'update' | 'picks_locked' | 'picks_reopened' | 'score_sync';

/**
 * One change of a game's outcome (status, scores, winner, forfeit), or of the lock on its revealed picks: who, when,
 * what it was and what it became.
 */
@Entity('game_audits')
@Index(['game_id'])
export class GameAudit {
  @PrimaryGeneratedColumn()
  id!: number;

  /** Kept without a foreign key so the trail outlives a deleted game. */
  @Column({ type: 'int' })
  game_id!: number;

  @Column({ type: 'int', nullable: true })
  admin_id!: number | null;

  @ManyToOne(() => User, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'admin_id' })
  admin?: User | null;

  /** A GameAuditAction. */
  @Column({ type: 'varchar', length: 16 })
  action!: string;

  /** JSON of the outcome before the change (null on create). */
  @Column({ type: 'text', nullable: true })
  previous_value!: string | null;

  /** JSON of the outcome after the change. */
  @Column({ type: 'text' })
  new_value!: string;

  @CreateDateColumn()
  created_at!: Date;
}
