import { BooleanColumn } from '../../database/boolean-column.decorator';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { decimalTransformer } from '../../database/decimal.transformer';
import { Team } from '../../teams/entities/team.entity';
import { Week } from '../../seasons/weeks/entities/week.entity';

export const GAME_STATUSES = ['scheduled', 'in_progress', 'completed', 'cancelled'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];
export const SIDES = ['home', 'away'] as const;
export type Side = (typeof SIDES)[number];

@Entity('games')
@Index(['week_id', 'game_date'])
@Index(['home_team_id'])
@Index(['away_team_id'])
@Index(['winner_team_id'])
@Index(['provider', 'external_id'], { unique: true })
export class Game {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  week_id!: number;

  @ManyToOne(() => Week, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'week_id' })
  week?: Week;

  @Column({ type: 'varchar', length: 255, nullable: true })
  name!: string | null;

  @Column({ type: 'int' })
  home_team_id!: number;

  @ManyToOne(() => Team, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'home_team_id' })
  home_team?: Team;

  @Column({ type: 'int' })
  away_team_id!: number;

  @ManyToOne(() => Team, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'away_team_id' })
  away_team?: Team;

  @Column({ type: 'int', nullable: true })
  winner_team_id!: number | null;

  @ManyToOne(() => Team, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'winner_team_id' })
  winner_team?: Team | null;

  /** Kickoff, stored in UTC. */
  @Column({ type: 'datetime' })
  game_date!: Date;

  @Column({ type: 'varchar', length: 16, default: 'scheduled' })
  status!: GameStatus;

  @Column({ type: 'int', nullable: true })
  home_score!: number | null;

  @Column({ type: 'int', nullable: true })
  away_score!: number | null;

  /** Point spread in half points, for the favoured side named by betting_line_team. */
  @Column({ type: 'decimal', precision: 4, scale: 1, nullable: true, transformer: decimalTransformer })
  betting_line!: number | null;

  @Column({ type: 'varchar', length: 8, nullable: true })
  betting_line_team!: Side | null;

  @BooleanColumn({ default: false })
  is_tiebreaker!: boolean;

  /** Awarded by the admin: the winner stands whatever the score says (docs/results-integrity.md). */
  @BooleanColumn({ default: false })
  forfeit!: boolean;

  /** Why the game was awarded; set exactly when forfeit is. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  forfeit_reason!: string | null;

  /**
   * Set when an admin moved the kickoff of a game whose picks were already revealed (its deadline had passed): the
   * game stays locked whatever its new kickoff, until an admin explicitly reopens it.
   */
  @Column({ type: 'datetime', nullable: true })
  picks_locked_at!: Date | null;

  @Column({ type: 'int', nullable: true })
  home_team_ranking!: number | null;

  @Column({ type: 'int', nullable: true })
  away_team_ranking!: number | null;

  /** The data provider the game was imported from (docs/imports.md), with its id there; null for a game typed in. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  provider!: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  external_id!: string | null;

  /** Where the betting line was taken ("cfbd: consensus", "csv", "admin") and when. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  line_source!: string | null;

  @Column({ type: 'datetime', nullable: true })
  line_taken_at!: Date | null;

  /** Set by the score sync when the game is not final long after kickoff (postponed or cancelled?), for the admin. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  sync_flag!: string | null;

  @Column({ type: 'datetime', nullable: true })
  sync_flagged_at!: Date | null;

  @CreateDateColumn()
  created_at!: Date;

  @UpdateDateColumn()
  updated_at!: Date;
}
