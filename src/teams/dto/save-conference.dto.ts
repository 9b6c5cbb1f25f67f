import { IsRequiredText } from './field.decorators';

/** SPEC §7 POST /conferences and PATCH/PUT /conferences/{id}: a conference is just its name. */
export class SaveConferenceDto {
  @IsRequiredText(100)
  name!: string;
}
