import { IsNotEmpty, IsString } from 'class-validator';

/** POST /me/reauthenticate: the account's password, given again before a sensitive change. */
export class ReauthenticateDto {
  /** Any password the account signs in with (one from before today's length rule too). */
  @IsString() @IsNotEmpty({ message: 'password is required' })
  password!: string;
}

/** A confirmed identity: sensitive changes are allowed until then. */
export class ReauthenticatedDto {
  reauthenticated_until!: Date;
}
