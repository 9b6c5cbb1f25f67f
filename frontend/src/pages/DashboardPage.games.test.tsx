import { screen, waitFor, within } from '@testing-library/react';
import { CURRENT_SEASON, gameFixture, MEMBER, renderAt, signIn } from '../test/helpers';
import { card, dashboardTestHooks, pool } from './dashboardTestSupport';
import DashboardPage from './DashboardPage';

describe('the dashboard', () => {
  dashboardTestHooks();

  it('greets the member by e-mail and defaults to the current season and its current week', async () => {
    signIn(MEMBER);
    const { calls } = pool();
    renderAt(<DashboardPage />, '/dashboard');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, fan@pool.test' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Week')).toHaveValue('2'));
    expect(screen.getByLabelText('Season')).toHaveValue('1');
    await screen.findByRole('article', { name: 'Away 1 @ Home 1' });
    expect(calls.some((call) => call.path === '/api/games?week_id=2')).toBe(true);
    expect(calls.some((call) => call.path === '/api/picks?week_id=2&user_id=7')).toBe(true);
  });

  it('greets "User" when the session has no e-mail', async () => {
    signIn({ ...MEMBER, email: '' });
    pool();
    renderAt(<DashboardPage />, '/dashboard');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, User' })).toBeInTheDocument();
  });

  it('falls back to the first week when no week is current', async () => {
    signIn(MEMBER);
    pool({ seasonWeeks: CURRENT_SEASON.weeks!.map((week) => ({ ...week, status: 'upcoming' })) });
    renderAt(<DashboardPage />, '/dashboard');
    await waitFor(() => expect(screen.getByLabelText('Week')).toHaveValue('1'));
  });

  it('lists the games in kickoff order with rankings, the line and the deadline status', async () => {
    signIn(MEMBER);
    pool({
      games: [
        gameFixture(1, { hoursAhead: 50, away_team_ranking: 4, home_team_ranking: 12, betting_line: 7.5, betting_line_team: 'away' }),
        gameFixture(2, { hoursAhead: 5 }),
        gameFixture(3, { hoursAhead: 0.5 }),
      ],
    });
    renderAt(<DashboardPage />, '/dashboard');
    await screen.findByRole('article', { name: '#4 Away 1 @ #12 Home 1' });
    const titles = screen.getAllByRole('article').map((article) => article.getAttribute('aria-labelledby') && within(article).getByRole('heading').textContent);
    expect(titles).toEqual(['Away 3 @ Home 3', 'Away 2 @ Home 2', '#4 Away 1 @ #12 Home 1']);
    expect(within(card('#4 Away 1 @ #12 Home 1')).getByText(/Away 1 -7\.5/)).toHaveTextContent(/Line: Away 1 -7\.5/);
    expect(within(card('#4 Away 1 @ #12 Home 1')).getByText('Open')).toBeInTheDocument();
    expect(within(card('Away 2 @ Home 2')).getByText(/^Closing soon · 3h \d\dm left$/)).toBeInTheDocument();
    expect(within(card('Away 3 @ Home 3')).getByText('Closed')).toBeInTheDocument();
  });

  it('shows a game with a final as closed, never with a countdown beside its result', async () => {
    signIn(MEMBER);
    // As the answer read before the server closed finals (or kept from before the admin's entry) would say it.
    const final = { status: 'completed', home_score: 31, away_score: 10, winner_team_id: 11, deadline_status: 'closing_soon', picks_allowed: true } as const;
    pool({
      games: [gameFixture(1, { hoursAhead: 12, ...final }), gameFixture(2, { hoursAhead: 40, winner_team_id: 21, deadline_status: 'open', picks_allowed: true })],
      picks: [{ id: 5, game_id: 1, week_id: 2, selected_winner: 'Away 1', is_correct: false, tiebreaker_home_score: null, tiebreaker_away_score: null }],
    });
    renderAt(<DashboardPage />, '/dashboard');
    const first = await screen.findByRole('article', { name: 'Away 1 @ Home 1' });
    expect(within(first).getByText('Incorrect')).toBeInTheDocument();
    expect(within(first).getByText('Closed')).toBeInTheDocument();
    expect(within(first).queryByText(/Closing soon/)).not.toBeInTheDocument();
    expect(within(first).getByText(/Pick deadline has passed - no changes allowed/)).toBeInTheDocument();
    for (const button of within(first).getAllByRole('button', { name: /^(Away|Home) 1$/ })) expect(button).toBeDisabled();
    const second = card('Away 2 @ Home 2');
    expect(within(second).getByText('Closed')).toBeInTheDocument();
    expect(within(second).queryByText('Open')).not.toBeInTheDocument();
  });

  it('shows Pick Made or No Pick, and why a game cannot be picked', async () => {
    signIn(MEMBER);
    pool({
      games: [
        gameFixture(1, { hoursAhead: 0.5 }),
        gameFixture(2, { hoursAhead: 0.2 }),
        gameFixture(3, { hoursAhead: 40, picks_allowed: false, status: 'cancelled' }),
        gameFixture(4, { hoursAhead: 40 }),
      ],
      picks: [{ id: 5, game_id: 1, week_id: 2, selected_winner: 'Home 1', tiebreaker_home_score: null, tiebreaker_away_score: null }],
    });
    renderAt(<DashboardPage />, '/dashboard');
    await screen.findByText('Pick deadline has passed - no changes allowed');
    expect(within(card('Away 1 @ Home 1')).getByText('Pick Made')).toBeInTheDocument();
    expect(within(card('Away 1 @ Home 1')).getByRole('button', { name: 'Home 1' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(card('Away 1 @ Home 1')).getByRole('button', { name: 'Home 1' })).toBeDisabled();
    expect(within(card('Away 2 @ Home 2')).getByText('No Pick')).toBeInTheDocument();
    expect(within(card('Away 2 @ Home 2')).getByText('Pick deadline has passed - no picks allowed')).toBeInTheDocument();
    expect(within(card('Away 3 @ Home 3')).getByText('Picks are currently disabled')).toBeInTheDocument();
    expect(within(card('Away 3 @ Home 3')).getByRole('button', { name: 'Away 3' })).toBeDisabled();
    expect(within(card('Away 4 @ Home 4')).getByRole('button', { name: 'Away 4' })).toBeEnabled();
    expect(within(card('Away 4 @ Home 4')).queryByText(/allowed|disabled/)).toBeNull();
  });

  it('locks every game of a past week with the spec’s texts', async () => {
    signIn(MEMBER);
    pool({
      games: [gameFixture(1), gameFixture(2)],
      picks: [{ id: 5, game_id: 1, week_id: 2, selected_winner: 'Away 1', is_correct: false, tiebreaker_home_score: null, tiebreaker_away_score: null }],
      seasonWeeks: CURRENT_SEASON.weeks!.map((week) => (week.id === 2 ? { ...week, status: 'past' } : week)),
    });
    renderAt(<DashboardPage />, '/dashboard');
    expect(await screen.findByText('Week completed - no changes allowed')).toBeInTheDocument();
    expect(within(card('Away 1 @ Home 1')).getByText('Incorrect')).toBeInTheDocument();
    expect(within(card('Away 1 @ Home 1')).getByRole('button', { name: 'Away 1' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Week completed - no picks allowed')).toBeInTheDocument();
    expect(within(card('Away 2 @ Home 2')).getByRole('button', { name: 'Home 2' })).toBeDisabled();
  });
});
