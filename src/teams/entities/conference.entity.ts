import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity('conferences')
@Index(['name'], { unique: true })
export class Conference {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 100 })
  name!: string;
}
