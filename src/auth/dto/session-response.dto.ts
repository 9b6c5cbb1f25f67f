import { LoginUserDto } from '../second-factor/dto/login-user.dto';

/** A login: the session token (a JWT with exp) and the user it belongs to. */
export class SessionResponseDto {
  token!: string;
  user!: LoginUserDto;
}
