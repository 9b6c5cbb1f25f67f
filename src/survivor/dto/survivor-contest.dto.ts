import { applyDecorators } from '@nestjs/common';
import { ApiProperty, OmitType, PartialType } from '@nestjs/swagger';
import { IsDefined, IsIn, IsInt, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { IsOptionalNotNull } from '../../common/decorators/validation.decorators';
import { CentsField, PercentagesField } from '../../payouts/dto/fee-fields';
import { Trimmed } from '../../seasons/dto/create-season.dto';
import {
  SURVIVOR_ALL_LOSE_RULES,
  SURVIVOR_MISSED_RULES,
  SURVIVOR_PICK_MODES,
  SURVIVOR_REUSE_RULES,
  SURVIVOR_TIE_RULES,
  SurvivorAllLoseRule,
  SurvivorMissedRule,
  SurvivorPickMode,
  SurvivorReuseRule,
  SurvivorTieRule,
} from '../entities/survivor-contest.entity';
import { SURVIVOR_LIVES_MAX, SURVIVOR_LIVES_MIN, SURVIVOR_NAME_MAX } from '../survivor-rules';

const oneOf = (name: string, values: readonly string[]) => IsIn(values, { message: `${name} must be one of: ${values.join(', ')}` });
/** A record's id; applyDecorators checks in list order. */
export const IsWholeId = (name: string) => applyDecorators(IsInt({ message: `${name} must be a whole number` }), Min(1, { message: `${name} must be a whole number` }));

/** POST /api/survivor_contests (docs/pool-formats.md#survivor): a season's contest; every rule left out takes its default. */
export class CreateSurvivorContestDto {
  @IsDefined({ message: 'football_season_id is required' })
  @IsWholeId('football_season_id')
  football_season_id!: number;

  /** Left out: the season's first week whose first pick deadline has not passed. */
  @ApiProperty({ description: 'Left out: the season\'s first week whose first pick deadline has not passed.' })
  @IsOptionalNotNull()
  @IsWholeId('first_week_id')
  first_week_id?: number;

  @IsOptionalNotNull()
  @MaxLength(SURVIVOR_NAME_MAX, { message: `name must be at most ${SURVIVOR_NAME_MAX} characters` })
  @MinLength(1, { message: 'name must not be empty' })
  @IsString({ message: 'name must be text' })
  @Trimmed()
  name?: string;

  @IsOptionalNotNull() @oneOf('pick_mode', SURVIVOR_PICK_MODES)
  pick_mode?: SurvivorPickMode;

  @IsOptionalNotNull() @oneOf('reuse', SURVIVOR_REUSE_RULES)
  reuse?: SurvivorReuseRule;

  @IsOptionalNotNull()
  @Max(SURVIVOR_LIVES_MAX, { message: `lives must be between ${SURVIVOR_LIVES_MIN} and ${SURVIVOR_LIVES_MAX}` })
  @Min(SURVIVOR_LIVES_MIN, { message: `lives must be between ${SURVIVOR_LIVES_MIN} and ${SURVIVOR_LIVES_MAX}` })
  @IsInt({ message: 'lives must be a whole number' })
  lives?: number;

  @IsOptionalNotNull() @oneOf('ties', SURVIVOR_TIE_RULES)
  ties?: SurvivorTieRule;

  @IsOptionalNotNull() @oneOf('missed', SURVIVOR_MISSED_RULES)
  missed?: SurvivorMissedRule;

  @IsOptionalNotNull() @oneOf('all_lose', SURVIVOR_ALL_LOSE_RULES)
  all_lose?: SurvivorAllLoseRule;

  @ApiProperty({ description: 'Each entrant\'s fee in whole cents (tracking only); 0 (the default): no fee.' })
  @CentsField('entry_fee_cents')
  entry_fee_cents?: number;

  @ApiProperty({ description: 'Percent of the pot for places 1..n, adding up to 100; empty without an entry fee.' })
  @PercentagesField()
  payout_percentages?: number[];
}

/** PUT/PATCH /api/survivor_contests/{id}: any field but the season; the rules and the first week lock with the first week. */
export class UpdateSurvivorContestDto extends PartialType(OmitType(CreateSurvivorContestDto, ['football_season_id'] as const)) {}

/** Filters of GET /api/survivor_contests. */
export class SurvivorContestFilterDto {
  @IsOptionalNotNull()
  @IsWholeId('football_season_id')
  football_season_id?: number;
}

/** The contest's own fields and rules, as every answer shows them (`contestFields`). */
export class SurvivorContestFieldsDto {
  id!: number;
  football_season_id!: number;
  name!: string;
  first_week_id!: number;
  first_week_number!: number;
  pick_mode!: SurvivorPickMode;
  reuse!: SurvivorReuseRule;
  lives!: number;
  ties!: SurvivorTieRule;
  missed!: SurvivorMissedRule;
  all_lose!: SurvivorAllLoseRule;
  entry_fee_cents!: number;
  payout_percentages!: number[];
  @ApiProperty({ description: 'The rules that differ from the defaults, one plain sentence each.' })
  rules_summary!: string[];
}

/** A survivor contest as admins see it. */
export class SurvivorContestDto extends SurvivorContestFieldsDto {
  @ApiProperty({ description: 'True once the first week\'s first pick deadline passed: the rules and the first week can no longer change, and entry has closed.' })
  rules_locked!: boolean;
  @ApiProperty({ description: 'The first week\'s first pick deadline; null while that week has no games.' })
  entry_closes_at!: string | null;
  entrant_count!: number;
  alive_count!: number;
  finished!: boolean;
  created_at!: string;
  updated_at!: string;
}

/** POST /api/survivor_contests/{id}/calculate's answer lives with the results; this is the paid-marking answer. */
export class MarkEntriesPaidResultDto {
  @ApiProperty({ description: 'Entrants whose status changed (those already as asked are left as they are).' })
  changed!: number;
  paid_count!: number;
  entrant_count!: number;
}
