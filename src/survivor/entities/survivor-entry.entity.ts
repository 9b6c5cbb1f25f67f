import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../../users/entities/user.entity';
import { SurvivorContest } from './survivor-contest.entity';

/** A member entered in a survivor contest: by opting in, or entered by an admin (entered_by_id). */
@Entity('survivor_entries')
@Index(['survivor_contest_id', 'user_id'], { unique: true })
@Index(['user_id'])
export class SurvivorEntry {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  survivor_contest_id!: number;

  @ManyToOne(() => SurvivorContest, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'survivor_contest_id' })
  contest?: SurvivorContest;

  @Column({ type: 'int' })
  user_id!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'datetime' })
  entered_at!: Date;

  /** The admin who entered the member; null when the member opted in (or that admin's account is gone). */
  @Column({ type: 'int', nullable: true })
  entered_by_id!: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'entered_by_id' })
  entered_by?: User | null;

  /** When an admin marked the entry fee paid (tracking only); null: not paid. */
  @Column({ type: 'datetime', nullable: true })
  paid_at!: Date | null;

  @Column({ type: 'int', nullable: true })
  paid_marked_by_id!: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'paid_marked_by_id' })
  paid_marked_by?: User | null;
}
