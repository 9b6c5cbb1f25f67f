import { IsIn, IsInt, IsOptional, Min } from 'class-validator';
import { GAME_STATUSES, type GameStatus } from '../entities/game.entity';

/** Filters of GET /api/games (docs/product.md#api): week_id, football_season_id (with or without week_id), status. */
export class GameFilterDto {
  @IsOptional() @Min(1) @IsInt({ message: 'week_id must be a whole number' })
  week_id?: number;

  @IsOptional() @Min(1) @IsInt({ message: 'football_season_id must be a whole number' })
  football_season_id?: number;

  @IsOptional() @IsIn(GAME_STATUSES, { message: `status must be one of: ${GAME_STATUSES.join(', ')}` })
  status?: GameStatus;
}
