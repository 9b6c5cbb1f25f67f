import { ApiProperty } from '@nestjs/swagger';
import { IsOptionalNotNull, IsOptionalNullable } from '../../common/decorators/validation.decorators';
import type { TeamClassification } from '../entities/team.entity';
import { IsAlternateNames, IsClassification, IsCount, IsOptionalText, IsReference, IsRequiredText, IsWebAddress } from './field.decorators';

/** docs/product.md#api POST /teams; docs/product.md#validation: name, city, state, conference and website are required, wins and losses default to 0. */
export class CreateTeamDto {
  @IsRequiredText(100)
  name!: string;

  @IsOptionalNullable() @IsOptionalText(100)
  mascot?: string | null;

  @IsRequiredText(100)
  city!: string;

  @IsRequiredText(50)
  state!: string;

  @IsReference()
  conference_id!: number;

  @IsOptionalNotNull() @IsCount()
  wins?: number;

  @IsOptionalNotNull() @IsCount()
  losses?: number;

  @IsOptionalNullable() @IsOptionalText(100)
  nickname?: string | null;

  @IsWebAddress()
  webpage_url!: string;

  /** Other names providers use for the team ("App State", "Florida International"); null or [] for none. */
  @ApiProperty({ description: 'Other names data providers use for the team ("App State", "Florida International"); null or [] for none.' })
  @IsOptionalNullable() @IsAlternateNames()
  alternate_names?: string[] | null;

  /** fbs, fcs, ii or iii; null when not known. */
  @ApiProperty({ description: 'fbs, fcs, ii or iii; null when not known.' })
  @IsOptionalNullable() @IsClassification()
  classification?: TeamClassification | null;
}
