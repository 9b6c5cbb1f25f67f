import { GameResponseDto } from '../../games/dto/game-response.dto';
import { ImportSummaryDto } from './import-preview.dto';

/** POST /api/imports/{id}/apply: what the apply did, and the week's games as they are now. */
export class ApplyResultDto {
  import!: ImportSummaryDto;
  created!: number;
  updated!: number;
  removed!: number;
  unchanged!: number;
  games!: GameResponseDto[];
}
