import { IsInt, IsOptional, Min } from 'class-validator';

/** GET /picks filters (docs/product.md#api): a member's week_id and user_id (their own), an admin's every filter. */
export class PickFilterDto {
  @IsOptional() @Min(1, { message: 'football_season_id must be a whole number' }) @IsInt({ message: 'football_season_id must be a whole number' })
  football_season_id?: number;

  @IsOptional() @Min(1, { message: 'week_id must be a whole number' }) @IsInt({ message: 'week_id must be a whole number' })
  week_id?: number;

  @IsOptional() @Min(1, { message: 'user_id must be a whole number' }) @IsInt({ message: 'user_id must be a whole number' })
  user_id?: number;

  @IsOptional() @Min(1, { message: 'game_id must be a whole number' }) @IsInt({ message: 'game_id must be a whole number' })
  game_id?: number;
}
