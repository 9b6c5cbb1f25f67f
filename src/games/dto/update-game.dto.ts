import { IsOptionalNotNull } from '../../common/decorators/validation.decorators';
import { GameOptionalFields, IsInstant, IsRecordId } from './game-fields';

/** PUT and PATCH /api/games/{id}: any subset of the fields; the rules are checked on the game that results. */
export class UpdateGameDto extends GameOptionalFields {
  @IsOptionalNotNull() @IsRecordId()
  week_id?: number;

  @IsOptionalNotNull() @IsRecordId()
  home_team_id?: number;

  @IsOptionalNotNull() @IsRecordId()
  away_team_id?: number;

  /** Kickoff, an ISO 8601 instant. */
  @IsOptionalNotNull() @IsInstant()
  game_date?: string;
}
