import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { IsNewPassword, IsNormalizedEmail } from '../../common/decorators/validation.decorators';

/** docs/product.md#api POST /register: a member's account, created from an invitation. */
export class RegisterDto {
  @IsNormalizedEmail()
  email!: string;

  @IsNewPassword()
  password!: string;

  @IsString() @IsNotEmpty({ message: 'name is required' }) @MaxLength(255)
  name!: string;

  @IsString({ message: 'invitation_token is required: registration needs an invitation' })
  @IsNotEmpty({ message: 'invitation_token is required: registration needs an invitation' })
  invitation_token!: string;
}
