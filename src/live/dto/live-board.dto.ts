import { PickGridMemberDto } from '../../picks/dto/pick-grid-response.dto';
import { TeamRef } from '../../picks/dto/pick-response.dto';
import { ContentionDto } from '../../results/dto/contention.dto';

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
  locked!: boolean;
  betting_line!: number | null;
  betting_line_team!: 'home' | 'away' | null;
  cover!: 'home' | 'away' | 'push' | null;
  /** Once locked; null before. */
  pick_counts!: PickCountsDto | null;
}

export class LiveContentionDto {
  week!: ContentionDto;
  /** Null when the week's season has no other weeks to weigh (never in practice) or the week is not of a season. */
  season!: ContentionDto | null;
}

/** GET /live and GET /weeks/{id}/live (docs/saturday.md#the-live-board): the same answer for every reader. */
export class LiveBoardDto {
  week!: { id: number; number: number; football_season_id: number; season_name: string };
  /** The answer's ETag. */
  version!: string;
  generated_at!: Date;
  game_day!: boolean;
  games!: LiveGameDto[];
  /** The pick grid's rows as every member sees them, ranked as the projected weekly leaderboard. */
  members!: PickGridMemberDto[];
  contention!: LiveContentionDto;
}

/** GET /live/status: whether the top bar shows Live. */
export class LiveStatusDto {
  game_day!: boolean;
  week_id!: number | null;
}
