import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { decimalTransformer } from '../../database/decimal.transformer';
import { FootballSeason } from '../../seasons/entities/football-season.entity';
import { User } from '../../users/entities/user.entity';

@Entity('season_standings')
@Index(['football_season_id', 'user_id'], { unique: true })
@Index(['user_id'])
export class SeasonStanding {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  football_season_id!: number;

  @ManyToOne(() => FootballSeason, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'football_season_id' })
  football_season?: FootballSeason;

  @Column({ type: 'int' })
  user_id!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'int' })
  rank!: number;

  @Column({ type: 'int', default: 0 })
  total_wins!: number;

  @Column({ type: 'int', default: 0 })
  total_losses!: number;

  @Column({ type: 'int', default: 0 })
  total_games!: number;

  @Column({ type: 'int', default: 0 })
  total_pushes!: number;

  /** The sum of the counted weeks' points (docs/pool-formats.md). */
  @Column({ type: 'decimal', precision: 9, scale: 1, default: 0, transformer: decimalTransformer })
  total_points!: number;

  /** Weeks left out by the drop-worst-weeks rule (missed weeks first). */
  @Column({ type: 'int', default: 0 })
  weeks_dropped!: number;

  @Column({ type: 'decimal', precision: 5, scale: 1, default: 0, transformer: decimalTransformer })
  win_percentage!: number;

  @Column({ type: 'int', default: 0 })
  weeks_participated!: number;

  @Column({ type: 'int', default: 0 })
  total_tiebreaker_score!: number;

  @Column({ type: 'decimal', precision: 6, scale: 1, nullable: true, transformer: decimalTransformer })
  avg_tiebreaker_score!: number | null;

  @Column({ type: 'datetime' })
  calculated_at!: Date;
}
