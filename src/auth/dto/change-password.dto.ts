import { IsNotEmpty, IsString } from 'class-validator';
import { IsNewPassword } from '../../common/decorators/validation.decorators';

/** docs/product.md#api PATCH /me/password. */
export class ChangePasswordDto {
  @IsString() @IsNotEmpty({ message: 'current_password is required' })
  current_password!: string;

  @IsNewPassword()
  new_password!: string;

  @IsString() @IsNotEmpty({ message: 'password_confirmation is required' })
  password_confirmation!: string;
}
