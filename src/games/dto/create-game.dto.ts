import { ApiProperty } from '@nestjs/swagger';
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
  @ApiProperty({ description: 'Kickoff: an ISO 8601 date and time with a time zone, e.g. 2025-09-06T19:30:00Z.' })
  @IsInstant() @IsDefined({ message: 'game_date is required' })
  game_date!: string;
}
