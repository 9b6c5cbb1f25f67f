import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '../../session/session';
import { asPhone, CURRENT_ROUTES, renderAdmin, SEASON, stubAdminApi } from '../test/adminTestUtils';

const row = (id: number, name: string, paid = false) => ({
  id,
  football_season_id: SEASON.id,
  user_id: id,
  name,
  email: `${name.toLowerCase()}@pool.test`,
  paid,
  paid_at: paid ? '2026-09-01T12:00:00.000Z' : null,
  marked_by: paid ? 'Admin' : null,
});
const pot = (paid: number) => ({
  season_id: SEASON.id,
  entry_fee_cents: 2000,
  weekly_winner_cents: 0,
  member_count: 3,
  paid_count: paid,
  pot_cents: 2000 * paid,
  payouts: [{ place: 1, percent: 100, amount_cents: 2000 * paid }],
  me: { paid: false },
  winnings: [],
});

/** A season's members; marking changes them as the API would. */
function stubPayments() {
  const members = [row(11, 'Ann'), row(12, 'Ben'), row(13, 'Cat', true)];
  const stub = stubAdminApi({
    ...CURRENT_ROUTES,
    'GET /api/entry_payments': () => ({ body: members }),
    [`GET /api/seasons/${SEASON.id}/pot`]: () => ({ body: pot(members.filter((member) => member.paid).length) }),
    [`PATCH /api/seasons/${SEASON.id}/entry_payments`]: ({ body }: { body: unknown }) => {
      const { user_ids, paid } = body as { user_ids: number[]; paid: boolean };
      let changed = 0;
      for (const member of members) {
        if (user_ids.includes(member.id) && member.paid !== paid) {
          Object.assign(member, row(member.id, member.name, paid));
          changed += 1;
        }
      }
      return { body: { changed, paid_count: members.filter((member) => member.paid).length, member_count: 3 } };
    },
  });
  return { ...stub, members };
}

describe('Entry Fees', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it("lists the current season's members with their status and the pot, and marks the selected ones paid in one call", async () => {
    const { calls } = stubPayments();
    renderAdmin('/admin/entry_payments');
    expect(await screen.findByRole('heading', { name: 'Entry Fees' })).toBeInTheDocument();
    await screen.findByRole('cell', { name: 'Ann' });
    const list = calls.find((call) => call.url.pathname === '/api/entry_payments')!;
    expect(JSON.parse(list.url.searchParams.get('filter')!)).toEqual({ football_season_id: SEASON.id });
    expect(await screen.findByTestId('admin-pot-line')).toHaveTextContent('Pot $20 · 1 of 3 paid · $20 entry');
    expect(within(screen.getByRole('row', { name: /Cat/ })).getByText('Paid')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Ann/ })).getByText('Unpaid')).toBeInTheDocument();

    fireEvent.click(within(screen.getByRole('row', { name: /Ann/ })).getByRole('checkbox'));
    fireEvent.click(within(screen.getByRole('row', { name: /Ben/ })).getByRole('checkbox'));
    fireEvent.click(await screen.findByRole('button', { name: 'Mark paid' }));

    expect(await screen.findByText('2 members marked paid')).toBeInTheDocument();
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect(patch.url.pathname).toBe(`/api/seasons/${SEASON.id}/entry_payments`);
    expect(patch.body).toEqual({ user_ids: [11, 12], paid: true });
    await waitFor(() => expect(within(screen.getByRole('row', { name: /Ann/ })).getByText('Paid')).toBeInTheDocument());
    await waitFor(() => expect(screen.getByTestId('admin-pot-line')).toHaveTextContent('Pot $60 · 3 of 3 paid'));
  });

  it('marks a paid member unpaid', async () => {
    const { calls } = stubPayments();
    renderAdmin('/admin/entry_payments');
    await screen.findByRole('cell', { name: 'Cat' });
    fireEvent.click(within(screen.getByRole('row', { name: /Cat/ })).getByRole('checkbox'));
    fireEvent.click(await screen.findByRole('button', { name: 'Mark unpaid' }));
    expect(await screen.findByText('1 member marked unpaid')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')!.body).toEqual({ user_ids: [13], paid: false });
  });

  it('keeps the name and status on a phone and leaves the rest out', async () => {
    const undo = asPhone();
    try {
      stubPayments();
      renderAdmin('/admin/entry_payments');
      await screen.findByRole('cell', { name: 'Ann' });
      expect(screen.queryByRole('columnheader', { name: /E-mail/ })).not.toBeInTheDocument();
      expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(expect.arrayContaining(['Member', 'Status']));
    } finally {
      undo();
    }
  });
});
