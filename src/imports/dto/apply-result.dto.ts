import { GameResponseDto } from '../../games/dto/game-response.dto';
import { ImportSummaryDto } from './import-preview.dto';

/** A game of the week after an apply: the games API's view and where the game and its line came from. */
export class ImportedGameDto extends GameResponseDto {
  provider!: string | null;
  external_id!: string | null;
  line_source!: string | null;
  line_taken_at!: Date | null;
}

/** POST /api/imports/{id}/apply: what the apply did, and the week's games as they are now. */
export class ApplyResultDto {
  import!: ImportSummaryDto;
  created!: number;
  updated!: number;
  removed!: number;
  unchanged!: number;
  games!: ImportedGameDto[];
}
