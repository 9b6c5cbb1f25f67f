import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsDefined, IsInt, Min } from 'class-validator';
import { SELECT_SEASON } from '../../seasons/weeks/dto/create-week.dto';

/** The most members one bulk change takes. */
export const MARK_PAID_MAX = 1000;
const LIST = `user_ids must be a list of 1 to ${MARK_PAID_MAX} member ids`;

/** Filters of GET /api/entry_payments: the season whose members are listed (required). */
export class EntryPaymentFilterDto {
  @IsDefined({ message: SELECT_SEASON })
  @Min(1, { message: 'football_season_id must be a whole number' })
  @IsInt({ message: 'football_season_id must be a whole number' })
  football_season_id!: number;
}

/** PATCH /api/seasons/{id}/entry_payments: marks members paid or unpaid, in one change. */
export class MarkPaidDto {
  @Min(1, { each: true, message: 'user_ids must be whole numbers' })
  @IsInt({ each: true, message: 'user_ids must be whole numbers' })
  @ArrayMaxSize(MARK_PAID_MAX, { message: LIST })
  @ArrayMinSize(1, { message: LIST })
  @IsArray({ message: LIST })
  user_ids!: number[];

  @IsDefined({ message: 'paid is required' })
  @IsBoolean({ message: 'paid must be true or false' })
  paid!: boolean;
}

/** A member of the season and whether their entry is paid (react-admin's id is the member's user id). */
export class EntryPaymentDto {
  id!: number;
  football_season_id!: number;
  user_id!: number;
  name!: string;
  email!: string;
  paid!: boolean;
  /** When the admin marked it paid; null while unpaid. */
  @ApiProperty({ description: 'When an admin marked the entry paid; null while unpaid.' })
  paid_at!: string | null;
  /** The admin who marked it (name); null while unpaid or once that account is gone. */
  @ApiProperty({ description: 'The name of the admin who marked it paid; null while unpaid or once that account is gone.' })
  marked_by!: string | null;
}

export class MarkPaidResultDto {
  /** Members whose status changed (those already as asked are left as they are). */
  @ApiProperty({ description: 'Members whose status changed (those already as asked are left as they are).' })
  changed!: number;
  paid_count!: number;
  member_count!: number;
}

export class PayoutDto {
  place!: number;
  percent!: number;
  amount_cents!: number;
}

export class WinningsDto {
  user_id!: number;
  name!: string;
  season_cents!: number;
  weekly_cents!: number;
  total_cents!: number;
}

export class PotMeDto {
  paid!: boolean;
}

/** GET /api/seasons/{id}/pot (docs/pool-formats.md#entry-fees-and-payouts). */
export class PotDto {
  season_id!: number;
  entry_fee_cents!: number;
  weekly_winner_cents!: number;
  member_count!: number;
  paid_count!: number;
  pot_cents!: number;
  /** The season places' amounts: the pot less every week's prize, reserved up front. */
  @ApiProperty({ description: 'The season places\' amounts: the pot less every week\'s prize, reserved up front.' })
  payouts!: PayoutDto[];
  /** Whether the signed-in member's entry is paid. */
  @ApiProperty({ description: 'Whether the signed-in member\'s entry is paid.' })
  me!: PotMeDto;
  /** Who has won what so far: weekly prizes of calculated weeks, and what the latest season standings would pay. */
  @ApiProperty({ description: 'Who has won what so far: weekly prizes of calculated weeks, and what the latest season standings would pay.' })
  winnings!: WinningsDto[];
}
