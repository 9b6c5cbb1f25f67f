import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, MaxLength, MinLength, ValidateBy, ValidateIf } from 'class-validator';

/** docs/product.md#constants: password minimum on reset, applied to every new password. */
export const PASSWORD_MIN_LENGTH = 6;

/** bcrypt reads only the first 72 bytes of a password: a longer one would be cut without a word. */
export const PASSWORD_MAX_BYTES = 72;

/** Text of at most `max` bytes as UTF-8 (an accented letter takes 2, most emoji 4). */
export const MaxBytes = (max: number, message: string) =>
  ValidateBy({
    name: 'maxBytes',
    validator: { validate: (value) => typeof value === 'string' && Buffer.byteLength(value, 'utf8') <= max, defaultMessage: () => message },
  });

/** The field may be left out, but may not be set to null (its column is required). */
export const IsOptionalNotNull = () => ValidateIf((_object, value) => value !== undefined);

/** The field may be left out or set to null (to clear it); blank text counts as null. */
export const IsOptionalNullable = () =>
  applyDecorators(
    Transform(({ value }) => (typeof value === 'string' && value.trim() === '' ? null : value)),
    ValidateIf((_object, value) => value !== undefined && value !== null),
  );

/** An e-mail address, trimmed and lower-cased so every comparison is case-insensitive. */
export const IsNormalizedEmail = () =>
  applyDecorators(
    Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value)),
    IsEmail({}, { message: '$property must be an email' }),
    MaxLength(255),
  );

/** A new password: text of at least the minimum length and at most bcrypt's 72 bytes. */
export const IsNewPassword = () =>
  applyDecorators(
    IsString({ message: '$property must be a string' }),
    MinLength(PASSWORD_MIN_LENGTH, { message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.` }),
    MaxBytes(
      PASSWORD_MAX_BYTES,
      `Password must be at most ${PASSWORD_MAX_BYTES} bytes long (letters with accents, other scripts and emoji take 2 to 4 bytes each).`,
    ),
  );
