import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MEMBER, renderAt, SEASONS, signIn, weekFixture } from '../test/helpers';
import DashboardPage from './DashboardPage';
import { dashboardTestHooks, pool } from './dashboardTestSupport';

describe('the dashboard opened from a link with ?week=', () => {
  dashboardTestHooks();

  /** GET /api/weeks/{id} as the server answers it (the week with its season). */
  const weekAnswer = (id: number, number: number, seasonId: number) => ({ ...weekFixture(id, number, 'past'), football_season_id: seasonId, football_season: null, games_count: 3 });

  it('opens the linked week of the current season as if the member had chosen it', async () => {
    signIn(MEMBER);
    const { calls, routes } = pool();
    routes['GET /api/weeks/1'] = weekAnswer(1, 1, 1);
    renderAt(<DashboardPage />, '/dashboard?week=1');
    await waitFor(() => expect(screen.getByLabelText('Week')).toHaveValue('1'));
    expect(screen.getByLabelText('Season')).toHaveValue('1');
    await waitFor(() => expect(calls.some((call) => call.path === '/api/games?week_id=1')).toBe(true));
    // The default week is never asked for on the way.
    expect(calls.some((call) => call.path === '/api/games?week_id=2')).toBe(false);
    // The member can still move on.
    fireEvent.change(screen.getByLabelText('Week'), { target: { value: '3' } });
    await waitFor(() => expect(calls.some((call) => call.path === '/api/games?week_id=3')).toBe(true));
  });

  it("opens a week of another season in that season", async () => {
    signIn(MEMBER);
    const { calls, routes } = pool();
    routes['GET /api/weeks/21'] = weekAnswer(21, 4, 9);
    routes['GET /api/football_seasons/9'] = { ...SEASONS[1], weeks: [weekFixture(20, 3, 'past'), weekFixture(21, 4, 'past')] };
    renderAt(<DashboardPage />, '/dashboard?week=21');
    await waitFor(() => expect(screen.getByLabelText('Week')).toHaveValue('21'));
    expect(screen.getByLabelText('Season')).toHaveValue('9');
    await waitFor(() => expect(calls.some((call) => call.path === '/api/games?week_id=21')).toBe(true));
  });

  it.each([
    ['an unknown week', '999'],
    ['a malformed week', 'abc'],
    ['a week whose season is not listed', '40'],
    ['a week its season does not list', '41'],
  ])('falls back to the current week quietly for %s', async (_what, week) => {
    signIn(MEMBER);
    const { calls, routes } = pool();
    routes['GET /api/weeks/40'] = weekAnswer(40, 1, 77);
    routes['GET /api/weeks/41'] = weekAnswer(41, 5, 1);
    renderAt(<DashboardPage />, `/dashboard?week=${week}`);
    await screen.findByRole('article', { name: 'Away 1 @ Home 1' });
    expect(screen.getByLabelText('Week')).toHaveValue('2');
    expect(screen.getByLabelText('Season')).toHaveValue('1');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.some((call) => call.path === '/api/weeks/abc')).toBe(false);
  });
});
