import { IsOptionalNotNull, IsOptionalNullable } from '../../common/decorators/validation.decorators';
import { IsCount, IsOptionalText, IsReference, IsRequiredText, IsWebAddress } from './field.decorators';

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
}
