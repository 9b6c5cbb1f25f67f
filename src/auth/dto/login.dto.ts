import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { IsNormalizedEmail } from '../../common/decorators/validation.decorators';

export class LoginDto {
  @IsNormalizedEmail()
  email!: string;

  @IsString() @IsNotEmpty({ message: 'password is required' })
  password!: string;

  /** "Stay signed in": the session lasts while used, up to SESSION_REMEMBER_IDLE unused (30 days); else SESSION_TTL (12 hours). Admins get 12 hours either way. */
  @ApiPropertyOptional({ description: '"Stay signed in": a member\'s session then lasts while used (30 days unused ends it); without it, 12 hours. Admins: 12 hours either way.' })
  @IsOptional()
  @IsBoolean({ message: 'remember must be true or false' })
  remember?: boolean;
}
