import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import {
  IsEmail,
  MaxLength,
  ValidateBy,
  ValidateIf,
  ValidationArguments,
  ValidatorConstraint,
  ValidatorConstraintInterface,
} from 'class-validator';
import { newPasswordProblem } from '../passwords/new-password-problem';
import { passwordLengthProblem, passwordTooCommon } from '../passwords/password-policy';

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

/** The password rule (src/common/passwords/password-policy.ts) as one constraint: one sentence per refused field. */
@ValidatorConstraint({ name: 'isNewPassword', async: true })
export class IsNewPasswordConstraint implements ValidatorConstraintInterface {
  async validate(value: unknown): Promise<boolean> {
    return typeof value === 'string' && (await newPasswordProblem(value)) === null;
  }

  /** Called only after a refusal: a string of an allowed length was refused for being on the list. */
  defaultMessage({ value }: ValidationArguments): string {
    if (typeof value !== 'string') return '$property must be a string';
    return passwordLengthProblem(value) ?? passwordTooCommon;
  }
}

/** A new password: 12–128 characters, not a common or breached one. */
export const IsNewPassword = () => ValidateBy({ name: 'isNewPassword', async: true, validator: IsNewPasswordConstraint });
