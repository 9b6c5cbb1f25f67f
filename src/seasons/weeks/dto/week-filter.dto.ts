import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, Min } from 'class-validator';
import { ToWholeNumber } from './date-fields';

/** Filters of GET /api/weeks (docs/product.md#api): a season, a single week (week_id), the marked week. */
export class WeekFilterDto {
  @IsOptional() @Min(1, { message: 'football_season_id must be a whole number' }) @IsInt({ message: 'football_season_id must be a whole number' })
  football_season_id?: number;

  @IsOptional() @Min(1, { message: 'week_id must be a whole number' }) @IsInt({ message: 'week_id must be a whole number' })
  week_id?: number;

  // Read from the raw input: implicit conversion would turn the text "false" into true.
  @IsOptional()
  @IsBoolean({ message: 'is_current must be true or false' })
  @Transform(({ obj, key }) => (obj[key] === 'true' ? true : obj[key] === 'false' ? false : obj[key]))
  is_current?: boolean;
}

/** GET /api/weeks/current: another season's current week instead of the current season's. */
export class CurrentWeekQueryDto {
  @IsOptional() @Min(1, { message: 'football_season_id must be a whole number' }) @IsInt({ message: 'football_season_id must be a whole number' }) @ToWholeNumber()
  football_season_id?: number;
}
