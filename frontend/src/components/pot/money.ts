import type { Pot } from '../../api/types';
import { ordinal } from '../../format';

/** Whole cents as dollars: 2500 → "$25", 1250 → "$12.50". */
export function moneyText(cents: number): string {
  const dollars = cents / 100;
  return `$${dollars.toLocaleString('en-US', { minimumFractionDigits: cents % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 })}`;
}

export const POT_TEXTS = {
  heading: 'Entry fee and pot',
  paid: 'Paid',
  unpaid: 'Not paid yet',
  winningsColumn: 'Won',
  winningsMeaning: 'Money won so far: weekly prizes, plus what the current standings would pay at the end of the season (paid members only)',
} as const;

/** "1st $120 · 2nd $80". */
export const payoutsText = (pot: Pick<Pot, 'payouts'>) => pot.payouts.map((payout) => `${ordinal(payout.place)} ${moneyText(payout.amount_cents)}`).join(' · ');

/** Each member's winnings by user id, or null when the season has no fee (no column then). */
export function winningsOf(pot: Pot | undefined): Map<number, number> | null {
  if (!pot || pot.entry_fee_cents === 0) return null;
  return new Map(pot.winnings.map((winning) => [winning.user_id, winning.total_cents]));
}
