import { fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '../../session/session';
import { CURRENT_ROUTES, game, renderAdmin, stubAdminApi } from '../test/adminTestUtils';
import { everyGameHasWinner } from './WeeklyResultsPage';

const GRID = { week: { id: 3, number: 1 }, games: [], members: [{ user: { id: 7, name: 'Fan' }, picks_made: 2 }, { user: { id: 8, name: 'Late' }, picks_made: 0 }] };
const NOT_CALCULATED = { week_id: 3, calculated_at: null, automatic: false, calculated_by: null, results_count: 0 };
/** Sat Nov 28 2026, 10:06 PM in the test's time zone. */
const AT = new Date(2026, 10, 28, 22, 6).toISOString();
const withWinner = (id: number) => game(id, { winner_team_id: id * 10, winner_team: { id: id * 10, name: `Home ${id}`, nickname: null }, status: 'completed' });

describe('Weekly Results Administration', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it.each([
    { when: 'no games', games: [], allowed: false },
    { when: 'a game without a winner', games: [withWinner(1), game(2)], allowed: false },
    { when: 'every game with a winner', games: [withWinner(1), withWinner(2)], allowed: true },
    { when: 'a cancelled game without a winner beside winners', games: [withWinner(1), game(2, { status: 'cancelled' })], allowed: true },
    { when: 'only cancelled games', games: [game(2, { status: 'cancelled' })], allowed: false },
  ])('with $when, calculation is allowed: $allowed', ({ games, allowed }) => {
    expect(everyGameHasWinner(games as never)).toBe(allowed);
  });

  it('keeps Calculate Results disabled while a game has no winner, and shows the status cards', async () => {
    stubAdminApi({ ...CURRENT_ROUTES, 'GET /api/games': [withWinner(1), game(2)], 'GET /api/weeks/3/pick_grid': GRID, 'GET /api/weekly_results': [], 'GET /api/weekly_results/status': NOT_CALCULATED });
    renderAdmin('/admin/weekly-results');
    expect(await screen.findByRole('heading', { name: 'Weekly Results Administration' })).toBeInTheDocument();
    expect(await screen.findByText(/1 of 2 have one/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Calculate Results' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Preview Changes' })).toBeDisabled();
    expect(screen.getByRole('region', { name: 'Games' })).toHaveTextContent('Games2');
    expect(screen.getByRole('region', { name: 'Games with Winners' })).toHaveTextContent('Games with Winners1');
    await waitFor(() => expect(screen.getByRole('region', { name: 'Picks' })).toHaveTextContent('Picks2'));
    expect(screen.getByRole('region', { name: 'Members Who Picked' })).toHaveTextContent('Members Who Picked1');
    expect(await screen.findByText('No results found for the selected week...')).toBeInTheDocument();
    expect(screen.getByRole('alert', { name: 'Calculation' })).toHaveTextContent('Not calculated yet.');
  });

  it.each([
    { how: 'automatically', status: { automatic: true, calculated_by: null }, text: 'Calculated automatically at Sat, Nov 28, 10:06 PM (2 member results), once every game had its final.' },
    { how: 'by an admin', status: { automatic: false, calculated_by: { id: 1, name: 'Pat' } }, text: 'Calculated by Pat at Sat, Nov 28, 10:06 PM (2 member results).' },
    { how: 'before it was recorded how', status: { automatic: false, calculated_by: null }, text: 'Calculated at Sat, Nov 28, 10:06 PM (2 member results).' },
  ])('says the results were calculated $how, beside the spec\'s Calculate Results button', async ({ status, text }) => {
    stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/games': [withWinner(1), withWinner(2)],
      'GET /api/weeks/3/pick_grid': GRID,
      'GET /api/weekly_results': [],
      'GET /api/weekly_results/status': { week_id: 3, calculated_at: AT, results_count: 2, ...status },
    });
    renderAdmin('/admin/weekly-results');
    expect(await screen.findByRole('alert', { name: 'Calculation' })).toHaveTextContent(text);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Calculate Results' })).toBeEnabled());
  });

  it('enables it once every game has a winner, shows the dry run, then calculates', async () => {
    let calculated = false;
    const { calls } = stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/games': [withWinner(1), withWinner(2)],
      'GET /api/weeks/3/pick_grid': GRID,
      'GET /api/weekly_results': [],
      'GET /api/weekly_results/status': () => ({ body: calculated ? { ...NOT_CALCULATED, calculated_at: AT, calculated_by: { id: 1, name: 'Pat' }, results_count: 1 } : NOT_CALCULATED }),
      'POST /api/weekly_results/calculate/3': ({ url }: { url: URL }) =>
        url.searchParams.get('dry_run') === 'true'
          ? {
              body: {
                results_count: 1,
                dry_run: true,
                results: [],
                picks_changed: 2,
                changes: [{ user: { id: 7, name: 'Fan', email: 'fan@pool.test' }, before: null, after: { wins: 2, losses: 0, tiebreaker_score: 4, rank: 1 } }],
              },
            }
          : ((calculated = true), { body: { results_count: 1 } }),
    });
    renderAdmin('/admin/weekly-results');
    const calculate = await screen.findByRole('button', { name: 'Calculate Results' });
    await waitFor(() => expect(calculate).toBeEnabled());

    fireEvent.click(screen.getByRole('button', { name: 'Preview Changes' }));
    expect(await screen.findByText('2–0, tiebreaker 4, rank 1')).toBeInTheDocument();
    expect(screen.getByText(/2 pick\(s\) would change/)).toBeInTheDocument();

    fireEvent.click(calculate);
    expect(await screen.findByText('Results calculated successfully! 1 user results processed.')).toBeInTheDocument();
    expect(await screen.findByText('Calculated by Pat at Sat, Nov 28, 10:06 PM (1 member result).')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Calculate Results' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url.pathname + call.url.search)).toEqual([
      '/api/weekly_results/calculate/3?dry_run=true',
      '/api/weekly_results/calculate/3',
    ]);
  });

  it.each([
    { status: 500, body: { errors: ['Internal server error'] }, text: 'Error: Failed to calculate results' },
    { status: 422, body: { errors: ['Game 2 has no winner yet'] }, text: 'Error: Game 2 has no winner yet' },
  ])('shows a $status failure as "$text"', async ({ status, body, text }) => {
    stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/games': [withWinner(1)],
      'GET /api/weeks/3/pick_grid': GRID,
      'GET /api/weekly_results': [],
      'GET /api/weekly_results/status': NOT_CALCULATED,
      'POST /api/weekly_results/calculate/3': () => ({ status, body }),
    });
    renderAdmin('/admin/weekly-results');
    const calculate = await screen.findByRole('button', { name: 'Calculate Results' });
    await waitFor(() => expect(calculate).toBeEnabled());
    fireEvent.click(calculate);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});
