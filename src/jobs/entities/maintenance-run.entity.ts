import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { JobRunStatus } from './job-run.entity';

/**
 * One run of a daily upkeep job (security-log pruning, the database backup) for one slot (its UTC day). As with
 * job runs, the unique key is the claim: of several instances that find the run due, the one whose conditional
 * update wins does the work, under a lease.
 */
@Entity('maintenance_runs')
@Index(['job', 'slot'], { unique: true })
export class MaintenanceRun {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 40 })
  job!: string;

  /** The day it is for, "2026-11-25" (UTC). */
  @Column({ type: 'varchar', length: 32 })
  slot!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: JobRunStatus;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  @Column({ type: 'varchar', length: 64 })
  instance!: string;

  @Column({ type: 'datetime' })
  started_at!: Date;

  @Column({ type: 'datetime' })
  lease_expires_at!: Date;

  @Column({ type: 'datetime', nullable: true })
  finished_at!: Date | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  message!: string | null;
}
