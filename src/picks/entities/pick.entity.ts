import { BooleanColumn } from '../../database/boolean-column.decorator';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { Game } from '../../games/entities/game.entity';
import { Team } from '../../teams/entities/team.entity';
import { User } from '../../users/entities/user.entity';
import { Week } from '../../seasons/weeks/entities/week.entity';

@Entity('picks')
@Index(['user_id', 'game_id'], { unique: true })
@Index(['user_id', 'week_id'])
@Index(['game_id'])
@Index(['week_id'])
@Index(['selected_team_id'])
@Index(['user_id', 'week_id', 'confidence'], { unique: true })
export class Pick {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  user_id!: number;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: User;

  @Column({ type: 'int' })
  game_id!: number;

  @ManyToOne(() => Game, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'game_id' })
  game?: Game;

  /** Denormalised from the game so a member's week is one indexed lookup. */
  @Column({ type: 'int' })
  week_id!: number;

  @ManyToOne(() => Week, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'week_id' })
  week?: Week;

  /** The chosen team; the API shows it as selected_winner (the team's name). */
  @Column({ type: 'int' })
  selected_team_id!: number;

  @ManyToOne(() => Team, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'selected_team_id' })
  selected_team?: Team;

  /** Null until the week's results are calculated. */
  @BooleanColumn({ nullable: true })
  is_correct!: boolean | null;

  @Column({ type: 'int', nullable: true })
  tiebreaker_home_score!: number | null;

  @Column({ type: 'int', nullable: true })
  tiebreaker_away_score!: number | null;

  /** Confidence points (docs/pool-formats.md): 1..the week's games, each once per member and week; null outside that format. */
  @Column({ type: 'int', nullable: true })
  confidence!: number | null;

  /** The member's lock of the week (counts double); at most one per member and week. */
  @BooleanColumn({ default: false })
  is_lock!: boolean;

  @CreateDateColumn()
  created_at!: Date;

  @UpdateDateColumn()
  updated_at!: Date;
}
