import { UserResponseDto } from '../../users/dto/user-response.dto';

/** An answer that is a sentence to show (a reset requested, a password reset). */
export class MessageDto {
  message!: string;
}

/** POST /register: the new account. */
export class RegisteredDto {
  message!: string;
  user!: UserResponseDto;
}

/** PATCH /me/password: the new session token (sessions signed before the change end). */
export class PasswordChangedDto {
  message!: string;
  token!: string;
}
