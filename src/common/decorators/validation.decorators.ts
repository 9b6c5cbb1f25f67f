import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsEmail, IsString, MaxLength, MinLength, ValidateIf } from 'class-validator';

/** docs/product.md#constants: password minimum on reset, applied to every new password. */
export const PASSWORD_MIN_LENGTH = 6;

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

/** A new password: text of at least the minimum length. */
export const IsNewPassword = () =>
  applyDecorators(
    IsString({ message: '$property must be a string' }),
    MinLength(PASSWORD_MIN_LENGTH, { message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.` }),
    MaxLength(72, { message: 'Password must be at most 72 characters long.' }),
  );
