import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsIn, IsInt, IsNotEmpty, IsString, IsUrl, MaxLength, Min } from 'class-validator';
import { TEAM_CLASSIFICATIONS } from '../entities/team.entity';

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

/** At most this many other names per team: the spellings providers use, not a thesaurus. */
export const ALTERNATE_NAMES_MAX = 20;

/**
 * A team's other names (docs/imports.md: matched on import): a list of text, each trimmed; blank and repeated names
 * are dropped, and an empty list is stored as none (null).
 */
export const IsAlternateNames = () =>
  applyDecorators(
    Transform(({ value }) => {
      if (!Array.isArray(value)) return value;
      const names = value.map((name) => (typeof name === 'string' ? name.trim() : name)).filter((name) => name !== '');
      const distinct = names.filter((name, index) => typeof name !== 'string' || names.findIndex((other) => typeof other === 'string' && other.toLowerCase() === name.toLowerCase()) === index);
      return distinct.length === 0 ? null : distinct;
    }),
    IsArray({ message: '$property must be a list of names' }),
    ArrayMaxSize(ALTERNATE_NAMES_MAX, { message: `$property must have at most ${ALTERNATE_NAMES_MAX} names` }),
    IsString({ each: true, message: 'each of $property must be text' }),
    MaxLength(100, { each: true, message: 'each of $property must be at most 100 characters' }),
  );

/** fbs, fcs, ii or iii, any case. */
export const IsClassification = () =>
  applyDecorators(
    Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value)),
    IsIn(TEAM_CLASSIFICATIONS, { message: `$property must be one of: ${TEAM_CLASSIFICATIONS.join(', ')}` }),
  );
