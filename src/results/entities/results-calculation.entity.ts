import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { BooleanColumn } from '../../database/boolean-column.decorator';
import { User } from '../../users/entities/user.entity';
import { Week } from '../../seasons/weeks/entities/week.entity';

/**
 * When a week's results were last calculated, and how: by the results refresher once its games went final
 * (automatic), or by an admin's "Calculate Results". One row per week, replaced by each calculation.
 */
@Entity('results_calculations')
@Index(['week_id'], { unique: true })
export class ResultsCalculation {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  week_id!: number;

  @ManyToOne(() => Week, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'week_id' })
  week?: Week;

  @Column({ type: 'datetime' })
  calculated_at!: Date;

  /** Calculated by the app itself (the results refresher, the demo seed), not by an admin. */
  @BooleanColumn({ default: false })
  automatic!: boolean;

  /** The admin who asked for it; null when automatic, or once that account is deleted. */
  @Column({ type: 'int', nullable: true })
  calculated_by_user_id!: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'calculated_by_user_id' })
  calculated_by?: User | null;
}
