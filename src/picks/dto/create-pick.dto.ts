import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsInt, IsNotEmpty, IsString, MaxLength, Min } from 'class-validator';
import { IsOptionalNullable } from '../../common/decorators/validation.decorators';
import { PICK_REASON_MAX_LENGTH } from '../pick-rules';
import { IsConfidence, IsOptionalId, IsTiebreakerScore } from './pick-fields.decorators';

/**
 * docs/product.md#api POST /picks: a member's pick (created, or updated when the game is already picked). The admin override
 * adds user_id, the member it is for, and may say why.
 */
export class CreatePickDto {
  @Min(1, { message: 'game_id must be a whole number' })
  @IsInt({ message: 'game_id must be a whole number' })
  @IsDefined({ message: 'game_id is required' })
  game_id!: number;

  /** The name of the home or the away team. */
  @ApiProperty({ description: 'The name of the home or the away team.' })
  @MaxLength(100)
  @IsNotEmpty({ message: 'selected_winner is required' })
  @IsString({ message: 'selected_winner must be a team name' })
  @IsDefined({ message: 'selected_winner is required' })
  selected_winner!: string;

  /** Optional; when sent it must be the game's week. */
  @ApiProperty({ description: 'Optional; when sent it must be the game\'s week.' })
  @IsOptionalId()
  week_id?: number | null;

  @IsTiebreakerScore()
  tiebreaker_home_score?: number | null;

  @IsTiebreakerScore()
  tiebreaker_away_score?: number | null;

  /** Confidence points, 1..the week's games, in a confidence season (docs/pool-formats.md#picks); null or left out keeps the pick's. */
  @ApiProperty({
    description: 'Confidence points, 1..the number of the week\'s games, in a confidence-points season; null or left out keeps the pick\'s.',
  })
  @IsConfidence()
  confidence?: number | null;

  /** This pick is the member's lock of the week (a lock season only). */
  @ApiProperty({ description: 'True makes this pick the member\'s lock of the week (in a season with locks only).' })
  @IsOptionalNullable()
  @IsBoolean({ message: 'is_lock must be true or false' })
  is_lock?: boolean | null;

  /** Admin override: the member the pick is for. */
  @ApiProperty({ description: 'Admins only: the member the pick is for.' })
  @IsOptionalId()
  user_id?: number | null;

  /** Admin override: why, for the audit trail and the member's e-mail. */
  @ApiProperty({ description: 'Admins only: why the member\'s pick is changed, for the audit trail and the member\'s e-mail.' })
  @IsOptionalNullable()
  @MaxLength(PICK_REASON_MAX_LENGTH, { message: `reason must be at most ${PICK_REASON_MAX_LENGTH} characters` })
  @IsString({ message: 'reason must be text' })
  reason?: string | null;
}
