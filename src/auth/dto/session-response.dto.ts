import { UserResponseDto } from '../../users/dto/user-response.dto';

/** A login: the session token (a JWT with exp) and the user it belongs to. */
export class SessionResponseDto {
  token!: string;
  user!: UserResponseDto;
}
