import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Team } from './team.entity';

/**
 * The id a data provider gives a team (CFBD's numeric id, the scoreboard's seo name, a CSV's team name), kept once
 * the team is matched or an admin maps it, so the next import matches it without guessing (docs/imports.md).
 */
@Entity('team_provider_ids')
@Index(['provider', 'external_id'], { unique: true })
@Index(['team_id'])
export class TeamProviderId {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  team_id!: number;

  @ManyToOne(() => Team, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'team_id' })
  team?: Team;

  /** A ProviderName: cfbd, scoreboard or csv. */
  @Column({ type: 'varchar', length: 16 })
  provider!: string;

  @Column({ type: 'varchar', length: 100 })
  external_id!: string;

  /** The provider's name for the team when it was matched ("App State", "Iowa St."). */
  @Column({ type: 'varchar', length: 100 })
  external_name!: string;

  @CreateDateColumn()
  created_at!: Date;
}
