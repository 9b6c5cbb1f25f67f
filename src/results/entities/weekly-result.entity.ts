import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { decimalTransformer } from '../../database/decimal.transformer';
import { User } from '../../users/entities/user.entity';
import { Week } from '../../seasons/weeks/entities/week.entity';

@Entity('weekly_results')
@Index(['week_id', 'user_id'], { unique: true })
@Index(['user_id'])
export class WeeklyResult {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  week_id!: number;

  @ManyToOne(() => Week, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'week_id' })
  week?: Week;

  @Column({ type: 'int' })
  user_id!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'int', default: 0 })
  wins!: number;

  @Column({ type: 'int', default: 0 })
  losses!: number;

  @Column({ type: 'int', default: 0 })
  total_games!: number;

  /** Against the spread: games that landed on the line (docs/pool-formats.md). */
  @Column({ type: 'int', default: 0 })
  pushes!: number;

  /** What the week ranks by: wins under the spec's rules; weighed by confidence, lock and half-win pushes otherwise. */
  @Column({ type: 'decimal', precision: 8, scale: 1, default: 0, transformer: decimalTransformer })
  points!: number;

  @Column({ type: 'decimal', precision: 5, scale: 1, default: 0, transformer: decimalTransformer })
  win_percentage!: number;

  /** Distance of the member's tiebreaker prediction from the final score; null without a prediction. */
  @Column({ type: 'int', nullable: true })
  tiebreaker_score!: number | null;

  @Column({ type: 'int', nullable: true })
  rank!: number | null;

  @Column({ type: 'datetime' })
  calculated_at!: Date;
}
