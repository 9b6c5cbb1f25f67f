import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsInt, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { SeasonRulesInputDto, RulesField } from './season-rules.dto';
import { CentsField, PercentagesField } from '../../payouts/dto/fee-fields';
import { IsOptionalNotNull } from '../../common/decorators/validation.decorators';
import { IsCalendarDate, ToWholeNumber } from '../weeks/dto/date-fields';

export const SEASON_NAME_MAX = 50;
export const YEAR_MIN = 1900;
export const YEAR_MAX = 2100;

/** Surrounding spaces are not part of a name. */
export const Trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** POST /api/football_seasons (docs/product.md#api). Rules run bottom-up and stop at the first failure. */
export class CreateSeasonDto {
  @IsDefined({ message: 'name is required' })
  @MaxLength(SEASON_NAME_MAX, { message: `name must be at most ${SEASON_NAME_MAX} characters` })
  @MinLength(1, { message: 'name must not be empty' })
  @IsString({ message: 'name must be text' })
  @Trimmed()
  name!: string;

  @IsDefined({ message: 'start_date is required' }) @IsCalendarDate()
  start_date!: string;

  @IsDefined({ message: 'end_date is required' }) @IsCalendarDate()
  end_date!: string;

  /** Defaults to the year the season starts. */
  @ApiProperty({ description: 'Left out: the year the season starts.' })
  @IsOptionalNotNull()
  @Max(YEAR_MAX, { message: `year must be between ${YEAR_MIN} and ${YEAR_MAX}` })
  @Min(YEAR_MIN, { message: `year must be between ${YEAR_MIN} and ${YEAR_MAX}` })
  @IsInt({ message: 'year must be a whole number' })
  @ToWholeNumber()
  year?: number;

  /** The pool format (docs/pool-formats.md); left out, the spec's rules (on create) or the rules as they are. */
  @ApiProperty({ description: 'The pool format, any subset. Left out: the standard rules on create; on update, the rules stay as they are.' })
  @RulesField()
  rules?: SeasonRulesInputDto;

  /** The entry fee in whole cents; 0 (the default): no fee (docs/pool-formats.md#entry-fees-and-payouts). */
  @ApiProperty({ description: 'The entry fee in whole cents; 0 (the default): no fee.' })
  @CentsField('entry_fee_cents')
  entry_fee_cents?: number;

  /** Paid to each week's winner(s), in whole cents; 0: no weekly prize. Needs an entry fee. */
  @ApiProperty({ description: 'Paid to each week\'s winner(s), in whole cents; 0 (the default): no weekly prize. Needs an entry fee.' })
  @CentsField('weekly_winner_cents')
  weekly_winner_cents?: number;

  /** Percent of the season prize pool for places 1..n, adding up to 100; empty without an entry fee. */
  @ApiProperty({ description: 'Percent of the season prize pool for places 1..n, each 1..100, adding up to 100; empty without an entry fee.' })
  @PercentagesField()
  payout_percentages?: number[];
}
