import { useId } from 'react';
import type { Pot } from '../../api/types';
import { StatusPill } from '../StatusPill';
import { moneyText, payoutsText, POT_TEXTS } from './money';
import '../cards.css';

/**
 * The season's entry fee, whether the member paid, the pot and what it pays (docs/pool-formats.md#entry-fees-and-payouts),
 * compact for a phone, styled by class (cards.css). A season without a fee has no card. `showStatus` is off for an admin who doesn't play.
 */
export function PotCard({ pot, userId, showStatus = true }: { pot: Pot | undefined; userId?: number; showStatus?: boolean }) {
  const headingId = useId();
  if (!pot || pot.entry_fee_cents === 0) return null;
  const mine = pot.winnings.find((winning) => winning.user_id === userId);
  return (
    <section className="tg-card tg-panel" aria-labelledby={headingId}>
      <div className="tg-panel__head">
        <h2 id={headingId} className="tg-subtitle">
          {POT_TEXTS.heading}
        </h2>
        {showStatus && (
          <StatusPill tone={pot.me.paid ? 'good' : 'warn'}>
            <span data-testid="pot-paid-status">{pot.me.paid ? POT_TEXTS.paid : POT_TEXTS.unpaid}</span>
          </StatusPill>
        )}
      </div>
      <p className="tg-h6" data-testid="pot-total">
        Pot {moneyText(pot.pot_cents)}
      </p>
      <ul className="tg-list">
        <li>
          Entry fee {moneyText(pot.entry_fee_cents)} · {pot.paid_count} of {pot.member_count} members paid
        </li>
        {pot.weekly_winner_cents > 0 && <li>Each week&apos;s winner: {moneyText(pot.weekly_winner_cents)}</li>}
        {pot.payouts.length > 0 && <li>Season payouts: {payoutsText(pot)}</li>}
        {mine && <li>You have won {moneyText(mine.total_cents)} so far</li>}
      </ul>
    </section>
  );
}
