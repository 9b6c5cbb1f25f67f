import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CURRENT_SEASON, gameFixture, MEMBER, renderAt, signIn, stubApi } from '../test/helpers';
import { card, dashboardTestHooks, pool, summary } from './dashboardTestSupport';
import DashboardPage from './DashboardPage';

describe('the dashboard', () => {
  dashboardTestHooks();

  it('says how the member did in a finished week (record and rank) instead of the picks made', async () => {
    signIn(MEMBER);
    const { routes } = pool({
      games: [gameFixture(1), gameFixture(2)],
      picks: [{ id: 5, game_id: 1, week_id: 2, selected_winner: 'Away 1', is_correct: true, tiebreaker_home_score: null, tiebreaker_away_score: null }],
      seasonWeeks: CURRENT_SEASON.weeks!.map((week) => (week.id === 2 ? { ...week, status: 'past' } : week)),
    });
    const result = (id: number, wins: number, rank: number, tiebreaker_score: number | null = null) => ({
      id,
      user: { id, name: `Member ${id}` },
      wins,
      losses: 10 - wins,
      total_games: 10,
      win_percentage: wins * 10,
      tiebreaker_score,
      rank,
    });
    routes['GET /api/weekly_results'] = [result(1, 8, 1), result(2, 7, 2), result(3, 6, 3), result(4, 5, 4), result(5, 4, 5), result(MEMBER.id, 3, 6, 12), result(9, 1, 7)];
    stubApi(routes as Parameters<typeof stubApi>[0]);
    renderAt(<DashboardPage />, '/dashboard');
    expect(await within(await screen.findByRole('region', { name: 'Pick Status Summary' })).findByTestId('week-record')).toHaveTextContent('3–7, 6th');
    expect(summary()).toHaveTextContent('6th of 7');
    expect(summary()).toHaveTextContent('tiebreaker 12 off');
    expect(summary()).not.toHaveTextContent('Picks made');
    // The cards still say Pick Made / No Pick, on the title's row.
    expect(within(card('Away 1 @ Home 1')).getByText('Pick Made')).toBeInTheDocument();
    expect(within(card('Away 2 @ Home 2')).getByText('No Pick')).toBeInTheDocument();
  });

  it('keeps the picks made of a finished week whose results are not calculated yet', async () => {
    signIn(MEMBER);
    const { routes } = pool({ games: [gameFixture(1)], seasonWeeks: CURRENT_SEASON.weeks!.map((week) => (week.id === 2 ? { ...week, status: 'past' } : week)) });
    routes['GET /api/weekly_results'] = [];
    stubApi(routes as Parameters<typeof stubApi>[0]);
    renderAt(<DashboardPage />, '/dashboard');
    await screen.findByRole('article', { name: 'Away 1 @ Home 1' });
    expect(summary()).toHaveTextContent('Picks made: 0 of 1 games');
  });

  it('tells a late joiner which missed games count, and counts the games still open to them ("x of 7", never "of 10")', async () => {
    // Joined a minute ago: three of the week's ten games had already closed (one of them decided), seven are open.
    signIn({ ...MEMBER, created_at: new Date(Date.now() - 60_000).toISOString() });
    const games = [
      gameFixture(1, { hoursAhead: -5, status: 'completed', winner_team_id: 11, home_score: 21, away_score: 14 }),
      gameFixture(2, { hoursAhead: 0.5 }),
      gameFixture(3, { hoursAhead: 0.8 }),
      ...Array.from({ length: 7 }, (_, i) => gameFixture(4 + i, { hoursAhead: 30 + i })),
    ];
    const { fetch } = pool({ games });
    renderAt(<DashboardPage />, '/dashboard');
    await screen.findByRole('article', { name: 'Away 4 @ Home 4' });
    expect(summary()).toHaveTextContent('Picks made: 0 of 7 games open to you');
    expect(summary()).not.toHaveTextContent('of 10');
    expect(within(summary()).getByRole('progressbar', { name: 'Games picked' })).toHaveAttribute('aria-valuemax', '7');
    expect(within(summary()).getByTestId('missed-games')).toHaveTextContent('3 games closed before you joined. Once you pick this week, they count as losses once decided.');

    fireEvent.click(within(card('Away 4 @ Home 4')).getByRole('button', { name: 'Home 4' }));
    await waitFor(() => expect(fetch).toHaveBeenCalledWith(expect.stringContaining('/api/picks'), expect.objectContaining({ method: 'POST' })));
    await waitFor(() => expect(summary()).toHaveTextContent('Picks made: 1 of 7 games open to you'));
    expect(within(summary()).getByTestId('missed-games')).toHaveTextContent('3 games closed before you joined. They count as losses once decided.');
  });

  it('says a game closed without the pick of a member who was already there, and nothing when none did', async () => {
    signIn(MEMBER);
    pool({ games: [gameFixture(1, { hoursAhead: 0.5 }), gameFixture(2, { hoursAhead: 30 }), gameFixture(3, { hoursAhead: 40, status: 'cancelled', picks_allowed: false })] });
    const { unmount } = renderAt(<DashboardPage />, '/dashboard');
    await screen.findByRole('article', { name: 'Away 2 @ Home 2' });
    expect(summary()).toHaveTextContent('Picks made: 0 of 2 games open to you');
    expect(within(summary()).getByTestId('missed-games')).toHaveTextContent('1 game closed without your pick. Once you pick this week, it counts as a loss once decided.');
    unmount();
    pool({ games: [gameFixture(1, { hoursAhead: 30 }), gameFixture(2, { hoursAhead: 40 })] });
    renderAt(<DashboardPage />, '/dashboard');
    await screen.findByRole('article', { name: 'Away 2 @ Home 2' });
    expect(summary()).toHaveTextContent('Picks made: 0 of 2 games');
    expect(within(summary()).queryByTestId('missed-games')).toBeNull();
  });

  it('explains how the pool works (the 1-hour deadline, scoring, the tiebreaker) below the picks, closed until asked', async () => {
    signIn(MEMBER);
    pool();
    renderAt(<DashboardPage />, '/dashboard');
    await screen.findByRole('article', { name: 'Away 1 @ Home 1' });
    const how = screen.getByText('How this pool works').closest('details')!;
    expect(how).not.toHaveAttribute('open');
    // After the games in the page's order: on a phone the picks come first.
    const games = screen.getByRole('region', { name: 'Week 2 games' });
    expect(games.compareDocumentPosition(how) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(how).toHaveTextContent('Picks close 1 hour before each kickoff, game by game');
    expect(how).toHaveTextContent("A game you didn't pick counts as a loss once it's decided");
    expect(how).toHaveTextContent('ranks by wins, then the tiebreaker, then fewer losses');
    expect(how).toHaveTextContent('Your tiebreaker score is how far off you were');
    expect(how).toHaveTextContent('Games that closed before you joined count as losses once decided');
    fireEvent.click(within(summary()).getByRole('link', { name: 'How deadlines and scoring work' }));
    await waitFor(() => expect(how).toHaveAttribute('open'));
  });
});
