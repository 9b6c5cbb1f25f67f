import { fireEvent, screen, within } from '@testing-library/react';
import { gameFixture, MEMBER, renderAt, signIn, stubApi } from '../test/helpers';
import { dashboardTestHooks, pool } from './dashboardTestSupport';
import DashboardPage from './DashboardPage';

describe('the dashboard', () => {
  dashboardTestHooks();

  it('says when a week has no games, and when standings are not calculated yet', async () => {
    signIn(MEMBER);
    pool({ games: [] });
    renderAt(<DashboardPage />, '/dashboard');
    expect(await screen.findByText('No games found for this week.')).toBeInTheDocument();
    expect(await screen.findByText('No standings available yet. Weekly results need to be calculated first.')).toBeInTheDocument();
  });

  it('shows the season standings, top 10', async () => {
    signIn(MEMBER);
    const standings = Array.from({ length: 12 }, (_, index) => ({
      id: index + 1,
      rank: index + 1,
      user: { id: index + 1, name: `Member ${index + 1}`, email: `m${index + 1}@pool.test` },
      total_wins: 30 - index,
      total_losses: index,
      total_games: 30,
      win_percentage: (100 * (30 - index)) / 30,
    }));
    pool({ standings });
    renderAt(<DashboardPage />, '/dashboard');
    const table = await screen.findByRole('table', { name: 'Season Standings' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getByText('Member 10')).toBeInTheDocument();
    expect(within(table).queryByText('Member 11')).toBeNull();
  });

  it('says "Failed to load standings" when they cannot be read', async () => {
    signIn(MEMBER);
    const { routes } = pool();
    routes['GET /api/standings'] = () => ({ status: 404, body: { errors: ['Football season not found'] } });
    stubApi(routes as Parameters<typeof stubApi>[0]);
    renderAt(<DashboardPage />, '/dashboard');
    expect(await screen.findByText('Failed to load standings')).toBeInTheDocument();
  });

  it('offers everyone’s picks once a game has locked', async () => {
    signIn(MEMBER);
    const { routes } = pool({ games: [gameFixture(1, { hoursAhead: 0.5 }), gameFixture(2)] });
    routes['GET /api/weeks/2/pick_grid'] = {
      week: { id: 2, number: 2 },
      games: [
        { id: 1, home_team: { id: 11, name: 'Home 1' }, away_team: { id: 12, name: 'Away 1' }, game_date: '', is_tiebreaker: false, locked: true, winner_team_id: null, status: 'scheduled' },
        { id: 2, home_team: { id: 21, name: 'Home 2' }, away_team: { id: 22, name: 'Away 2' }, game_date: '', is_tiebreaker: false, locked: false, winner_team_id: null, status: 'scheduled' },
      ],
      members: [
        {
          user: { id: 3, name: 'Rival' },
          picks_made: 2,
          wins: 0,
          losses: 0,
          tiebreaker_score: null,
          rank: 1,
          picks: [
            { game_id: 1, status: 'shown', selected_winner: 'Home 1' },
            { game_id: 2, status: 'hidden' },
          ],
        },
      ],
    };
    stubApi(routes as Parameters<typeof stubApi>[0]);
    renderAt(<DashboardPage />, '/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Everyone’s picks'.replace('’', "'") }));
    const grid = await screen.findByRole('table', { name: "Everyone's picks, Week 2" });
    const row = within(grid).getByRole('row', { name: /Rival/ });
    expect(row).toHaveTextContent('Home 1');
    expect(row).toHaveTextContent('Picked');
  });
});
