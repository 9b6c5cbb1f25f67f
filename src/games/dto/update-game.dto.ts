import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
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
  @ApiProperty({ description: 'Kickoff: an ISO 8601 date and time with a time zone, e.g. 2025-09-06T19:30:00Z.' })
  @IsOptionalNotNull() @IsInstant()
  game_date?: string;

  /**
   * true reopens the picks of a game kept locked (its picks were revealed, then its kickoff moved later): it clears
   * picks_locked_at, so the game's window follows its kickoff again. Audited in the game's history and the security log.
   */
  @ApiProperty({
    description: 'true reopens the picks of a game kept locked (see picks_locked_at): the game\'s pick window follows its kickoff again. Recorded in the game\'s history and the security log.',
  })
  @IsOptionalNotNull() @IsBoolean({ message: 'reopen_picks must be true or false' })
  reopen_picks?: boolean;
}
