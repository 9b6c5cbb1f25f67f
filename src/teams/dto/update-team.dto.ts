import { IsOptionalNotNull, IsOptionalNullable } from '../../common/decorators/validation.decorators';
import type { TeamClassification } from '../entities/team.entity';
import { IsAlternateNames, IsClassification, IsCount, IsOptionalText, IsReference, IsRequiredText, IsWebAddress } from './field.decorators';

/**
 * docs/product.md#api PATCH /teams/{id} (and PUT, as react-admin sends it): any of the team's fields; the required ones may
 * be left out but not cleared.
 */
export class UpdateTeamDto {
  @IsOptionalNotNull() @IsRequiredText(100)
  name?: string;

  @IsOptionalNullable() @IsOptionalText(100)
  mascot?: string | null;

  @IsOptionalNotNull() @IsRequiredText(100)
  city?: string;

  @IsOptionalNotNull() @IsRequiredText(50)
  state?: string;

  @IsOptionalNotNull() @IsReference()
  conference_id?: number;

  @IsOptionalNotNull() @IsCount()
  wins?: number;

  @IsOptionalNotNull() @IsCount()
  losses?: number;

  @IsOptionalNullable() @IsOptionalText(100)
  nickname?: string | null;

  @IsOptionalNotNull() @IsWebAddress()
  webpage_url?: string;

  /** Other names providers use for the team ("App State", "Florida International"); null or [] for none. */
  @IsOptionalNullable() @IsAlternateNames()
  alternate_names?: string[] | null;

  /** fbs, fcs, ii or iii; null when not known. */
  @IsOptionalNullable() @IsClassification()
  classification?: TeamClassification | null;
}
