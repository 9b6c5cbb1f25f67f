import { BooleanColumn } from '../../database/boolean-column.decorator';
import { Column, Entity, Index, PrimaryGeneratedColumn, ValueTransformer } from 'typeorm';
import type { MissedWeekRule, PickMode, PushRule, WeeklyTieRule } from '../season-rules';

/** Payout percentages stored as "50,30,20" (empty: none). */
export const percentagesTransformer: ValueTransformer = {
  to: (value?: readonly number[] | null) => (value ?? []).join(','),
  // TypeORM also hands back what it just wrote, already a list.
  from: (value?: string | number[] | null) => (Array.isArray(value) ? value : value ? value.split(',').map(Number) : []),
};

@Entity('football_seasons')
@Index(['name'], { unique: true })
export class FootballSeason {
  @PrimaryGeneratedColumn()
  id!: number;

  /** For example "2025-2026". */
  @Column({ type: 'varchar', length: 50 })
  name!: string;

  @Column({ type: 'int' })
  year!: number;

  @Column({ type: 'date' })
  start_date!: string;

  @Column({ type: 'date' })
  end_date!: string;

  @BooleanColumn({ default: false })
  is_current!: boolean;

  // The pool format (docs/pool-formats.md; defaults in season-rules.ts are the spec's rules).
  @Column({ type: 'varchar', length: 8, default: 'winner' })
  pick_mode!: PickMode;

  @Column({ type: 'varchar', length: 8, default: 'loss' })
  push_rule!: PushRule;

  @BooleanColumn({ default: false })
  half_point_lines!: boolean;

  @BooleanColumn({ default: false })
  confidence_points!: boolean;

  @BooleanColumn({ default: false })
  lock_of_week!: boolean;

  @Column({ type: 'int', default: 0 })
  drop_worst_weeks!: number;

  @Column({ type: 'varchar', length: 8, default: 'loss' })
  missed_weeks!: MissedWeekRule;

  @Column({ type: 'varchar', length: 12, default: 'tiebreaker' })
  weekly_ties!: WeeklyTieRule;

  /** Null: every game of the week. */
  @Column({ type: 'int', nullable: true, default: 10 })
  games_per_week!: number | null;

  @BooleanColumn({ default: false })
  commissioner_plays!: boolean;

  /** Whether the season runs its pick'em; false: it runs only its survivor contest (docs/pool-formats.md#survivor). */
  @BooleanColumn({ default: true })
  pickem!: boolean;

  // Entry fees and payouts (docs/pool-formats.md#entry-fees-and-payouts): tracking only, in whole cents.
  @Column({ type: 'int', default: 0 })
  entry_fee_cents!: number;

  @Column({ type: 'int', default: 0 })
  weekly_winner_cents!: number;

  /** Percent of the season prize pool for places 1..n. */
  @Column({ type: 'varchar', length: 255, default: '', transformer: percentagesTransformer })
  payout_percentages!: number[];
}
