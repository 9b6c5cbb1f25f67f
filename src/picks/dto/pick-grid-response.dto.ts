import { ApiProperty } from '@nestjs/swagger';
import type { TeamRef } from './pick-response.dto';

export type PickCellStatus = 'hidden' | 'shown' | 'none';
/**
 * How a shown pick stands: its game has a winner (correct or incorrect), has none yet (pending), was cancelled
 * (void), or against the spread landed on the line (push, when pushes are not losses).
 */
export type PickCellResult = 'correct' | 'incorrect' | 'pending' | 'void' | 'push';

/**
 * One member's pick of one game in the grid. Only a shown cell says which team; a hidden one says only that a
 * pick exists.
 */
export class PickGridCellDto {
  game_id!: number;
  status!: PickCellStatus;
  selected_winner?: string;
  is_correct?: boolean | null;
  /** Shown cells only: read from the game's winner at once, before the week's results are calculated. */
  @ApiProperty({ description: 'Shown cells only: read from the game\'s winner at once, before the week\'s results are calculated.' })
  result?: PickCellResult;
  /** Shown cells only: the pick's confidence points and whether it is the member's lock (docs/pool-formats.md#picks). */
  @ApiProperty({ description: 'Shown cells only: the pick\'s confidence points.' })
  confidence?: number | null;
  is_lock?: boolean;
  tiebreaker_home_score?: number | null;
  tiebreaker_away_score?: number | null;
}

export class PickGridGameDto {
  id!: number;
  home_team!: TeamRef;
  away_team!: TeamRef;
  game_date!: Date;
  is_tiebreaker!: boolean;
  /** From the pick deadline on: everyone's picks of the game are shown. */
  @ApiProperty({ description: 'True from the pick deadline on: everyone\'s picks of the game are shown.' })
  locked!: boolean;
  winner_team_id!: number | null;
  status!: string;
}

export class PickGridMemberDto {
  user!: { id: number; name: string };
  picks_made!: number;
  /**
   * The week so far, counted from the picks this viewer may see: games decided and picked right (wins), decided
   * and picked wrong or not picked (losses), and the tiebreaker distance once the tiebreaker game has both scores.
   */
  @ApiProperty({ description: 'The week so far, counted from the picks this viewer may see: games decided and picked right.' })
  wins!: number;
  losses!: number;
  /**
   * The week so far in points: each won pick's weight (its confidence points in a confidence season, doubled for
   * the lock; half for a push under push_rule half). Equal to wins under the spec's rules.
   */
  @ApiProperty({
    description: 'The week so far in points: each won pick\'s weight (its confidence points in a confidence-points season, doubled for the lock; half for a push when pushes count half). Equal to wins under the standard rules.',
  })
  points!: number;
  tiebreaker_score!: number | null;
  /**
   * The place in the week by the order of docs/product.md#constants (wins, tiebreaker ascending with missing last,
   * fewer losses), with points for wins in a season that weighs picks; ties share it.
   */
  @ApiProperty({
    description: 'The place in the week (by wins, then tiebreaker distance ascending with missing last, then fewer losses; by points in a season that weighs picks); ties share a place.',
  })
  rank!: number;
  picks!: PickGridCellDto[];
}

/** GET /weeks/{id}/pick_grid: the week's members × games, members in standing order (then by name). */
export class PickGridResponseDto {
  week!: { id: number; number: number };
  games!: PickGridGameDto[];
  members!: PickGridMemberDto[];
}
