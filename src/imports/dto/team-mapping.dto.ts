import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsDefined, IsIn, IsInt, IsNotEmpty, IsObject, IsString, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import { IsOptionalNullable } from '../../common/decorators/validation.decorators';
import { IsRecordId } from '../../games/dto/game-fields';
import { PROVIDER_NAMES, type ProviderName } from '../providers/provider';

export const CLASSIFICATIONS = ['fbs', 'fcs', 'ii', 'iii'] as const;
/** More teams than one import can leave unmatched. */
export const MAPPINGS_MAX = 500;

/** A team to create for the provider's team: named as the provider names it. */
export class CreateMappedTeamDto {
  /** The team's conference; left out: the conference named "FCS", made on first use. */
  @ApiProperty({ description: 'The team\'s conference; left out: the conference named "FCS", created on first use.' })
  @IsOptionalNullable() @Min(1, { message: 'conference_id must be a whole number' }) @IsInt({ message: 'conference_id must be a whole number' })
  conference_id?: number | null;

  /** fbs, fcs, ii or iii; left out: fcs when the team goes in the FCS conference. */
  @ApiProperty({ description: 'fbs, fcs, ii or iii; left out: fcs when the team goes in the FCS conference.' })
  @IsOptionalNullable() @IsIn(CLASSIFICATIONS, { message: `classification must be one of: ${CLASSIFICATIONS.join(', ')}` })
  classification?: string | null;
}

/** One provider team mapped to one of ours (team_id) or to a team created for it (create): exactly one of the two. */
export class TeamMappingEntryDto {
  @IsDefined({ message: 'external_id is required' }) @IsString({ message: 'external_id must be text' }) @IsNotEmpty({ message: 'external_id is required' })
  @MaxLength(100, { message: 'external_id must be at most 100 characters' })
  external_id!: string;

  @IsDefined({ message: 'external_name is required' }) @IsString({ message: 'external_name must be text' }) @IsNotEmpty({ message: 'external_name is required' })
  @MaxLength(100, { message: 'external_name must be at most 100 characters' })
  external_name!: string;

  @ValidateIf((entry: TeamMappingEntryDto) => entry.create === undefined || entry.team_id !== undefined)
  @IsDefined({ message: 'each mapping needs team_id or create' })
  @IsRecordId()
  team_id?: number;

  @ValidateIf((entry: TeamMappingEntryDto) => entry.create !== undefined)
  @IsObject({ message: 'create must be an object' })
  @ValidateNested()
  @Type(() => CreateMappedTeamDto)
  create?: CreateMappedTeamDto;
}

/** POST /api/team_mappings (docs/imports.md#team-matching). */
export class SaveTeamMappingsDto {
  @IsIn(PROVIDER_NAMES, { message: `provider must be one of: ${PROVIDER_NAMES.join(', ')}` })
  @IsDefined({ message: 'provider is required' })
  provider!: ProviderName;

  @IsDefined({ message: 'mappings is required' })
  @IsArray({ message: 'mappings must be a list' })
  @ArrayMinSize(1, { message: 'mappings must not be empty' })
  @ArrayMaxSize(MAPPINGS_MAX, { message: `mappings must have at most ${MAPPINGS_MAX} entries` })
  @ValidateNested({ each: true })
  @Type(() => TeamMappingEntryDto)
  mappings!: TeamMappingEntryDto[];
}

/** Filters of GET /api/team_mappings. */
export class TeamMappingFilterDto {
  @ValidateIf((_filter, value) => value !== undefined) @IsIn(PROVIDER_NAMES, { message: `provider must be one of: ${PROVIDER_NAMES.join(', ')}` })
  provider?: ProviderName;

  @ValidateIf((_filter, value) => value !== undefined) @Min(1) @IsInt({ message: 'team_id must be a whole number' })
  team_id?: number;
}

/** A remembered provider id of a team. */
export class TeamMappingDto {
  id!: number;
  provider!: string;
  external_id!: string;
  external_name!: string;
  team_id!: number;
  team!: { id: number; name: string } | null;
  created_at!: Date;
  /** True when this request created the team. */
  @ApiProperty({ description: 'True when this request created the team.' })
  team_created?: boolean;
}

export class TeamMappingsResultDto {
  mappings!: TeamMappingDto[];
}
