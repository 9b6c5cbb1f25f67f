import { applyDecorators } from '@nestjs/common';
import { ArrayMaxSize, IsArray, IsInt, Max, Min } from 'class-validator';
import { IsOptionalNotNull } from '../../common/decorators/validation.decorators';
import { ToWholeNumber } from '../../seasons/weeks/dto/date-fields';
import { FEE_MAX_CENTS, PAYOUT_PLACES_MAX } from '../fee-settings';

// applyDecorators registers in list order, so each list reads in the order the rules are checked.

/** An amount in whole cents, 0 for none (entry_fee_cents, weekly_winner_cents). */
export const CentsField = (name: string) =>
  applyDecorators(
    IsOptionalNotNull(),
    ToWholeNumber(),
    IsInt({ message: `${name} must be a whole number of cents` }),
    Min(0, { message: `${name} must be between 0 and ${FEE_MAX_CENTS}` }),
    Max(FEE_MAX_CENTS, { message: `${name} must be between 0 and ${FEE_MAX_CENTS}` }),
  );

/** Percent for places 1..n, each 1..100 (their sum is checked with the fee: fee-settings.ts). */
export const PercentagesField = () =>
  applyDecorators(
    IsOptionalNotNull(),
    IsArray({ message: 'payout_percentages must be a list of percentages' }),
    ArrayMaxSize(PAYOUT_PLACES_MAX, { message: `payout_percentages can have at most ${PAYOUT_PLACES_MAX} places` }),
    IsInt({ each: true, message: 'payout_percentages must be whole numbers' }),
    Min(1, { each: true, message: 'payout_percentages must each be between 1 and 100' }),
    Max(100, { each: true, message: 'payout_percentages must each be between 1 and 100' }),
  );
