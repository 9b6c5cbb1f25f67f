import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsDefined, IsString, MaxLength } from 'class-validator';
import { IsOptionalNotNull, IsOptionalNullable } from '../../common/decorators/validation.decorators';

/** More games than any week has: a bound on what one request may name. */
export const KEYS_MAX = 1000;

// Rules run bottom-up and stop at the first failure.

/** POST /api/imports/{id}/apply (docs/imports.md#the-api): the ticked games by key, and the tiebreaker among them. */
export class ApplyImportDto {
  /** The keys of the games the week keeps or gets; a game of the week not named is removed. */
  @ApiProperty({ description: 'The keys of the games the week keeps or gets; a game of the week not named is removed.' })
  @MaxLength(100, { each: true, message: 'games must be a list of game keys' })
  @IsString({ each: true, message: 'games must be a list of game keys' })
  @ArrayMaxSize(KEYS_MAX, { message: `games must list at most ${KEYS_MAX} keys` })
  @IsArray({ message: 'games must be a list of game keys' })
  @IsDefined({ message: 'games is required' })
  games!: string[];

  /** The key of the week's tiebreaker game, one of games; null for none. */
  @ApiProperty({ description: 'The key of the week\'s tiebreaker game, one of games; null for none.' })
  @MaxLength(100) @IsString({ message: 'tiebreaker must be a game key or null' }) @IsOptionalNullable()
  tiebreaker?: string | null;

  /** Games whose line is frozen (picks open) that take the provider's new line anyway. */
  @ApiProperty({ description: 'Keys of games whose line is frozen (picks open) that take the provider\'s new line anyway.' })
  @IsString({ each: true, message: 'update_lines must be a list of game keys' })
  @ArrayMaxSize(KEYS_MAX)
  @IsArray({ message: 'update_lines must be a list of game keys' })
  @IsOptionalNotNull()
  update_lines?: string[];
}
