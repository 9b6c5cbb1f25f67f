import { IsRequiredText } from './field.decorators';

/** docs/product.md#api POST /conferences and PATCH/PUT /conferences/{id}: a conference is just its name. */
export class SaveConferenceDto {
  @IsRequiredText(100)
  name!: string;
}
