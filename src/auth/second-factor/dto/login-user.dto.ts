import { ApiPropertyOptional } from '@nestjs/swagger';
import { UserResponseDto } from '../../../users/dto/user-response.dto';
import type { User } from '../../../users/entities/user.entity';

/** The signed-in user as a login and GET /me answer it. */
export class LoginUserDto extends UserResponseDto {
  @ApiPropertyOptional({ description: 'This admin must set up a second factor before anything else', enum: [true] })
  second_factor_enrolment_required?: true;

  static override from(user: User): LoginUserDto {
    return UserResponseDto.from(user);
  }
}
