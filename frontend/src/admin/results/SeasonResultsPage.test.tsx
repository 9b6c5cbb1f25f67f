import { fireEvent, screen } from '@testing-library/react';
import { session } from '../../session/session';
import { renderAdmin, SEASON, stubAdminApi } from '../test/adminTestUtils';

const STANDING = {
  id: 1,
  rank: 1,
  user: { id: 7, name: 'Pat Fan', email: 'fan@pool.test' },
  total_wins: 9,
  total_losses: 1,
  total_games: 10,
  win_percentage: 90,
  weeks_participated: 1,
  total_tiebreaker_score: 8,
  avg_tiebreaker_score: 8,
};

describe('Season Results', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('asks for a season when there is none to calculate', async () => {
    const { calls } = stubAdminApi({ 'GET /api/football_seasons': [] });
    renderAdmin('/admin/season-results');
    fireEvent.click(await screen.findByRole('button', { name: 'Calculate Season Results' }));
    expect(await screen.findAllByText('Please select a football season')).not.toHaveLength(0);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('calculates the current season and shows its standings, the tiebreaker total with 1 decimal', async () => {
    let calculated = false;
    stubAdminApi({
      'GET /api/football_seasons/current': SEASON,
      'GET /api/weeks/current': () => ({ status: 404, body: { errors: ['No weeks'] } }),
      'GET /api/football_seasons': [SEASON],
      'GET /api/season_results/standings/1': () => ({ body: { season: { id: 1, name: SEASON.name }, standings: calculated ? [STANDING] : [] } }),
      'POST /api/season_results/calculate/1': () => {
        calculated = true;
        return { body: { results_count: 1 } };
      },
    });
    renderAdmin('/admin/season-results');
    expect(await screen.findByText('No standings available yet. Weekly results need to be calculated first.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Calculate Season Results' }));
    expect(await screen.findByText('Season results calculated successfully! 1 standings updated.')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Pat Fan' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '8.0' })).toBeInTheDocument();
  });

  it('shows "Failed to calculate season results" on a server failure', async () => {
    stubAdminApi({
      'GET /api/football_seasons/current': SEASON,
      'GET /api/weeks/current': () => ({ status: 404, body: {} }),
      'GET /api/football_seasons': [SEASON],
      'GET /api/season_results/standings/1': { season: { id: 1, name: SEASON.name }, standings: [] },
      'POST /api/season_results/calculate/1': () => ({ status: 500, body: {} }),
    });
    renderAdmin('/admin/season-results');
    await screen.findByText(/No standings available yet/);
    fireEvent.click(screen.getByRole('button', { name: 'Calculate Season Results' }));
    expect(await screen.findByText('Failed to calculate season results')).toBeInTheDocument();
  });

  it('shows who won what in a season with an entry fee, and no Won column without one', async () => {
    const pot = (fee: number) => ({
      season_id: 1,
      entry_fee_cents: fee,
      weekly_winner_cents: 0,
      member_count: 1,
      paid_count: 1,
      pot_cents: fee,
      payouts: fee ? [{ place: 1, percent: 100, amount_cents: fee }] : [],
      me: { paid: false },
      winnings: fee ? [{ user_id: 7, name: 'Pat Fan', season_cents: fee, weekly_cents: 0, total_cents: fee }] : [],
    });
    let fee = 2550;
    stubAdminApi({
      'GET /api/football_seasons/current': SEASON,
      'GET /api/weeks/current': () => ({ status: 404, body: {} }),
      'GET /api/football_seasons': [SEASON],
      'GET /api/season_results/standings/1': { season: { id: 1, name: SEASON.name }, standings: [STANDING] },
      'GET /api/seasons/1/pot': () => ({ body: pot(fee) }),
    });
    const { unmount } = renderAdmin('/admin/season-results');
    expect(await screen.findByRole('columnheader', { name: 'Won' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '$25.50' })).toBeInTheDocument();
    unmount();

    fee = 0;
    renderAdmin('/admin/season-results');
    expect(await screen.findByRole('cell', { name: 'Pat Fan' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Won' })).not.toBeInTheDocument();
  });
});
