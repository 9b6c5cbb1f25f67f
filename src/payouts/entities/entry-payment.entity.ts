import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { FootballSeason } from '../../seasons/entities/football-season.entity';
import { User } from '../../users/entities/user.entity';

/** A member's entry paid for a season, as the admin marked it (tracking only); no row: not paid. */
@Entity('entry_payments')
@Index(['football_season_id', 'user_id'], { unique: true })
@Index(['user_id'])
export class EntryPayment {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  football_season_id!: number;

  @ManyToOne(() => FootballSeason, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'football_season_id' })
  football_season?: FootballSeason;

  @Column({ type: 'int' })
  user_id!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'datetime' })
  paid_at!: Date;

  /** The admin who marked it; null once that account is deleted. */
  @Column({ type: 'int', nullable: true })
  marked_by_id!: number | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'marked_by_id' })
  marked_by?: User | null;
}
