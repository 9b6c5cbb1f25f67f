import { BooleanColumn } from '../../database/boolean-column.decorator';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { Game } from '../../games/entities/game.entity';
import { Week } from '../../seasons/weeks/entities/week.entity';
import { Team } from '../../teams/entities/team.entity';
import { User } from '../../users/entities/user.entity';
import { SurvivorContest } from './survivor-contest.entity';

/**
 * An entrant's survivor pick of a week: one team of one of the week's games. The unique keys make the contest's two
 * rules true in the database: one pick per entrant and week, and a team at most once per reuse period (0 for the
 * whole contest under `reuse: never`; 1 or 2, the half of the season the week falls in, under `reuse: half`).
 */
@Entity('survivor_picks')
@Index(['survivor_contest_id', 'user_id', 'week_id'], { unique: true })
@Index(['survivor_contest_id', 'user_id', 'team_id', 'reuse_period'], { unique: true })
@Index(['survivor_contest_id', 'week_id'])
@Index(['user_id'])
@Index(['game_id'])
@Index(['week_id'])
@Index(['team_id'])
export class SurvivorPick {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  survivor_contest_id!: number;

  @ManyToOne(() => SurvivorContest, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'survivor_contest_id' })
  contest?: SurvivorContest;

  @Column({ type: 'int' })
  user_id!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'int' })
  week_id!: number;

  @ManyToOne(() => Week, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'week_id' })
  week?: Week;

  @Column({ type: 'int' })
  game_id!: number;

  @ManyToOne(() => Game, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'game_id' })
  game?: Game;

  @Column({ type: 'int' })
  team_id!: number;

  @ManyToOne(() => Team, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'team_id' })
  team?: Team;

  /** 0 under `reuse: never`; under `reuse: half`, 1 or 2 by the half of the season the week falls in. */
  @Column({ type: 'int', default: 0 })
  reuse_period!: number;

  /** Given by the results for a missed week (`missed: favourite`), not picked by the entrant. */
  @BooleanColumn({ default: false })
  assigned!: boolean;

  @CreateDateColumn()
  created_at!: Date;

  @UpdateDateColumn()
  updated_at!: Date;
}
