import { BooleanColumn } from '../../database/boolean-column.decorator';
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

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
}
