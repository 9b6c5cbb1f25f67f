import { ApiProperty } from '@nestjs/swagger';
import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsObject, Max, Min, ValidateNested } from 'class-validator';
import { IsOptionalNotNull, IsOptionalNullable } from '../../common/decorators/validation.decorators';
import {
  DROP_WORST_WEEKS_MAX,
  GAMES_PER_WEEK_MAX,
  GAMES_PER_WEEK_MIN,
  MISSED_WEEK_RULES,
  MissedWeekRule,
  PICK_MODES,
  PickMode,
  PUSH_RULES,
  PushRule,
  WEEKLY_TIE_RULES,
  WeeklyTieRule,
} from '../season-rules';

const oneOf = (name: string, values: readonly string[]) => IsIn(values, { message: `${name} must be one of: ${values.join(', ')}` });
const flag = (name: string) => IsBoolean({ message: `${name} must be true or false` });

/** A season's rules as written (docs/pool-formats.md): any subset; what is left out keeps its value. */
export class SeasonRulesInputDto {
  @IsOptionalNotNull() @oneOf('rules.pick_mode', PICK_MODES)
  pick_mode?: PickMode;

  @IsOptionalNotNull() @oneOf('rules.push_rule', PUSH_RULES)
  push_rule?: PushRule;

  @IsOptionalNotNull() @flag('rules.half_point_lines')
  half_point_lines?: boolean;

  @IsOptionalNotNull() @flag('rules.confidence_points')
  confidence_points?: boolean;

  @IsOptionalNotNull() @flag('rules.lock_of_week')
  lock_of_week?: boolean;

  @IsOptionalNotNull()
  @Max(DROP_WORST_WEEKS_MAX, { message: `rules.drop_worst_weeks must be between 0 and ${DROP_WORST_WEEKS_MAX}` })
  @Min(0, { message: `rules.drop_worst_weeks must be between 0 and ${DROP_WORST_WEEKS_MAX}` })
  @IsInt({ message: 'rules.drop_worst_weeks must be a whole number' })
  drop_worst_weeks?: number;

  @IsOptionalNotNull() @oneOf('rules.missed_weeks', MISSED_WEEK_RULES)
  missed_weeks?: MissedWeekRule;

  @IsOptionalNotNull() @oneOf('rules.weekly_ties', WEEKLY_TIE_RULES)
  weekly_ties?: WeeklyTieRule;

  /** Null: every game of the week. */
  @ApiProperty({ description: 'How many of the week\'s games count; null: every game.' })
  @IsOptionalNullable()
  @Max(GAMES_PER_WEEK_MAX, { message: `rules.games_per_week must be between ${GAMES_PER_WEEK_MIN} and ${GAMES_PER_WEEK_MAX}, or null for every game` })
  @Min(GAMES_PER_WEEK_MIN, { message: `rules.games_per_week must be between ${GAMES_PER_WEEK_MIN} and ${GAMES_PER_WEEK_MAX}, or null for every game` })
  @IsInt({ message: 'rules.games_per_week must be a whole number, or null for every game' })
  games_per_week?: number | null;

  @IsOptionalNotNull() @flag('rules.commissioner_plays')
  commissioner_plays?: boolean;

  /** False: the season runs only its survivor contest. */
  @ApiProperty({ description: 'Whether the season runs its pick\'em; false: it runs only its survivor contest.' })
  @IsOptionalNotNull() @flag('rules.pickem')
  pickem?: boolean;
}

/** The `rules` field of a season write. */
export const RulesField = () =>
  applyDecorators(IsOptionalNotNull(), IsObject({ message: 'rules must be an object' }), ValidateNested(), Type(() => SeasonRulesInputDto));

/** A season's rules as the API shows them (every field), with whether they are locked and what they mean. */
export class SeasonRulesDto {
  pick_mode!: PickMode;
  push_rule!: PushRule;
  half_point_lines!: boolean;
  confidence_points!: boolean;
  lock_of_week!: boolean;
  drop_worst_weeks!: number;
  missed_weeks!: MissedWeekRule;
  weekly_ties!: WeeklyTieRule;
  /** Null: every game of the week. */
  @ApiProperty({ description: 'How many of the week\'s games count; null: every game.' })
  games_per_week!: number | null;
  commissioner_plays!: boolean;
  /** False: the season runs only its survivor contest. */
  @ApiProperty({ description: 'Whether the season runs its pick\'em; false: it runs only its survivor contest.' })
  pickem!: boolean;
}
