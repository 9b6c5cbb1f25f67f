import { ApiProperty } from '@nestjs/swagger';

/** Weekly awards (docs/saturday.md#weekly-awards), derived from the stored results. */
export class AwardMemberDto {
  id!: number;
  name!: string;
}

export class ContrarianAwardDto {
  game_id!: number;
  /** "Away @ Home". */
  @ApiProperty({ description: '"Away @ Home".' })
  matchup!: string;
  /** The team picked (against the spread: that covered). */
  @ApiProperty({ description: 'The team picked (against the spread: the one that covered).' })
  team_name!: string;
  pickers!: AwardMemberDto[];
  /** The pickers' share of the members who picked the game, in percent with one decimal. */
  @ApiProperty({ description: 'The pickers\' share of the members who picked the game, in percent with one decimal.' })
  share!: number;
}

export class ClosestTiebreakerAwardDto {
  members!: AwardMemberDto[];
  tiebreaker_score!: number;
}

export class WeeklyAwardsDto {
  week!: { id: number; number: number };
  /** Whether the week's results have been calculated; without them there are no awards. */
  @ApiProperty({ description: 'Whether the week\'s results have been calculated; without them there are no awards.' })
  calculated!: boolean;
  perfect_week!: AwardMemberDto[];
  contrarian!: ContrarianAwardDto | null;
  closest_tiebreaker!: ClosestTiebreakerAwardDto | null;
}
