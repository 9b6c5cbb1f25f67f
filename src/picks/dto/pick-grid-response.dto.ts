import type { TeamRef } from './pick-response.dto';

export type PickCellStatus = 'hidden' | 'shown' | 'none';

/**
 * One member's pick of one game in the grid. Only a shown cell says which team; a hidden one says only that a
 * pick exists.
 */
export interface PickGridCellDto {
  game_id: number;
  status: PickCellStatus;
  selected_winner?: string;
  is_correct?: boolean | null;
  tiebreaker_home_score?: number | null;
  tiebreaker_away_score?: number | null;
}

export interface PickGridGameDto {
  id: number;
  home_team: TeamRef;
  away_team: TeamRef;
  game_date: Date;
  is_tiebreaker: boolean;
  /** From the pick deadline on: everyone's picks of the game are shown. */
  locked: boolean;
  winner_team_id: number | null;
}

export interface PickGridMemberDto {
  user: { id: number; name: string };
  picks_made: number;
  picks: PickGridCellDto[];
}

/** GET /weeks/{id}/pick_grid: the week's members × games. */
export interface PickGridResponseDto {
  week: { id: number; number: number };
  games: PickGridGameDto[];
  members: PickGridMemberDto[];
}
