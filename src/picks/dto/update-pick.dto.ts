import { ApiProperty, OmitType, PartialType } from '@nestjs/swagger';
import { IsBoolean, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { IsOptionalNotNull, IsOptionalNullable } from '../../common/decorators/validation.decorators';
import { CreatePickDto } from './create-pick.dto';
import { IsOptionalId } from './pick-fields.decorators';

/**
 * docs/product.md#api PUT/PATCH /picks/{id}. A member sends the body of their create (game_id and week_id, when sent, must
 * be the pick's); an admin may also set is_correct and give a reason. Fields left out stay as they are.
 *
 * The tiebreaker, confidence, lock and reason are the create's fields as they are (`skipNullProperties: false` keeps
 * their own null rules). The pick's game, week and member are written out again: on an update they may only repeat
 * the pick's own, and selected_winner may be left out.
 */
export class UpdatePickDto extends PartialType(OmitType(CreatePickDto, ['game_id', 'selected_winner', 'week_id', 'user_id'] as const), {
  skipNullProperties: false,
}) {
  @IsOptionalNotNull()
  @MaxLength(100)
  @IsNotEmpty({ message: 'selected_winner must not be empty' })
  @IsString({ message: 'selected_winner must be a team name' })
  selected_winner?: string;

  /** Admin only (null: not scored yet); ignored in a member's request. */
  @ApiProperty({ description: 'Admins only; null: not scored yet. Ignored in a member\'s request.' })
  @IsOptionalNullable()
  @IsBoolean({ message: 'is_correct must be true, false or null' })
  is_correct?: boolean | null;

  /** Accepted when they repeat the pick's own (react-admin sends the whole record back); a pick never moves. */
  @ApiProperty({ description: 'Accepted only when it repeats the pick\'s own: a pick never moves to another game.' })
  @IsOptionalId()
  game_id?: number | null;

  @ApiProperty({ description: 'Accepted only when it repeats the pick\'s own.' })
  @IsOptionalId()
  week_id?: number | null;

  @ApiProperty({ description: 'Accepted only when it repeats the pick\'s own.' })
  @IsOptionalId()
  user_id?: number | null;
}
