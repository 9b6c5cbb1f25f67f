import { ApiProperty } from '@nestjs/swagger';
import { PickGridMemberDto } from '../../picks/dto/pick-grid-response.dto';
import { TeamRef } from '../../picks/dto/pick-response.dto';
import { ContenderDto, ContentionDto } from '../../results/dto/contention.dto';

/** How many members picked each side of a locked game. */
export class PickCountsDto {
  home!: number;
  away!: number;
}

/** A game on the live board: its live or final score (score sync or the admin), its line and cover. */
export class LiveGameDto {
  id!: number;
  home_team!: TeamRef;
  away_team!: TeamRef;
  game_date!: Date;
  status!: string;
  home_score!: number | null;
  away_score!: number | null;
  winner_team_id!: number | null;
  is_tiebreaker!: boolean;
  /** From the pick deadline on: everyone's picks of the game are shown. */
  @ApiProperty({ description: 'True from the pick deadline on: everyone\'s picks of the game are shown.' })
  locked!: boolean;
  betting_line!: number | null;
  betting_line_team!: 'home' | 'away' | null;
  cover!: 'home' | 'away' | 'push' | null;
  /** Once locked; null before. */
  @ApiProperty({ description: 'Once locked; null before.' })
  pick_counts!: PickCountsDto | null;
}

export class LiveContentionDto {
  /**
   * `rows=top` (the default): each race's first 10 contenders in its order (the member's own is in `me`); `rows=all`:
   * every contender.
   */
  @ApiProperty({ description: 'rows=top (the default): each race\'s first 10 contenders (the member\'s own is in me); rows=all: every contender.' })
  week!: ContentionDto;
  /** Null when the week's season has no other weeks to weigh (never in practice) or the week is not of a season. */
  @ApiProperty({ description: 'Null when the week is not part of a season race.' })
  season!: ContentionDto | null;
  /** How many contenders each race has in all. */
  @ApiProperty({ description: 'How many contenders each race has in all.' })
  week_contenders!: number;
  season_contenders!: number | null;
}

/** The reader's own place on the board: null for a reader who does not play the week (an admin, by the rules). */
export class LiveMeDto {
  /**
   * Their pick grid row: the rank and record as everyone sees them, and the cells as they see them (their own picks of
   * games not locked yet included: nobody else gets these).
   */
  @ApiProperty({
    description: 'The member\'s pick grid row: rank and record as everyone sees them, and the cells as the member sees them (their own picks of games not locked yet included).',
  })
  row!: PickGridMemberDto;
  /** Their place in each race (null: not in it). */
  @ApiProperty({ description: 'The member\'s place in each race; null: not in it.' })
  week!: ContenderDto | null;
  season!: ContenderDto | null;
}

/** An entrant on the live board's survivor part. */
export class LiveSurvivorEntrantDto {
  user_id!: number;
  name!: string;
}

/** An entrant alive at the week's start whose picked team is losing (or not covering) right now. */
export class LiveSurvivorAtRiskDto extends LiveSurvivorEntrantDto {
  team_name!: string;
  /** Lives left before this week. */
  lives_left!: number;
}

/** The survivor contest as the scores so far leave it (docs/saturday.md#survivor-on-the-live-board). */
export class LiveSurvivorDto {
  name!: string;
  /** How many are alive right now. */
  alive_count!: number;
  @ApiProperty({ description: 'Entrants still alive given the scores so far: a game not final counts by its current score as if it ended now.' })
  alive_now!: LiveSurvivorEntrantDto[];
  @ApiProperty({ description: 'Alive entrants whose team is losing (against the spread: not covering) right now.' })
  at_risk!: LiveSurvivorAtRiskDto[];
}

/**
 * GET /live and GET /weeks/{id}/live (docs/saturday.md#the-live-board): what a phone shows. Everyone gets the same
 * answer but for `me`.
 */
export class LiveBoardDto {
  week!: { id: number; number: number; football_season_id: number; season_name: string };
  generated_at!: Date;
  game_day!: boolean;
  games!: LiveGameDto[];
  /**
   * The pick grid's rows as every member sees them, ranked as the projected weekly leaderboard: the first 10
   * (`rows=top`, the default) or all of them (`rows=all`). The rest page by page: GET /live/members.
   */
  @ApiProperty({
    description: 'The pick grid\'s rows as every member sees them, ranked as the projected weekly leaderboard: the first 10 (rows=top, the default) or all of them (rows=all). The rest page by page: GET /api/live/members.',
  })
  members!: PickGridMemberDto[];
  /** How many rows the board has in all. */
  @ApiProperty({ description: 'How many rows the board has in all.' })
  member_count!: number;
  contention!: LiveContentionDto;
  /** The season's survivor contest as the scores so far leave it; null when its contest does not cover the week. */
  @ApiProperty({ description: "The season's survivor contest as the scores so far leave it; null when its contest does not cover the week.", nullable: true, type: LiveSurvivorDto })
  survivor!: LiveSurvivorDto | null;
  me!: LiveMeDto | null;
  /** The answer's ETag (this reader's: it covers `me`). */
  @ApiProperty({ description: 'The answer\'s ETag (this reader\'s: it covers me).' })
  version!: string;
}

/** GET /live/members and GET /weeks/{id}/live/members: a page of the board's rows, the same for every reader. */
export class LiveMembersDto {
  /** The answer's ETag. */
  @ApiProperty({ description: 'The answer\'s ETag.' })
  version!: string;
  offset!: number;
  /** How many rows the board has in all. */
  @ApiProperty({ description: 'How many rows the board has in all.' })
  total!: number;
  members!: PickGridMemberDto[];
}

/** GET /live/status: whether the top bar shows Live. */
export class LiveStatusDto {
  game_day!: boolean;
  week_id!: number | null;
}
