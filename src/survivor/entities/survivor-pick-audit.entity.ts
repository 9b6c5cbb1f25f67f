import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../../users/entities/user.entity';

/** One admin change to an entrant's survivor pick, as pick_audits are for pick'em: who, when, before, after, why. */
@Entity('survivor_pick_audits')
@Index(['survivor_contest_id'])
@Index(['user_id'])
export class SurvivorPickAudit {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  survivor_contest_id!: number;

  /** Kept without a foreign key so the trail outlives a deleted pick. */
  @Column({ type: 'int', nullable: true })
  survivor_pick_id!: number | null;

  /** The entrant whose pick it is. */
  @Column({ type: 'int' })
  user_id!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'int' })
  week_id!: number;

  @Column({ type: 'int', nullable: true })
  admin_id!: number | null;

  @ManyToOne(() => User, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'admin_id' })
  admin?: User | null;

  /** create, update or delete. */
  @Column({ type: 'varchar', length: 16 })
  action!: string;

  /** JSON of the pick before the change (null on create). */
  @Column({ type: 'text', nullable: true })
  previous_value!: string | null;

  /** JSON of the pick after the change (null on delete). */
  @Column({ type: 'text', nullable: true })
  new_value!: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  reason!: string | null;

  @CreateDateColumn()
  created_at!: Date;
}
