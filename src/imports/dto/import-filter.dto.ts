import { IsIn, IsInt, IsOptional, Min } from 'class-validator';
import { IMPORT_KINDS, type ImportKind } from '../entities/provider-import.entity';

/** Filters of GET /api/imports: kind (week, scores, calendar) and week_id. */
export class ImportFilterDto {
  @IsOptional() @IsIn(IMPORT_KINDS, { message: `kind must be one of: ${IMPORT_KINDS.join(', ')}` })
  kind?: ImportKind;

  @IsOptional() @Min(1) @IsInt({ message: 'week_id must be a whole number' })
  week_id?: number;
}
