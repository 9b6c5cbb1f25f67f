import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MEMBER, renderAt, signIn, stubApi } from '../test/helpers';
import { card, dashboardTestHooks, pool, summary } from './dashboardTestSupport';
import DashboardPage from './DashboardPage';

describe('the dashboard', () => {
  dashboardTestHooks();

  it('saves a pick at once and says so at the bottom', async () => {
    signIn(MEMBER);
    const { calls, fetch } = pool();
    // The server holds the first save until the test lets it through.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const serve = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input, init) => (init?.method === 'POST' && calls.every((call) => call.method !== 'POST') ? held.then(() => serve(input, init)) : serve(input, init)));
    renderAt(<DashboardPage />, '/dashboard');
    await screen.findByRole('article', { name: 'Away 1 @ Home 1' });
    fireEvent.click(within(card('Away 1 @ Home 1')).getByRole('button', { name: 'Away 1' }));
    // Optimistic: chosen before the server answers.
    await waitFor(() => expect(within(card('Away 1 @ Home 1')).getByRole('button', { name: 'Away 1' })).toHaveAttribute('aria-pressed', 'true'));
    expect(within(card('Away 1 @ Home 1')).getByText('Pick Made')).toBeInTheDocument();
    expect(screen.queryByText(/Pick saved/)).toBeNull();
    release();
    expect(await screen.findByText('Pick saved for Away 1 @ Home 1: Away 1')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ game_id: 1, selected_winner: 'Away 1', week_id: 2 });
    expect(summary()).toHaveTextContent('Picks made: 1 of 3 games');

    // A second choice of the same game is an update of the saved pick.
    fireEvent.click(within(card('Away 1 @ Home 1')).getByRole('button', { name: 'Home 1' }));
    expect(await screen.findByText('Pick saved for Away 1 @ Home 1: Home 1')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/picks', 'PUT /api/picks/100']));
  });

  it('updates an existing pick with PUT', async () => {
    signIn(MEMBER);
    const { calls } = pool({ picks: [{ id: 5, game_id: 2, week_id: 2, selected_winner: 'Home 2', tiebreaker_home_score: null, tiebreaker_away_score: null }] });
    renderAt(<DashboardPage />, '/dashboard');
    await screen.findByText('Pick Made');
    fireEvent.click(within(card('Away 2 @ Home 2')).getByRole('button', { name: 'Away 2' }));
    expect(await screen.findByText('Pick saved for Away 2 @ Home 2: Away 2')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect({ path: put.path, body: put.body }).toEqual({ path: '/api/picks/5', body: { game_id: 2, selected_winner: 'Away 2', week_id: 2 } });
  });

  it('rolls a refused pick back and shows "Pick submission failed: …"', async () => {
    signIn(MEMBER);
    pool({ refuse: 'Pick deadline has passed - no changes allowed' });
    renderAt(<DashboardPage />, '/dashboard');
    await screen.findByRole('article', { name: 'Away 1 @ Home 1' });
    fireEvent.click(within(card('Away 1 @ Home 1')).getByRole('button', { name: 'Home 1' }));
    expect(await screen.findByText('Pick submission failed: Pick deadline has passed - no changes allowed')).toBeInTheDocument();
    expect(within(card('Away 1 @ Home 1')).getByRole('button', { name: 'Home 1' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(card('Away 1 @ Home 1')).getByText('No Pick')).toBeInTheDocument();
  });

  it('falls back to "Failed to save pick" when the server gives no reason', async () => {
    signIn(MEMBER);
    const { routes } = pool();
    routes['POST /api/picks'] = () => ({ status: 500, body: {} });
    stubApi(routes as Parameters<typeof stubApi>[0]);
    renderAt(<DashboardPage />, '/dashboard');
    await screen.findByRole('article', { name: 'Away 1 @ Home 1' });
    fireEvent.click(within(card('Away 1 @ Home 1')).getByRole('button', { name: 'Home 1' }));
    expect(await screen.findByText('Pick submission failed: Failed to save pick')).toBeInTheDocument();
  });

  it('saves the tiebreaker pick first, reminds to enter both scores, and saves the scores once both are in', async () => {
    signIn(MEMBER);
    const { calls } = pool();
    renderAt(<DashboardPage />, '/dashboard');
    await screen.findByRole('article', { name: 'Away 3 @ Home 3' });
    const tiebreaker = card('Away 3 @ Home 3');
    expect(within(tiebreaker).getByText('Both scores required for tiebreaker')).toBeInTheDocument();
    fireEvent.change(within(tiebreaker).getByLabelText('Away 3 score'), { target: { value: '24' } });
    expect(within(tiebreaker).getByLabelText('Home 3 score')).toHaveAttribute('aria-invalid', 'true');

    fireEvent.click(within(tiebreaker).getByRole('button', { name: 'Home 3' }));
    expect(await screen.findByText('Pick saved for Away 3 @ Home 3: Home 3')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ game_id: 3, selected_winner: 'Home 3', week_id: 2 });
    expect(await within(tiebreaker).findByText('Please enter both scores for the tiebreaker')).toBeInTheDocument();
    expect(summary()).toHaveTextContent('Tiebreaker: Missing');

    fireEvent.change(within(tiebreaker).getByLabelText('Home 3 score'), { target: { value: '250' } });
    expect(within(tiebreaker).getByText('Whole number from 0 to 199')).toBeInTheDocument();
    fireEvent.change(within(tiebreaker).getByLabelText('Home 3 score'), { target: { value: '17' } });
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1), { timeout: 3000 });
    const put = calls.find((call) => call.method === 'PUT')!;
    expect({ path: put.path, body: put.body }).toEqual({
      path: '/api/picks/100',
      body: { game_id: 3, selected_winner: 'Home 3', week_id: 2, tiebreaker_home_score: 17, tiebreaker_away_score: 24 },
    });
    await waitFor(() => expect(within(tiebreaker).queryByText('Please enter both scores for the tiebreaker')).toBeNull());
    expect(summary()).toHaveTextContent('Tiebreaker: Done');
  });

  it('sends both scores with the winner when they were entered first', async () => {
    signIn(MEMBER);
    const { calls } = pool();
    renderAt(<DashboardPage />, '/dashboard');
    const tiebreaker = await screen.findByRole('article', { name: 'Away 3 @ Home 3' });
    fireEvent.change(within(tiebreaker).getByLabelText('Away 3 score'), { target: { value: '0' } });
    fireEvent.change(within(tiebreaker).getByLabelText('Home 3 score'), { target: { value: '199' } });
    fireEvent.click(within(tiebreaker).getByRole('button', { name: 'Away 3' }));
    expect(await screen.findByText('Pick saved for Away 3 @ Home 3: Away 3')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      game_id: 3,
      selected_winner: 'Away 3',
      week_id: 2,
      tiebreaker_home_score: 199,
      tiebreaker_away_score: 0,
    });
  });
});
