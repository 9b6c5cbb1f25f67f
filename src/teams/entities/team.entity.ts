import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Conference } from './conference.entity';

/** A team's division, as CFBD classifies it: FBS, FCS, Division II, Division III. */
export const TEAM_CLASSIFICATIONS = ['fbs', 'fcs', 'ii', 'iii'] as const;
export type TeamClassification = (typeof TEAM_CLASSIFICATIONS)[number];

@Entity('teams')
@Index(['name'], { unique: true })
@Index(['conference_id'])
export class Team {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  mascot!: string | null;

  @Column({ type: 'varchar', length: 100 })
  city!: string;

  @Column({ type: 'varchar', length: 50 })
  state!: string;

  @Column({ type: 'int' })
  conference_id!: number;

  @ManyToOne(() => Conference, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'conference_id' })
  conference?: Conference;

  @Column({ type: 'int', default: 0 })
  wins!: number;

  @Column({ type: 'int', default: 0 })
  losses!: number;

  @Column({ type: 'varchar', length: 100, nullable: true })
  nickname!: string | null;

  @Column({ type: 'varchar', length: 255 })
  webpage_url!: string;

  /** Other names providers use for the team ("App State", "Florida International"), matched on import. */
  @Column({ type: 'simple-json', nullable: true })
  alternate_names!: string[] | null;

  /** fbs, fcs, ii, iii (CFBD's classification); null when not known. */
  @Column({ type: 'varchar', length: 8, nullable: true })
  classification!: string | null;
}
