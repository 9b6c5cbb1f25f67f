import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { session } from '../../session/session';
import { chooseOption, clickWhenEnabled, CURRENT_ROUTES, game, renderAdmin, stubAdminApi, typeInto } from '../test/adminTestUtils';

const MEMBER = { id: 7, name: 'Pat Fan', email: 'fan@pool.test', role: 'user' };
const GAMES = [game(1), game(2, { is_tiebreaker: true })];

describe('Manage Picks: Add Pick (Admin Override)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('asks for tiebreaker scores only for the tiebreaker game, and posts the override with user_id and reason', async () => {
    const { calls } = stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/picks': [],
      'GET /api/users': [MEMBER],
      'GET /api/games': GAMES,
      'POST /api/picks': ({ body }: { body: object }) => ({ status: 201, body: { id: 5, ...body } }),
    });
    renderAdmin('/admin/picks/create');
    const dialog = await screen.findByRole('dialog', { name: 'Add Pick (Admin Override)' });
    const member = within(dialog).getByRole('combobox', { name: /Member/ });
    fireEvent.change(member, { target: { value: 'Pat' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Pat Fan (fan@pool.test)' }));
    await chooseOption(within(dialog).getByRole('combobox', { name: /Football Season/ }), '2026 Season');
    await chooseOption(await within(dialog).findByRole('combobox', { name: /^Week/ }), 'Week 1');

    await chooseOption(await within(dialog).findByRole('combobox', { name: /^Game/ }), 'Away 1 @ Home 1');
    expect(within(dialog).queryByLabelText(/Home Score \(tiebreaker\)/)).not.toBeInTheDocument();

    await chooseOption(within(dialog).getByRole('combobox', { name: /^Game/ }), 'Away 2 @ Home 2 (tiebreaker)');
    await chooseOption(within(dialog).getByRole('combobox', { name: /Selected Winner/ }), 'Home 2 (home)');
    typeInto(within(dialog).getByLabelText(/Away Score \(tiebreaker\)/), '21');
    await clickWhenEnabled(within(dialog).getByRole('button', { name: 'Add Pick' }));
    expect(await within(dialog).findAllByText('Both scores required for tiebreaker')).not.toHaveLength(0);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    typeInto(within(dialog).getByLabelText(/Home Score \(tiebreaker\)/), '28');
    typeInto(within(dialog).getByLabelText('Reason'), 'Phoned in');
    await clickWhenEnabled(within(dialog).getByRole('button', { name: 'Add Pick' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      user_id: 7,
      game_id: 2,
      selected_winner: 'Home 2',
      tiebreaker_home_score: 28,
      tiebreaker_away_score: 21,
      reason: 'Phoned in',
    });
  });

  it('shows the first server error, else "Add failed"', async () => {
    stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/picks': [],
      'GET /api/users': [MEMBER],
      'GET /api/games': GAMES,
      'POST /api/picks': () => ({ status: 500, body: {} }),
    });
    renderAdmin('/admin/picks/create');
    const dialog = await screen.findByRole('dialog', { name: 'Add Pick (Admin Override)' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: /Member/ }), { target: { value: 'Pat' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Pat Fan (fan@pool.test)' }));
    await chooseOption(within(dialog).getByRole('combobox', { name: /Football Season/ }), '2026 Season');
    await chooseOption(await within(dialog).findByRole('combobox', { name: /^Week/ }), 'Week 1');
    await chooseOption(await within(dialog).findByRole('combobox', { name: /^Game/ }), 'Away 1 @ Home 1');
    await chooseOption(within(dialog).getByRole('combobox', { name: /Selected Winner/ }), 'Away 1 (away)');
    await clickWhenEnabled(within(dialog).getByRole('button', { name: 'Add Pick' }));
    expect(await within(dialog).findByText('Add failed')).toBeInTheDocument();
  });
});
