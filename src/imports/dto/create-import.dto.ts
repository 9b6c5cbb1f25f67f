import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsIn, IsString, MaxLength } from 'class-validator';
import { IsOptionalNullable } from '../../common/decorators/validation.decorators';
import { IsRecordId } from '../../games/dto/game-fields';
import { PROVIDER_NAMES, type ProviderName } from '../providers/provider';

/** The largest CSV file accepted in a request body (a week has a few hundred games at most). */
export const CSV_MAX_LENGTH = 1_000_000;

/** POST /api/imports (docs/imports.md#the-api): preview a week from a provider. */
export class CreateImportDto {
  @IsRecordId() @IsDefined({ message: 'week_id is required' })
  week_id!: number;

  @IsIn(PROVIDER_NAMES, { message: `provider must be one of: ${PROVIDER_NAMES.join(', ')}` })
  @IsDefined({ message: 'provider is required' })
  provider!: ProviderName;

  /** The CSV file's contents, for provider csv. */
  @ApiProperty({ description: 'The CSV file\'s contents, for provider csv.' })
  @IsOptionalNullable()
  @MaxLength(CSV_MAX_LENGTH, { message: `csv must be at most ${CSV_MAX_LENGTH} characters` })
  @IsString({ message: 'csv must be text' })
  csv?: string | null;
}
