import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';

/** Filters of GET /api/conferences: `q` matches the name, ignoring case. */
export class ConferenceFilterDto {
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'q must be text' })
  @MaxLength(100)
  q?: string;
}
