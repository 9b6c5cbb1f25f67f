import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsDefined, IsInt, IsNotEmpty, IsString, IsUrl, MaxLength, Min } from 'class-validator';

const trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/*
 * Rules are listed in the order they run: with stopAtFirstError a field reports only the first rule it breaks,
 * so the basic checks come first.
 */

/** Text the record cannot do without, trimmed. */
export const IsRequiredText = (maxLength: number) =>
  applyDecorators(
    trim(),
    IsDefined({ message: '$property is required' }),
    IsString({ message: '$property must be text' }),
    IsNotEmpty({ message: '$property is required' }),
    MaxLength(maxLength, { message: `$property must be at most ${maxLength} characters` }),
  );

/** Optional text, trimmed (blank is cleared by IsOptionalNullable before this runs). */
export const IsOptionalText = (maxLength: number) =>
  applyDecorators(
    trim(),
    IsString({ message: '$property must be text' }),
    MaxLength(maxLength, { message: `$property must be at most ${maxLength} characters` }),
  );

/** A team's record: a whole number, never negative. */
export const IsCount = () =>
  applyDecorators(IsInt({ message: '$property must be a whole number' }), Min(0, { message: '$property must be 0 or more' }));

/** The id of another record. */
export const IsReference = () =>
  applyDecorators(IsDefined({ message: '$property is required' }), IsInt({ message: '$property must be a whole number' }));

/** A web address a browser can open. */
export const IsWebAddress = () =>
  applyDecorators(
    trim(),
    IsDefined({ message: '$property is required' }),
    IsString({ message: '$property must be text' }),
    IsNotEmpty({ message: '$property is required' }),
    MaxLength(255, { message: '$property must be at most 255 characters' }),
    IsUrl({ protocols: ['http', 'https'], require_protocol: true }, { message: '$property must be a web address starting with http:// or https://' }),
  );
