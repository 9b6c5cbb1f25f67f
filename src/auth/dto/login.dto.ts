import { IsNotEmpty, IsString } from 'class-validator';
import { IsNormalizedEmail } from '../../common/decorators/validation.decorators';

export class LoginDto {
  @IsNormalizedEmail()
  email!: string;

  @IsString() @IsNotEmpty({ message: 'password is required' })
  password!: string;
}
