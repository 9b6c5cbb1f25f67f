import { IsOptional, IsString, MaxLength } from 'class-validator';

/** Filters of GET /api/football_seasons: `q` matches the name. */
export class SeasonFilterDto {
  @IsOptional() @IsString() @MaxLength(50)
  q?: string;
}
