import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, MaxLength } from 'class-validator';

/** Filters of GET /api/teams: `q` matches name or nickname, ignoring case; `conference_id` one conference's teams. */
export class TeamFilterDto {
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'q must be text' })
  @MaxLength(100)
  q?: string;

  @IsOptional()
  @IsInt({ message: 'conference_id must be a whole number' })
  conference_id?: number;
}
