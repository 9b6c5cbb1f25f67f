import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsOptional, Min } from 'class-validator';

export class WeeklyResultsQueryDto {
  @Type(() => Number) @IsInt({ message: 'week_id is required and must be a whole number' }) @Min(1)
  week_id!: number;

  @IsOptional() @Type(() => Number) @IsInt({ message: 'football_season_id must be a whole number' }) @Min(1)
  football_season_id?: number;
}

/** ?week_id=… of GET /api/weekly_results/status. */
export class ResultsStatusQueryDto {
  @Type(() => Number) @IsInt({ message: 'week_id is required and must be a whole number' }) @Min(1, { message: 'week_id is required and must be a whole number' })
  week_id!: number;
}

export class CalculateQueryDto {
  @IsOptional()
  @Transform(({ value }) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value))
  @IsBoolean({ message: 'dry_run must be true or false' })
  dry_run?: boolean;
}

export class StandingsQueryDto {
  @IsOptional() @Type(() => Number) @IsInt({ message: 'football_season_id must be a whole number' }) @Min(1)
  football_season_id?: number;
}
