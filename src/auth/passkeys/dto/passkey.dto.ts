import { ApiProperty, PickType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsDefined, IsNotEmpty, IsObject, IsString, MaxLength, ValidateNested } from 'class-validator';
import { AuthenticationCredentialDto, RegistrationCredentialDto } from './credential-response.dto';

export const PASSKEY_NAME_MAX = 100;

/** Adding a passkey: a name the member picks and the browser's new credential. */
export class CreatePasskeyDto {
  @ApiProperty({ description: 'A name to tell the passkey by, e.g. "Work laptop".', maxLength: PASSKEY_NAME_MAX })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: 'name must be a string' })
  @IsNotEmpty({ message: 'name is required' })
  @MaxLength(PASSKEY_NAME_MAX, { message: `name must be at most ${PASSKEY_NAME_MAX} characters` })
  name!: string;

  @ApiProperty({ description: 'The browser\'s new credential as @simplewebauthn/browser\'s startRegistration answers it.' })
  @IsDefined({ message: 'response is required' })
  @IsObject({ message: 'response must be an object' })
  @ValidateNested()
  @Type(() => RegistrationCredentialDto)
  response!: RegistrationCredentialDto;
}

export class RenamePasskeyDto extends PickType(CreatePasskeyDto, ['name'] as const) {}

/** Signing in or confirming it's you: the browser's signed challenge. */
export class PasskeyAssertionDto {
  @ApiProperty({ description: 'The browser\'s signed challenge as @simplewebauthn/browser\'s startAuthentication answers it.' })
  @IsDefined({ message: 'response is required' })
  @IsObject({ message: 'response must be an object' })
  @ValidateNested()
  @Type(() => AuthenticationCredentialDto)
  response!: AuthenticationCredentialDto;
}

/** One of the member's passkeys. */
export class PasskeyDto {
  id!: number;
  name!: string;
  created_at!: Date;
  @ApiProperty({ description: 'When it last signed in or confirmed it\'s you; null before the first time.', nullable: true, type: Date })
  last_used_at!: Date | null;
  @ApiProperty({ description: 'Whether the passkey is synced by its provider (so it survives losing the device).' })
  backed_up!: boolean;
}

/**
 * The options to hand to @simplewebauthn/browser (startRegistration's or startAuthentication's optionsJSON): the
 * challenge here, and beside it the relying party and the credentials to allow or exclude, passed through as is.
 */
export class PasskeyOptionsDto {
  @ApiProperty({ description: 'A fresh challenge, base64url: answer it once, within 5 minutes. The other WebAuthn options come beside it, to pass to the browser as they are.' })
  challenge!: string;
}
