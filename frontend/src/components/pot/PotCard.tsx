import { Box, Paper, Typography } from '@mui/material';
import { useId } from 'react';
import type { Pot } from '../../api/types';
import { StatusPill } from '../StatusPill';
import { moneyText, payoutsText, POT_TEXTS } from './money';

/**
 * The season's entry fee, whether the member paid, the pot and what it pays (docs/pool-formats.md#entry-fees-and-payouts),
 * compact for a phone. A season without a fee has no card. `showStatus` is off for an admin who doesn't play.
 */
export function PotCard({ pot, userId, showStatus = true }: { pot: Pot | undefined; userId?: number; showStatus?: boolean }) {
  const headingId = useId();
  if (!pot || pot.entry_fee_cents === 0) return null;
  const mine = pot.winnings.find((winning) => winning.user_id === userId);
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ px: 2, py: 1.25, mb: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 0.5 }}>
        <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 700, mr: 'auto' }}>
          {POT_TEXTS.heading}
        </Typography>
        {showStatus && (
          <StatusPill tone={pot.me.paid ? 'good' : 'warn'}>
            <span data-testid="pot-paid-status">{pot.me.paid ? POT_TEXTS.paid : POT_TEXTS.unpaid}</span>
          </StatusPill>
        )}
      </Box>
      <Typography variant="h6" component="p" data-testid="pot-total">
        Pot {moneyText(pot.pot_cents)}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, typography: 'body2', color: 'text.secondary', '& li + li': { mt: 0.25 } }}>
        <li>
          Entry fee {moneyText(pot.entry_fee_cents)} · {pot.paid_count} of {pot.member_count} members paid
        </li>
        {pot.weekly_winner_cents > 0 && <li>Each week&apos;s winner: {moneyText(pot.weekly_winner_cents)}</li>}
        {pot.payouts.length > 0 && <li>Season payouts: {payoutsText(pot)}</li>}
        {mine && <li>You have won {moneyText(mine.total_cents)} so far</li>}
      </Box>
    </Paper>
  );
}
