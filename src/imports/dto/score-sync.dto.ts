import { ApiProperty } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { IsRecordId } from '../../games/dto/game-fields';
import { FIELD_VALUE } from './import-preview.dto';

/** POST /api/score_sync: the week to sync, else the current week of the current season. */
export class ScoreSyncRequestDto {
  @IsOptional() @IsRecordId()
  week_id?: number;
}

/** One field of a game the sync changed. */
export class ScoreSyncFieldChangeDto {
  /** home_score, away_score, status or winner_team_id. */
  @ApiProperty({ description: 'home_score, away_score, status or winner_team_id.' })
  field!: string;
  @ApiProperty(FIELD_VALUE)
  from!: string | number | null;
  @ApiProperty(FIELD_VALUE)
  to!: string | number | null;
}

/** A game the sync wrote a provider's score to. */
export class ScoreSyncGameChangeDto {
  game_id!: number;
  /** "Iowa State at Kansas State". */
  @ApiProperty({ description: 'The game in words, e.g. "Iowa State at Kansas State".' })
  game!: string;
  changes!: ScoreSyncFieldChangeDto[];
}

/** A game the sync would not guess about, with what the admin should look at. */
export class ScoreSyncFlagDto {
  game_id!: number;
  game!: string;
  /** A sentence for the admin (games.sync_flag). */
  @ApiProperty({ description: 'A sentence for the admin (the game\'s sync_flag).' })
  flag!: string;
}

/** A provider's game that involves a team of one of the week's games but matched none of them. */
export class ScoreSyncUnmatchedDto {
  /** The provider's id of the game. */
  @ApiProperty({ description: 'The provider\'s id of the game.' })
  external_id!: string;
  /** The teams as the provider names them. */
  @ApiProperty({ description: 'The home team as the provider names it.' })
  home!: string;
  away!: string;
}

/** What one score sync did (docs/imports.md#score-sync); kept as the summary of its provider_imports row. */
export class ScoreSyncReportDto {
  /** The provider_imports row of this sync (kind "scores"). */
  @ApiProperty({ description: 'The import record of this sync (kind "scores").' })
  id!: number;
  /** cfbd or scoreboard. */
  @ApiProperty({ description: 'cfbd or scoreboard.' })
  provider!: string;
  week_id!: number;
  ran_at!: Date;
  /** The games whose score, status or winner the sync wrote; empty when a sync finds nothing new. */
  @ApiProperty({ description: 'The games whose score, status or winner the sync wrote; empty when it found nothing new.' })
  changes!: ScoreSyncGameChangeDto[];
  /** Every game of the week flagged after this sync. */
  @ApiProperty({ description: 'Every game of the week flagged after this sync.' })
  flagged!: ScoreSyncFlagDto[];
  unmatched!: ScoreSyncUnmatchedDto[];
  /** How many of the week's games the sync left as they were (neither changed nor flagged). */
  @ApiProperty({ description: 'How many of the week\'s games the sync left as they were (neither changed nor flagged).' })
  unchanged!: number;
  /** Whether the week's weekly results exist after the sync (the auto-calculation ran once every game had a winner). */
  @ApiProperty({ description: 'Whether the week\'s results exist after the sync (they are calculated once every game has a winner).' })
  results_calculated!: boolean;
}
