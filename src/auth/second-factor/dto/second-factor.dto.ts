import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class SecondFactorCodeDto {
  @ApiProperty({ description: 'A 6-digit code of the authenticator app, or a recovery code', example: '123456' })
  @IsString()
  @IsNotEmpty({ message: 'Enter a code' })
  @MaxLength(64)
  code!: string;
}

export class SecondFactorLoginDto extends SecondFactorCodeDto {
  @ApiProperty({ description: "The password step's challenge" })
  @IsString()
  @IsNotEmpty()
  @MaxLength(2000)
  challenge!: string;
}

export class SecondFactorStatusDto {
  @ApiProperty({ description: 'An authenticator app is set up' })
  totp!: boolean;
  @ApiProperty({ description: 'Recovery codes not used yet' })
  recovery_codes_left!: number;
  @ApiProperty({ description: 'Every admin of this server must have a second factor' })
  required!: boolean;
}

export class TotpEnrolmentDto {
  @ApiProperty({ description: 'The base32 secret, for typing into the app by hand' })
  secret!: string;
  @ApiProperty({ description: 'The otpauth:// URI the QR code holds' })
  otpauth_uri!: string;
  @ApiProperty({ description: 'The QR code as a PNG data URL' })
  qr_code!: string;
}

export class RecoveryCodesDto {
  @ApiProperty({ type: [String], description: 'Shown once: each works once in place of an app code' })
  recovery_codes!: string[];
}

/** How the second step can be passed: a code of the authenticator app, a recovery code, or a passkey sign-in instead. */
export type SecondFactorMethod = 'totp' | 'recovery_code' | 'passkey';

export class SecondFactorChallengeDto {
  @ApiProperty({ enum: [true] })
  second_factor_required!: true;
  @ApiProperty({ description: 'Send it back with the code; valid 5 minutes' })
  challenge!: string;
  @ApiProperty({ type: [String], enum: ['totp', 'recovery_code', 'passkey'] })
  methods!: SecondFactorMethod[];
}
