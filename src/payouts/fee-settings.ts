import type { PotSettings } from './payouts';

/** $100,000: far above any office pool, and the pot of a large league still fits a 32-bit column's range. */
export const FEE_MAX_CENTS = 10_000_000;
/** Places a payout table may have. */
export const PAYOUT_PLACES_MAX = 20;

export const NO_FEE: PotSettings = { entry_fee_cents: 0, weekly_winner_cents: 0, payout_percentages: [] };

/** What is wrong with a season's money settings taken together, or null (each field alone is checked by its DTO). */
export function feeSettingsError({ entry_fee_cents, weekly_winner_cents, payout_percentages }: PotSettings): string | null {
  const sum = payout_percentages.reduce((a, b) => a + b, 0);
  if (entry_fee_cents === 0) {
    if (weekly_winner_cents > 0) return 'weekly_winner_cents needs an entry fee: set entry_fee_cents first';
    if (payout_percentages.length > 0) return 'payout_percentages must be empty when there is no entry fee';
    return null;
  }
  if (payout_percentages.length === 0) return 'payout_percentages are required when there is an entry fee (for example [100])';
  if (sum !== 100) return `payout_percentages must add up to 100 (they add up to ${sum})`;
  return null;
}
