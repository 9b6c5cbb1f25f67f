import { ApiProperty } from '@nestjs/swagger';

/** A member's result of one week (docs/product.md#data), in leaderboard order with a shared rank for equal records. */
export class WeeklyResultDto {
  /** Null in a dry run: the result is not stored. */
  @ApiProperty({ description: 'Null in a dry run: the result is not stored.' })
  id!: number | null;
  week_id!: number;
  /** `email` is null unless the reader is an admin or this member (docs/decisions.md, least data). */
  user!: { id: number; name: string; email: string | null };
  wins!: number;
  losses!: number;
  total_games!: number;
  /** Picks on games that landed exactly on the line (against the spread). */
  @ApiProperty({ description: 'Picks of games that landed exactly on the line (against the spread).' })
  pushes!: number;
  /** What the week ranks by, one decimal: wins under the spec's rules (docs/pool-formats.md#results). */
  @ApiProperty({ description: 'What the week ranks by, with one decimal; equal to wins under the standard rules.' })
  points!: number;
  win_percentage!: number;
  tiebreaker_score!: number | null;
  rank!: number | null;
}
