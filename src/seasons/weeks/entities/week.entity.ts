import { BooleanColumn } from '../../../database/boolean-column.decorator';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { FootballSeason } from '../../entities/football-season.entity';

@Entity('weeks')
@Index(['football_season_id', 'number'], { unique: true })
export class Week {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  football_season_id!: number;

  @ManyToOne(() => FootballSeason, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'football_season_id' })
  football_season?: FootballSeason;

  @Column({ type: 'int' })
  number!: number;

  @Column({ type: 'date' })
  start_date!: string;

  @Column({ type: 'date' })
  end_date!: string;

  /** Set by an admin; overrides the status computed from the dates. */
  @BooleanColumn({ default: false })
  is_current!: boolean;
}
