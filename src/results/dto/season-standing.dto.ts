import { ApiProperty } from '@nestjs/swagger';

/** A member's season standing (docs/product.md#data). */
export class SeasonStandingDto {
  id!: number;
  rank!: number;
  /** `email` is null unless the reader is an admin or this member (docs/decisions.md, least data). */
  user!: { id: number; name: string; email: string | null };
  total_wins!: number;
  total_losses!: number;
  total_games!: number;
  total_pushes!: number;
  /** The kept weeks' points, one decimal: total_wins under the spec's rules (docs/pool-formats.md#results). */
  @ApiProperty({ description: 'The kept weeks\' points, with one decimal; equal to total_wins under the standard rules.' })
  total_points!: number;
  win_percentage!: number;
  /** Every week the member played, dropped ones included. */
  @ApiProperty({ description: 'Every week the member played, dropped ones included.' })
  weeks_participated!: number;
  /** The same number under the spec's other name. */
  @ApiProperty({ description: 'The same number as weeks_participated, under another name.' })
  weeks_played!: number;
  /** Weeks left out by the drop-worst-weeks rule, missed ones included. */
  @ApiProperty({ description: 'Weeks left out by the drop-worst-weeks rule, missed ones included.' })
  weeks_dropped!: number;
  total_tiebreaker_score!: number;
  /** One decimal; null when the member never gave a tiebreaker prediction. */
  @ApiProperty({ description: 'One decimal; null when the member never gave a tiebreaker prediction.' })
  avg_tiebreaker_score!: number | null;
}

export class StandingsDto {
  season!: { id: number; name: string };
  standings!: SeasonStandingDto[];
}

/** A member's line of the season race. */
export class ProgressMemberDto {
  user!: { id: number; name: string };
  /** Wins after each week, in week order. */
  @ApiProperty({ description: 'Wins after each week, in week order.' })
  cumulative_wins!: number[];
  /** Points after each week, in week order (every week, dropped ones included). */
  @ApiProperty({ description: 'Points after each week, in week order (every week, dropped ones included).' })
  cumulative_points!: number[];
}

/** Cumulative wins and points per member after each week (a standings chart). */
export class SeasonProgressDto {
  season!: { id: number; name: string };
  /** In week order; `scored` when the week has calculated results. */
  weeks!: { id: number; number: number; scored: boolean }[];
  members!: ProgressMemberDto[];
}
