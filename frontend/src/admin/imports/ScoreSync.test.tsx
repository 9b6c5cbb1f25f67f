import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { reachability } from '../../api/reachability';
import { session } from '../../session/session';
import { CURRENT_ROUTES, game, renderAdmin, SEASON, stubAdminApi } from '../test/adminTestUtils';
import { PROVIDERS } from './importFixtures';

const REPORT = {
  id: 12,
  provider: 'scoreboard',
  week_id: 3,
  ran_at: '2025-08-24T02:00:00.000Z',
  changes: [
    {
      game_id: 1,
      game: 'Iowa State at Kansas State',
      changes: [
        { field: 'away_score', from: null, to: 24 },
        { field: 'home_score', from: null, to: 21 },
        { field: 'status', from: 'scheduled', to: 'completed' },
      ],
    },
  ],
  flagged: [{ game_id: 2, game: 'Away 2 at Home 2', flag: 'Not final 9 hours after kickoff: postponed or cancelled?' }],
  unmatched: [{ external_id: '6100', home: 'Hawaii', away: 'Stanford' }],
  unchanged: 7,
  results_calculated: true,
};

const answer = (status: number, body: unknown) => () => ({ status, body });

describe('Sync scores now', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
    reachability.reset();
  });

  it('on the games list: syncs the listed week and lists the changes, the flags, the unmatched and the results', async () => {
    const { calls } = stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/games': [game(1), game(2, { sync_flag: 'Not final 9 hours after kickoff: postponed or cancelled?', betting_line: 3.5, betting_line_team: 'home', line_source: 'cfbd: consensus' })],
      'POST /api/score_sync': answer(200, REPORT),
    });
    renderAdmin('/admin/games');
    expect(await screen.findByText('Check score')).toBeInTheDocument();
    expect(screen.getByLabelText('Score sync flag: Not final 9 hours after kickoff: postponed or cancelled?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Import games' })).toHaveAttribute('href', '/admin/import?season_id=1&week_id=3');

    fireEvent.click(screen.getByRole('button', { name: 'Sync scores now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Score sync' });
    expect(await within(dialog).findByText('Iowa State at Kansas State: 24–21 final')).toBeInTheDocument();
    expect(within(dialog).getByText('Away 2 at Home 2')).toBeInTheDocument();
    expect(within(dialog).getByText('Not final 9 hours after kickoff: postponed or cancelled?')).toBeInTheDocument();
    expect(within(dialog).getByText('Stanford at Hawaii')).toBeInTheDocument();
    expect(within(dialog).getByText(/1 game updated, 7 unchanged/)).toBeInTheDocument();
    expect(within(dialog).getByText("The week's results were calculated.")).toBeInTheDocument();
    expect(calls.find((call) => call.url.pathname === '/api/score_sync')!.body).toEqual({ week_id: 3 });
  });

  it('on Weekly Results: shows a provider that is down in its own words', async () => {
    const message = 'NCAA scoreboard could not be reached: connection refused. Try again in a few minutes.';
    stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/games': [game(1)],
      'GET /api/weeks/3/pick_grid': { week: { id: 3, number: 1 }, games: [], members: [] },
      'GET /api/weekly_results': [],
      'POST /api/score_sync': answer(502, { errors: [message] }),
    });
    renderAdmin('/admin/weekly-results');
    const button = await screen.findByRole('button', { name: 'Sync scores now' });
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Score sync' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
  });
});

describe('Create weeks from calendar', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it("creates the season's weeks from CFBD and says how many", async () => {
    const { calls } = stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/football_seasons/1': SEASON,
      'GET /api/providers': PROVIDERS,
      'POST /api/football_seasons/1/weeks/import': answer(201, { created: 15, unchanged: 1, weeks: [] }),
    });
    renderAdmin('/admin/seasons/1');
    const button = await screen.findByRole('button', { name: 'Create weeks from calendar' });
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    expect(await screen.findByText('Created 15 weeks (1 already there)')).toBeInTheDocument();
    expect(calls.find((call) => call.url.pathname === '/api/football_seasons/1/weeks/import')!.body).toEqual({ provider: 'cfbd' });
  });

  it('is off, with the reason, while CFBD has no key', async () => {
    stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/football_seasons/1': SEASON,
      'GET /api/providers': PROVIDERS.map((one) => (one.name === 'cfbd' ? { ...one, configured: false } : one)),
    });
    renderAdmin('/admin/seasons/1');
    expect(await screen.findByText('Needs CFBD_API_KEY')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create weeks from calendar' })).toBeDisabled();
  });
});

describe('Import History', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('lists imports and score syncs with who ran them and what they changed', async () => {
    stubAdminApi({
      ...CURRENT_ROUTES,
      'GET /api/imports': [
        { id: 2, kind: 'scores', provider: 'scoreboard', status: 'applied', week_id: 3, football_season_id: 1, created_at: '2025-08-24T02:00:00.000Z', applied_at: null, created_by: null, summary: REPORT },
        { id: 1, kind: 'week', provider: 'cfbd', status: 'applied', week_id: 3, football_season_id: 1, created_at: '2025-08-20T02:00:00.000Z', applied_at: null, created_by: 1, summary: { created: 10, updated: 0, removed: 0, unchanged: 0 } },
      ],
      'GET /api/users': [{ id: 1, name: 'Pool Admin', email: 'admin@pool.test', role: 'admin' }],
    });
    renderAdmin('/admin/imports');
    expect(await screen.findByText('1 game updated, 1 flagged, results calculated')).toBeInTheDocument();
    expect(screen.getByText('Created 10 games, updated 0, removed 0')).toBeInTheDocument();
    expect(screen.getByText('System')).toBeInTheDocument();
    expect(await screen.findByText('Pool Admin')).toBeInTheDocument();
    expect(await screen.findAllByText('Week 1')).toHaveLength(2);
  });
});
