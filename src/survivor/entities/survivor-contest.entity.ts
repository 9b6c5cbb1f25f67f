import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { FootballSeason, percentagesTransformer } from '../../seasons/entities/football-season.entity';
import { Week } from '../../seasons/weeks/entities/week.entity';

export const SURVIVOR_PICK_MODES = ['winner', 'spread'] as const;
export const SURVIVOR_REUSE_RULES = ['never', 'half'] as const;
export const SURVIVOR_TIE_RULES = ['win', 'loss'] as const;
export const SURVIVOR_MISSED_RULES = ['loss', 'favourite'] as const;
export const SURVIVOR_ALL_LOSE_RULES = ['stay_alive', 'share_win'] as const;
export type SurvivorPickMode = (typeof SURVIVOR_PICK_MODES)[number];
export type SurvivorReuseRule = (typeof SURVIVOR_REUSE_RULES)[number];
export type SurvivorTieRule = (typeof SURVIVOR_TIE_RULES)[number];
export type SurvivorMissedRule = (typeof SURVIVOR_MISSED_RULES)[number];
export type SurvivorAllLoseRule = (typeof SURVIVOR_ALL_LOSE_RULES)[number];

/**
 * A season's survivor contest (docs/pool-formats.md#survivor): at most one per season, on the season's weeks and games
 * from its first week on. Its rules lock when that week's first pick deadline passes, which also closes entry.
 */
@Entity('survivor_contests')
@Index(['football_season_id'], { unique: true })
export class SurvivorContest {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'int' })
  football_season_id!: number;

  @ManyToOne(() => FootballSeason, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'football_season_id' })
  football_season?: FootballSeason;

  /** The contest's first week: weeks before it are not part of it. */
  @Column({ type: 'int' })
  first_week_id!: number;

  @ManyToOne(() => Week, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'first_week_id' })
  first_week?: Week;

  @Column({ type: 'varchar', length: 100, default: 'Survivor' })
  name!: string;

  /** winner: the team must win straight up; spread: it must cover the game's frozen line (the season's push rule). */
  @Column({ type: 'varchar', length: 16, default: 'winner' })
  pick_mode!: SurvivorPickMode;

  /** never: each team once per contest; half: once per half season. */
  @Column({ type: 'varchar', length: 16, default: 'never' })
  reuse!: SurvivorReuseRule;

  /** Lives each entrant starts with, 1..3. */
  @Column({ type: 'int', default: 1 })
  lives!: number;

  /** A tie or (against the spread) a push: a win or a loss. */
  @Column({ type: 'varchar', length: 16, default: 'win' })
  ties!: SurvivorTieRule;

  /** A week without a pick: a loss, or the entrant is given the biggest favourite still available to them. */
  @Column({ type: 'varchar', length: 16, default: 'loss' })
  missed!: SurvivorMissedRule;

  /** Every entrant still alive eliminated in the same week: they all stay alive, or they share the win. */
  @Column({ type: 'varchar', length: 16, default: 'stay_alive' })
  all_lose!: SurvivorAllLoseRule;

  /** Entry fee per entrant in whole cents (tracking only, as the season's). */
  @Column({ type: 'int', default: 0 })
  entry_fee_cents!: number;

  /** Percent of the contest's pot for places 1..n. */
  @Column({ type: 'varchar', length: 255, default: '', transformer: percentagesTransformer })
  payout_percentages!: number[];

  @CreateDateColumn()
  created_at!: Date;

  @UpdateDateColumn()
  updated_at!: Date;
}
