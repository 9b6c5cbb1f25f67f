import { ApiProperty, ApiPropertyOptions } from '@nestjs/swagger';
import type { GameStatus, Side } from '../../games/entities/game.entity';
import type { ImportKind, ImportStatus } from '../entities/provider-import.entity';
import type { ChangeField, ChangeKind } from '../week-import';

/** A field's value before or after a change: text, a number or nothing. */
export const FIELD_VALUE: ApiPropertyOptions = { oneOf: [{ type: 'string' }, { type: 'number' }], nullable: true };

/** One field a re-import changes on a game of the week. */
export class FieldChangeDto {
  field!: ChangeField;
  @ApiProperty(FIELD_VALUE)
  from!: string | number | null;
  @ApiProperty(FIELD_VALUE)
  to!: string | number | null;
}

/** A team of a previewed game: the provider's name and id, and our team it matched (null when unmatched). */
export class PreviewTeamDto {
  external_id!: string | null;
  name!: string;
  team_id!: number | null;
  team_name!: string | null;
  /** AP rank. */
  @ApiProperty({ description: 'AP rank.' })
  rank!: number | null;
  conference!: string | null;
  classification!: string | null;
}

/** A game of a week preview (docs/imports.md#the-api). */
export class PreviewGameDto {
  /** The provider's game id, or game:<id> for a game of the week the provider does not have. */
  @ApiProperty({ description: 'The provider\'s game id, or game:<id> for a game of the week the provider does not have.' })
  key!: string;
  change!: ChangeKind;
  changes!: FieldChangeDto[];
  game_id!: number | null;
  name!: string | null;
  game_date!: string;
  start_time_tbd!: boolean;
  home!: PreviewTeamDto;
  away!: PreviewTeamDto;
  betting_line!: number | null;
  betting_line_team!: Side | null;
  line_source!: string | null;
  line_taken_at!: string | null;
  /** The game is in the pool with a line: a new line is applied only when the apply names it in update_lines. */
  @ApiProperty({ description: 'The game is in the pool with a line: a new line is applied only when the apply request names it in update_lines.' })
  line_frozen!: boolean;
  conference_game!: boolean;
  neutral_site!: boolean;
  fbs_vs_fbs!: boolean;
  status!: GameStatus;
  /** Suggested tick: the games already in the week. */
  @ApiProperty({ description: 'Suggested selection: the games already in the week.' })
  selected!: boolean;
  is_tiebreaker!: boolean;
}

export class TeamSuggestionDto {
  team_id!: number;
  name!: string;
}

/** A provider's team no team of ours matched: map it or create it (POST /api/team_mappings). */
export class UnmatchedTeamDto {
  external_id!: string;
  name!: string;
  conference!: string | null;
  classification!: string | null;
  /** How many games of the week it plays in. */
  @ApiProperty({ description: 'How many games of the week it plays in.' })
  games!: number;
  suggestions!: TeamSuggestionDto[];
}

/** An import or score sync as GET /api/imports lists it. */
export class ImportSummaryDto {
  id!: number;
  kind!: ImportKind;
  provider!: string;
  status!: ImportStatus;
  week_id!: number | null;
  football_season_id!: number | null;
  created_by!: number | null;
  created_at!: Date;
  applied_at!: Date | null;
  /** What it changed (an applied import's counts, a sync's report); null for a preview. */
  @ApiProperty({ description: 'What it changed (an applied import\'s counts, a score sync\'s report); null for a preview.' })
  summary!: Record<string, unknown> | null;
}

/** A week's preview (POST /api/imports, and GET /api/imports/{id} of a week import). */
export class ImportPreviewDto extends ImportSummaryDto {
  games!: PreviewGameDto[];
  unmatched_teams!: UnmatchedTeamDto[];
  warnings!: string[];
}
