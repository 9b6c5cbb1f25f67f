import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Week } from '../../seasons/weeks/entities/week.entity';

export const JOB_RUN_STATUSES = ['running', 'succeeded', 'failed', 'skipped'] as const;
export type JobRunStatus = (typeof JOB_RUN_STATUSES)[number];

/**
 * One run of a scheduled job for one week and slot (pick-reminders 24h, picks-sheet lock ...). The unique key is
 * the claim: of several app instances that find the run due, the one whose insert lands does the work, under a
 * lease; another may take over only a failed run or one whose lease expired (its instance died).
 */
@Entity('job_runs')
@Index(['job', 'week_id', 'slot'], { unique: true })
@Index(['week_id'])
export class JobRun {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 40 })
  job!: string;

  @Column({ type: 'int' })
  week_id!: number;

  @ManyToOne(() => Week, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'week_id' })
  week?: Week;

  @Column({ type: 'varchar', length: 16 })
  slot!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: JobRunStatus;

  @Column({ type: 'int', default: 1 })
  attempts!: number;

  /** The app instance that holds (or last held) the run. */
  @Column({ type: 'varchar', length: 64 })
  instance!: string;

  /** When the run was due by the schedule. */
  @Column({ type: 'datetime' })
  due_at!: Date;

  @Column({ type: 'datetime' })
  started_at!: Date;

  /** Until then no other instance takes the run over. */
  @Column({ type: 'datetime' })
  lease_expires_at!: Date;

  @Column({ type: 'datetime', nullable: true })
  finished_at!: Date | null;

  @Column({ type: 'int', default: 0 })
  sent_count!: number;

  @Column({ type: 'int', default: 0 })
  failed_count!: number;

  @Column({ type: 'varchar', length: 500, nullable: true })
  message!: string | null;
}
