import { ApiProperty } from '@nestjs/swagger';
import type { Team } from '../../teams/entities/team.entity';
import type { Pick } from '../entities/pick.entity';

export class TeamRef {
  id!: number;
  name!: string;
  nickname!: string | null;
}

export const teamRef = (team: Team): TeamRef => ({ id: team.id, name: team.name, nickname: team.nickname });

/** The relations a pick's response is built from. */
export const PICK_RELATIONS = { user: true, game: { home_team: true, away_team: true }, selected_team: true } as const;

/** A pick as the API shows it (docs/product.md#data): selected_winner is the chosen team's name. */
export class PickResponseDto {
  id!: number;
  user_id!: number;
  user!: { id: number; name: string; email: string };
  game_id!: number;
  game!: { id: number; home_team: TeamRef; away_team: TeamRef; game_date: Date; is_tiebreaker: boolean };
  week_id!: number;
  selected_winner!: string;
  selected_team_id!: number;
  is_correct!: boolean | null;
  tiebreaker_home_score!: number | null;
  tiebreaker_away_score!: number | null;
  /** Confidence points (docs/pool-formats.md#picks); null outside a confidence season. */
  @ApiProperty({ description: 'Confidence points; null outside a confidence-points season.' })
  confidence!: number | null;
  /** The member's lock of the week. */
  @ApiProperty({ description: 'True for the member\'s lock of the week.' })
  is_lock!: boolean;
  created_at!: Date;
  updated_at!: Date;

  /** Needs the pick loaded with PICK_RELATIONS. */
  static from(pick: Pick): PickResponseDto {
    const { user, game, selected_team } = pick;
    return {
      id: pick.id,
      user_id: pick.user_id,
      user: { id: user!.id, name: user!.name, email: user!.email },
      game_id: pick.game_id,
      game: {
        id: game!.id,
        home_team: teamRef(game!.home_team!),
        away_team: teamRef(game!.away_team!),
        game_date: game!.game_date,
        is_tiebreaker: game!.is_tiebreaker,
      },
      week_id: pick.week_id,
      selected_winner: selected_team!.name,
      selected_team_id: pick.selected_team_id,
      is_correct: pick.is_correct,
      tiebreaker_home_score: pick.tiebreaker_home_score,
      tiebreaker_away_score: pick.tiebreaker_away_score,
      confidence: pick.confidence,
      is_lock: pick.is_lock,
      created_at: pick.created_at,
      updated_at: pick.updated_at,
    };
  }
}
