import { BooleanColumn } from '../../database/boolean-column.decorator';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Week } from '../../seasons/weeks/entities/week.entity';
import { User } from '../../users/entities/user.entity';
import { SurvivorContest } from './survivor-contest.entity';

export const SURVIVOR_OUTCOMES = ['win', 'loss', 'push', 'missed'] as const;
export type SurvivorOutcome = (typeof SURVIVOR_OUTCOMES)[number];

/**
 * An entrant's survivor week as the results computed it (docs/pool-formats.md#survivor): what the pick did, the life
 * it cost and where that leaves the entrant. The board, the e-mails and the live board read these rows; the results
 * rewrite a contest's rows from its first week on whenever they run.
 */
@Entity('survivor_results')
@Index(['survivor_contest_id', 'user_id', 'week_id'], { unique: true })
@Index(['survivor_contest_id', 'week_number'])
@Index(['user_id'])
export class SurvivorResult {
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

  @ManyToOne(() => Week, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'week_id' })
  week?: Week;

  /** Denormalised so the board orders and filters without joining weeks. */
  @Column({ type: 'int' })
  week_number!: number;

  /** The pick scored (null for a missed week without an assigned team). */
  @Column({ type: 'int', nullable: true })
  team_id!: number | null;

  /** win, loss, push (a tie, or landing on the line), missed (no pick and none assigned). */
  @Column({ type: 'varchar', length: 16 })
  outcome!: SurvivorOutcome;

  /** 1 when the week cost a life (after the ties and all-lose rules), else 0. */
  @Column({ type: 'int' })
  lives_lost!: number;

  /** Lives left after this week. */
  @Column({ type: 'int' })
  lives_left!: number;

  /** Still in the contest after this week. */
  @BooleanColumn()
  alive!: boolean;

  /** Weeks survived so far, this one included when survived. */
  @Column({ type: 'int' })
  weeks_survived!: number;

  /** Every entrant alive would have been eliminated this week, and the all-lose rule applied. */
  @BooleanColumn({ default: false })
  all_lost!: boolean;

  @Column({ type: 'datetime' })
  calculated_at!: Date;
}
