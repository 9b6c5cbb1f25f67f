import { IsInt, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { SeasonRulesInputDto, RulesField } from './season-rules.dto';
import { CentsField, PercentagesField } from '../../payouts/dto/fee-fields';
import { IsOptionalNotNull } from '../../common/decorators/validation.decorators';
import { IsCalendarDate, ToWholeNumber } from '../weeks/dto/date-fields';
import { SEASON_NAME_MAX, Trimmed, YEAR_MAX, YEAR_MIN } from './create-season.dto';

/** PATCH and PUT /api/football_seasons/{id}: any of the create fields; none may be cleared. */
export class UpdateSeasonDto {
  @IsOptionalNotNull()
  @MaxLength(SEASON_NAME_MAX, { message: `name must be at most ${SEASON_NAME_MAX} characters` })
  @MinLength(1, { message: 'name must not be empty' })
  @IsString({ message: 'name must be text' })
  @Trimmed()
  name?: string;

  @IsOptionalNotNull() @IsCalendarDate()
  start_date?: string;

  @IsOptionalNotNull() @IsCalendarDate()
  end_date?: string;

  @IsOptionalNotNull()
  @Max(YEAR_MAX, { message: `year must be between ${YEAR_MIN} and ${YEAR_MAX}` })
  @Min(YEAR_MIN, { message: `year must be between ${YEAR_MIN} and ${YEAR_MAX}` })
  @IsInt({ message: 'year must be a whole number' })
  @ToWholeNumber()
  year?: number;

  /** The pool format (docs/pool-formats.md); left out, the spec's rules (on create) or the rules as they are. */
  @RulesField()
  rules?: SeasonRulesInputDto;

  /** The entry fee in whole cents; 0 (the default): no fee (docs/pool-formats.md#entry-fees-and-payouts). */
  @CentsField('entry_fee_cents')
  entry_fee_cents?: number;

  /** Paid to each week's winner(s), in whole cents; 0: no weekly prize. Needs an entry fee. */
  @CentsField('weekly_winner_cents')
  weekly_winner_cents?: number;

  /** Percent of the season prize pool for places 1..n, adding up to 100; empty without an entry fee. */
  @PercentagesField()
  payout_percentages?: number[];
}
