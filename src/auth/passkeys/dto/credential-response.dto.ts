import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsDefined, IsIn, IsInt, IsObject, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';

const BASE64URL = /^[A-Za-z0-9_-]*$/;
/** Room for a large attestation (a security key's certificate chain) and no more. */
const MAX_ENCODED = 65_536;

const Base64Url = (field: string, max = MAX_ENCODED) => (target: object, key: string) => {
  IsString({ message: `${field} must be a base64url string` })(target, key);
  MaxLength(max, { message: `${field} is too long` })(target, key);
  Matches(BASE64URL, { message: `${field} must be a base64url string` })(target, key);
};

export class AttestationResponseDto {
  @Base64Url('response.response.clientDataJSON')
  clientDataJSON!: string;

  @Base64Url('response.response.attestationObject')
  attestationObject!: string;

  @IsOptional()
  @IsArray({ message: 'response.response.transports must be a list' })
  @IsString({ each: true, message: 'response.response.transports must be a list of names' })
  @MaxLength(32, { each: true, message: 'response.response.transports must be a list of names' })
  transports?: string[];

  @IsOptional() @Base64Url('response.response.authenticatorData')
  authenticatorData?: string;

  @IsOptional() @Base64Url('response.response.publicKey')
  publicKey?: string;

  @IsOptional() @IsInt({ message: 'response.response.publicKeyAlgorithm must be a number' })
  publicKeyAlgorithm?: number;
}

export class AssertionResponseDto {
  @Base64Url('response.response.clientDataJSON')
  clientDataJSON!: string;

  @Base64Url('response.response.authenticatorData')
  authenticatorData!: string;

  @Base64Url('response.response.signature')
  signature!: string;

  @IsOptional() @Base64Url('response.response.userHandle', 512)
  userHandle?: string;
}

/** What @simplewebauthn/browser's startRegistration/startAuthentication answer, common part. */
abstract class CredentialDto {
  @Base64Url('response.id', 1400)
  id!: string;

  @Base64Url('response.rawId', 1400)
  rawId!: string;

  @IsIn(['public-key'], { message: 'response.type must be "public-key"' })
  type!: 'public-key';

  @ApiProperty({ type: 'object', additionalProperties: true, description: 'The client extension results, as the browser gives them.' })
  @IsDefined({ message: 'response.clientExtensionResults is required' })
  @IsObject({ message: 'response.clientExtensionResults must be an object' })
  clientExtensionResults!: Record<string, unknown>;

  @IsOptional()
  @IsIn(['platform', 'cross-platform'], { message: 'response.authenticatorAttachment must be platform or cross-platform' })
  authenticatorAttachment?: 'platform' | 'cross-platform';
}

/** A new credential, as navigator.credentials.create() answers it in JSON (startRegistration). */
export class RegistrationCredentialDto extends CredentialDto {
  @IsDefined({ message: 'response.response is required' })
  @IsObject({ message: 'response.response must be an object' })
  @ValidateNested()
  @Type(() => AttestationResponseDto)
  response!: AttestationResponseDto;
}

/** A signed challenge, as navigator.credentials.get() answers it in JSON (startAuthentication). */
export class AuthenticationCredentialDto extends CredentialDto {
  @IsDefined({ message: 'response.response is required' })
  @IsObject({ message: 'response.response must be an object' })
  @ValidateNested()
  @Type(() => AssertionResponseDto)
  response!: AssertionResponseDto;
}
