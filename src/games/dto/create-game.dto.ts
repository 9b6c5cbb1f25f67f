import { IsDefined } from 'class-validator';
import { GameOptionalFields, IsInstant, IsRecordId } from './game-fields';

/** POST /api/games (docs/product.md#api): week, both teams and the kickoff are required; status defaults to scheduled. */
export class CreateGameDto extends GameOptionalFields {
  @IsRecordId() @IsDefined({ message: 'week_id is required' })
  week_id!: number;

  @IsRecordId() @IsDefined({ message: 'home_team_id is required' })
  home_team_id!: number;

  @IsRecordId() @IsDefined({ message: 'away_team_id is required' })
  away_team_id!: number;

  /** Kickoff, an ISO 8601 instant. */
  @IsInstant() @IsDefined({ message: 'game_date is required' })
  game_date!: string;
}
