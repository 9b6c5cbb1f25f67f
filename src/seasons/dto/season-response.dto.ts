import { ApiProperty } from '@nestjs/swagger';
import type { Week } from '../weeks/entities/week.entity';
import { weekDisplayName } from '../weeks/dto/week-response.dto';
import type { WeekStatus } from '../weeks/week-status';
import type { FootballSeason } from '../entities/football-season.entity';
import { describeRules, rulesOf } from '../season-rules';
import { SeasonRulesDto } from './season-rules.dto';

export interface SeasonCounts {
  weeks_count: number;
  games_count: number;
  picks_count: number;
}

/** A season with what is computed for it on read; weeks only where one season is shown. */
export interface SeasonView {
  season: FootballSeason;
  counts: SeasonCounts;
  weeks?: { week: Week; status: WeekStatus }[];
  /** Whether the season's first game has kicked off: its rules can no longer change. */
  rulesLocked: boolean;
}

export class SeasonWeekDto {
  id!: number;
  number!: number;
  display_name!: string;
  is_current!: boolean;
  status!: WeekStatus;
  start_date!: string;
  end_date!: string;
}

/** A football season as the API shows it (docs/product.md#data): `current` and `is_current` carry the same flag. */
export class SeasonResponseDto {
  id!: number;
  name!: string;
  year!: number;
  start_date!: string;
  end_date!: string;
  current!: boolean;
  is_current!: boolean;
  weeks_count!: number;
  games_count!: number;
  picks_count!: number;
  weeks?: SeasonWeekDto[];
  /** The pool format (docs/pool-formats.md). */
  rules!: SeasonRulesDto;
  /** True once the season's first game has kicked off: the rules can no longer change. */
  @ApiProperty({ description: 'True once the season\'s first game has kicked off: the rules can no longer change.' })
  rules_locked!: boolean;
  /** The rules that differ from the spec's, one plain sentence each (empty for a season on the spec's rules). */
  @ApiProperty({ description: 'The rules that differ from the standard rules, one plain sentence each; empty for a season on the standard rules.' })
  rules_summary!: string[];
  /** The entry fee in whole cents; 0: no fee (docs/pool-formats.md#entry-fees-and-payouts). */
  @ApiProperty({ description: 'The entry fee in whole cents; 0: no fee.' })
  entry_fee_cents!: number;
  /** Paid to each week's winner(s), in whole cents; 0: no weekly prize. */
  @ApiProperty({ description: 'Paid to each week\'s winner(s), in whole cents; 0: no weekly prize.' })
  weekly_winner_cents!: number;
  /** Percent of the season prize pool for places 1..n (empty without a fee). */
  @ApiProperty({ description: 'Percent of the season prize pool for places 1..n; empty without a fee.' })
  payout_percentages!: number[];

  static from({ season, counts, weeks, rulesLocked }: SeasonView): SeasonResponseDto {
    const rules = rulesOf(season);
    return {
      id: season.id,
      name: season.name,
      year: season.year,
      start_date: season.start_date,
      end_date: season.end_date,
      current: season.is_current,
      is_current: season.is_current,
      ...counts,
      rules,
      rules_locked: rulesLocked,
      rules_summary: describeRules(rules),
      entry_fee_cents: season.entry_fee_cents,
      weekly_winner_cents: season.weekly_winner_cents,
      payout_percentages: season.payout_percentages,
      ...(weeks
        ? {
            weeks: weeks.map(({ week, status }) => ({
              id: week.id,
              number: week.number,
              display_name: weekDisplayName(week.number),
              is_current: week.is_current,
              status,
              start_date: week.start_date,
              end_date: week.end_date,
            })),
          }
        : {}),
    };
  }
}
