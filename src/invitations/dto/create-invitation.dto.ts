import { IsNormalizedEmail } from '../../common/decorators/validation.decorators';

export class CreateInvitationDto {
  @IsNormalizedEmail()
  email!: string;
}
