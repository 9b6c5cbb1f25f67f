import { applyDecorators } from '@nestjs/common';
import { IsBoolean, IsIn, IsInt, IsISO8601, IsNumber, IsString, Matches, Max, MaxLength, Min, ValidateBy } from 'class-validator';
import { IsOptionalNotNull, IsOptionalNullable } from '../../common/decorators/validation.decorators';
import { GAME_STATUSES, type GameStatus, type Side, SIDES } from '../entities/game.entity';
import { BETTING_LINE_MAX, BETTING_LINE_STEP, RANKING_MAX, RANKING_MIN } from '../game-rules';

// Each helper lists its checks in the order they run; a field reports only the first one it breaks.

/** The id of a record: a positive whole number. */
export const IsRecordId = () =>
  applyDecorators(IsInt({ message: '$property must be a whole number' }), Min(1, { message: '$property must be a positive whole number' }));

/** An instant with its time zone (ISO 8601), e.g. 2025-09-06T19:30:00Z or 2025-09-06T14:30:00-05:00. */
export const IsInstant = () =>
  applyDecorators(
    IsString({ message: '$property must be an ISO 8601 date and time, like 2025-09-06T19:30:00Z' }),
    Matches(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i, {
      message: '$property must be an ISO 8601 date and time with a time zone, like 2025-09-06T19:30:00Z',
    }),
    IsISO8601({ strict: true }, { message: '$property must be a real date and time' }),
  );

const IsScore = () => applyDecorators(IsInt({ message: '$property must be a whole number' }), Min(0, { message: '$property must not be less than 0' }));

const IsRanking = () =>
  applyDecorators(
    IsInt({ message: `$property must be a whole number from ${RANKING_MIN} to ${RANKING_MAX}` }),
    Min(RANKING_MIN, { message: `$property must be a whole number from ${RANKING_MIN} to ${RANKING_MAX}` }),
    Max(RANKING_MAX, { message: `$property must be a whole number from ${RANKING_MIN} to ${RANKING_MAX}` }),
  );

const IsHalfPoints = () =>
  applyDecorators(
    IsNumber({ allowNaN: false, allowInfinity: false }, { message: '$property must be a number' }),
    Min(0, { message: '$property must not be less than 0' }),
    Max(BETTING_LINE_MAX, { message: `$property must not be greater than ${BETTING_LINE_MAX}` }),
    ValidateBy({
      name: 'isHalfPointStep',
      validator: {
        validate: (value: unknown) => typeof value === 'number' && Number.isInteger(value / BETTING_LINE_STEP),
        defaultMessage: () => `$property must be in steps of ${BETTING_LINE_STEP} (like 3 or 3.5)`,
      },
    }),
  );

/** The fields a game may have on create and update alike; all optional, null clears the nullable ones. */
export class GameOptionalFields {
  @IsOptionalNullable() @MaxLength(255, { message: '$property must be at most 255 characters long' }) @IsString({ message: '$property must be text' })
  name?: string | null;

  @IsOptionalNullable() @IsRecordId()
  winner_team_id?: number | null;

  @IsOptionalNotNull() @IsIn(GAME_STATUSES, { message: `status must be one of: ${GAME_STATUSES.join(', ')}` })
  status?: GameStatus;

  @IsOptionalNullable() @IsScore()
  home_score?: number | null;

  @IsOptionalNullable() @IsScore()
  away_score?: number | null;

  @IsOptionalNullable() @IsHalfPoints()
  betting_line?: number | null;

  @IsOptionalNullable() @IsIn(SIDES, { message: 'betting_line_team must be home or away' })
  betting_line_team?: Side | null;

  @IsOptionalNotNull() @IsBoolean({ message: 'is_tiebreaker must be true or false' })
  is_tiebreaker?: boolean;

  /** Awards the game to winner_team_id whatever the score says; needs forfeit_reason (docs/results-integrity.md). */
  @IsOptionalNotNull() @IsBoolean({ message: 'forfeit must be true or false' })
  forfeit?: boolean;

  /** Why the game was awarded (required with forfeit: true; dropped when forfeit is false). */
  @IsOptionalNullable() @MaxLength(255, { message: '$property must be at most 255 characters long' }) @IsString({ message: '$property must be text' })
  forfeit_reason?: string | null;

  @IsOptionalNullable() @IsRanking()
  home_team_ranking?: number | null;

  @IsOptionalNullable() @IsRanking()
  away_team_ranking?: number | null;
}
