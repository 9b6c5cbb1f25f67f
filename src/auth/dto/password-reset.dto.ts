import { Type } from 'class-transformer';
import { IsDefined, IsNotEmpty, IsString, ValidateNested } from 'class-validator';
import { IsNewPassword, IsNormalizedEmail } from '../../common/decorators/validation.decorators';

/** docs/product.md#api POST /password_resets. */
export class RequestPasswordResetDto {
  @IsNormalizedEmail()
  email!: string;
}

export class NewPasswordDto {
  @IsNewPassword()
  password!: string;

  @IsString() @IsNotEmpty({ message: 'password_confirmation is required' })
  password_confirmation!: string;
}

/** docs/product.md#api PATCH /password_resets/{token}: the new password, nested as password_reset. */
export class ResetPasswordDto {
  @IsDefined({ message: 'password_reset is required' })
  @ValidateNested()
  @Type(() => NewPasswordDto)
  password_reset!: NewPasswordDto;
}
