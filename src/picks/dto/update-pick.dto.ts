import { IsBoolean, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { IsOptionalNotNull, IsOptionalNullable } from '../../common/decorators/validation.decorators';
import { PICK_REASON_MAX_LENGTH } from '../pick-rules';
import { IsConfidence, IsOptionalId, IsTiebreakerScore } from './pick-fields.decorators';

/**
 * docs/product.md#api PUT/PATCH /picks/{id}. A member sends the body of their create (game_id and week_id, when sent, must
 * be the pick's); an admin may also set is_correct and give a reason. Fields left out stay as they are.
 */
export class UpdatePickDto {
  @IsOptionalNotNull()
  @MaxLength(100)
  @IsNotEmpty({ message: 'selected_winner must not be empty' })
  @IsString({ message: 'selected_winner must be a team name' })
  selected_winner?: string;

  @IsTiebreakerScore()
  tiebreaker_home_score?: number | null;

  @IsTiebreakerScore()
  tiebreaker_away_score?: number | null;

  /** Confidence points, 1..the week's games, in a confidence season (docs/pool-formats.md#picks); null or left out keeps the pick's. */
  @IsConfidence()
  confidence?: number | null;

  /** This pick is the member's lock of the week (a lock season only). */
  @IsOptionalNullable()
  @IsBoolean({ message: 'is_lock must be true or false' })
  is_lock?: boolean | null;

  /** Admin only (null: not scored yet); ignored in a member's request. */
  @IsOptionalNullable()
  @IsBoolean({ message: 'is_correct must be true, false or null' })
  is_correct?: boolean | null;

  /** Admin only: why, for the audit trail and the member's e-mail. */
  @IsOptionalNullable()
  @MaxLength(PICK_REASON_MAX_LENGTH, { message: `reason must be at most ${PICK_REASON_MAX_LENGTH} characters` })
  @IsString({ message: 'reason must be text' })
  reason?: string | null;

  /** Accepted when they repeat the pick's own (react-admin sends the whole record back); a pick never moves. */
  @IsOptionalId()
  game_id?: number | null;

  @IsOptionalId()
  week_id?: number | null;

  @IsOptionalId()
  user_id?: number | null;
}
