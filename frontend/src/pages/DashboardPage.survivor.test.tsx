import { screen, within } from '@testing-library/react';
import { savedPick, survivorSummary, WEEK_OPTIONS } from '../components/survivor/survivorFixtures';
import { formatDateTime } from '../format';
import { CURRENT_SEASON, DEFAULT_SEASON_RULES, MEMBER, renderAt, signIn, stubApi } from '../test/helpers';
import { dashboardTestHooks, pool } from './dashboardTestSupport';
import DashboardPage from './DashboardPage';

describe('the dashboard in a season with a survivor contest', () => {
  dashboardTestHooks();
  // The card comes from a chunk of its own; load it once here, not inside the first test's wait.
  beforeAll(() => import('../components/survivor/SurvivorCard'), 30_000);

  it('shows the survivor card: the member alive, and "Pick your survivor team" with the last deadline, linking to /survivor', async () => {
    signIn(MEMBER);
    const { routes } = pool();
    routes['GET /api/survivor'] = survivorSummary();
    routes['GET /api/weeks/2/survivor_pick'] = { pick: null, options: WEEK_OPTIONS };
    stubApi(routes as Parameters<typeof stubApi>[0]);
    renderAt(<DashboardPage />, '/dashboard');
    const card = await screen.findByRole('region', { name: 'Last Fan Standing' });
    expect(within(card).getByText('Alive · 2 lives')).toBeInTheDocument();
    // The latest deadline still open among the teams the member may use (game 3's).
    const link = await within(card).findByRole('link', { name: `Pick your survivor team by ${formatDateTime(WEEK_OPTIONS[5].pick_deadline)}` });
    expect(link).toHaveAttribute('href', '/survivor');
    // The pick'em is still there.
    expect(await screen.findByRole('heading', { name: 'Week 2 games' })).toBeInTheDocument();
  });

  it("shows the week's survivor pick once made", async () => {
    signIn(MEMBER);
    const { routes } = pool();
    routes['GET /api/survivor'] = survivorSummary({ pick: savedPick(WEEK_OPTIONS[5]) });
    stubApi(routes as Parameters<typeof stubApi>[0]);
    renderAt(<DashboardPage />, '/dashboard');
    const card = await screen.findByRole('region', { name: 'Last Fan Standing' });
    expect(within(card).getByText('Week 2: Home 3')).toBeInTheDocument();
    expect(within(card).queryByText(/Pick your survivor team/)).not.toBeInTheDocument();
  });

  it("leads with survivor and hides the pick'em in a season without pick'em", async () => {
    signIn(MEMBER);
    const { routes } = pool();
    routes['GET /api/football_seasons/1'] = { ...CURRENT_SEASON, rules: { ...DEFAULT_SEASON_RULES, pickem: false } };
    routes['GET /api/survivor'] = survivorSummary();
    routes['GET /api/weeks/2/survivor_pick'] = { pick: null, options: WEEK_OPTIONS };
    stubApi(routes as Parameters<typeof stubApi>[0]);
    renderAt(<DashboardPage />, '/dashboard');
    expect(await screen.findByRole('region', { name: 'Last Fan Standing' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Week 2 games' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Pick Status Summary' })).not.toBeInTheDocument();
  });

  it('shows no survivor card in a season without a contest', async () => {
    signIn(MEMBER);
    const { routes } = pool();
    routes['GET /api/survivor'] = { contest: null };
    stubApi(routes as Parameters<typeof stubApi>[0]);
    renderAt(<DashboardPage />, '/dashboard');
    expect(await screen.findByRole('heading', { name: 'Week 2 games' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Last Fan Standing' })).not.toBeInTheDocument();
  });
});
