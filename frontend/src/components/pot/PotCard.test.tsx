import { render, screen, within } from '@testing-library/react';
import type { Pot, SeasonStanding } from '../../api/types';
import { seasonBody } from '../../admin/seasons/SeasonInputs';
import { percentagesError } from '../../admin/seasons/FeeInputs';
import { standingsColumns } from '../results/SeasonStandings';
import { moneyText, payoutsText, winningsOf } from './money';
import { PotCard } from './PotCard';

const POT: Pot = {
  season_id: 1,
  entry_fee_cents: 2000,
  weekly_winner_cents: 500,
  member_count: 12,
  paid_count: 10,
  pot_cents: 20000,
  payouts: [
    { place: 1, percent: 60, amount_cents: 8400 },
    { place: 2, percent: 40, amount_cents: 5600 },
  ],
  me: { paid: true },
  winnings: [{ user_id: 7, name: 'Fan', season_cents: 8400, weekly_cents: 1250, total_cents: 9650 }],
};

describe('The pot card', () => {
  it('shows whether the member paid, the pot, the fee and what it pays', () => {
    render(<PotCard pot={POT} userId={7} />);
    const card = screen.getByRole('region', { name: 'Entry fee and pot' });
    expect(within(card).getByTestId('pot-paid-status')).toHaveTextContent('Paid');
    expect(within(card).getByTestId('pot-total')).toHaveTextContent('Pot $200');
    expect(card).toHaveTextContent('Entry fee $20 · 10 of 12 members paid');
    expect(card).toHaveTextContent("Each week's winner: $5");
    expect(card).toHaveTextContent('Season payouts: 1st $84 · 2nd $56');
    expect(card).toHaveTextContent('You have won $96.50 so far');
  });

  it('says a member has not paid yet, and leaves the status out for an admin who does not play', () => {
    const { rerender } = render(<PotCard pot={{ ...POT, me: { paid: false }, winnings: [] }} userId={8} />);
    expect(screen.getByTestId('pot-paid-status')).toHaveTextContent('Not paid yet');
    expect(screen.queryByText(/You have won/)).not.toBeInTheDocument();
    rerender(<PotCard pot={POT} userId={1} showStatus={false} />);
    expect(screen.queryByTestId('pot-paid-status')).not.toBeInTheDocument();
  });

  it('is not shown for a season without a fee', () => {
    const { container } = render(<PotCard pot={{ ...POT, entry_fee_cents: 0, pot_cents: 0, payouts: [] }} userId={7} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('Money texts', () => {
  it.each([
    [2500, '$25'],
    [1250, '$12.50'],
    [5, '$0.05'],
    [123456, '$1,234.56'],
    [0, '$0'],
  ])('%i cents read %s', (cents, text) => expect(moneyText(cents)).toBe(text));

  it('lists the places and gives winnings only where there is a fee', () => {
    expect(payoutsText(POT)).toBe('1st $84 · 2nd $56');
    expect(winningsOf(POT)).toEqual(new Map([[7, 9650]]));
    expect(winningsOf({ ...POT, entry_fee_cents: 0 })).toBeNull();
    expect(winningsOf(undefined)).toBeNull();
  });

  it('adds a Won column to the season standings only with winnings', () => {
    const standing = { user: { id: 7, name: 'Fan', email: null } } as unknown as SeasonStanding;
    const other = { user: { id: 8, name: 'Other', email: null } } as unknown as SeasonStanding;
    expect(standingsColumns([], undefined).map((column) => column.term)).not.toContain('Won');
    const won = standingsColumns([], undefined, new Map([[7, 9650]])).find((column) => column.term === 'Won')!;
    expect(won.cell(standing)).toBe('$96.50');
    expect(won.cell(other)).toBe('—');
  });
});

describe('The season form: entry fee and payouts', () => {
  it('sends the fee fields as the API takes them, and leaves them out when the form has none', () => {
    const base = { name: '2026', start_date: '2026-08-29', end_date: '2027-01-18' };
    expect(seasonBody({ ...base, entry_fee_cents: 2000, weekly_winner_cents: 0, payout_percentages: [50, 30, 20] })).toEqual({
      ...base,
      entry_fee_cents: 2000,
      weekly_winner_cents: 0,
      payout_percentages: [50, 30, 20],
    });
    expect(seasonBody(base)).toEqual(base);
  });

  it.each([
    { value: [50, 30, 20], error: undefined },
    { value: [], error: undefined },
    { value: [50, 30], error: 'The places must add up to 100% (now 80%)' },
    { value: [50, 0, 50], error: 'Each place gets a whole percentage from 1 to 100' },
    { value: [60.5, 39.5], error: 'Each place gets a whole percentage from 1 to 100' },
  ])('checks payouts $value', ({ value, error }) => expect(percentagesError(value)).toBe(error));
});
