import { fireEvent, screen, within } from '@testing-library/react';
import type { WeeklyResult } from '../api/types';
import { session } from '../session/session';
import { ADMIN, CURRENT_SEASON, MEMBER, outsideActEnvironment, renderAt, SEASONS, signIn, stubApi } from '../test/helpers';
import ResultsPage from './ResultsPage';

// The chart (and its charting library) is a separate chunk; here a stand-in says what it was given.
vi.mock('../components/results/SeasonRaceChart', () => ({
  default: ({ progress }: { progress: { members: unknown[] } }) => <p>Season race of {progress.members.length} members</p>,
}));

const result = (id: number, name: string, wins: number, losses: number, tiebreaker_score: number | null, rank: number): WeeklyResult => ({
  id,
  user: { id, name, email: `${id}@pool.test` },
  wins,
  losses,
  total_games: wins + losses,
  win_percentage: Math.round((1000 * wins) / (wins + losses)) / 10,
  tiebreaker_score,
  rank,
});

const RESULTS = [
  result(4, 'Dana', 4, 6, 3, 5),
  result(1, 'Avery', 8, 2, 7, 1),
  result(3, 'Casey', 7, 3, null, 3),
  result(2, 'Blake', 7, 3, 2, 2),
  result(5, 'Emery', 6, 4, 10, 4),
];

function pool(overrides: Record<string, unknown> = {}) {
  return stubApi({
    'GET /api/football_seasons': SEASONS,
    'GET /api/football_seasons/1': CURRENT_SEASON,
    'GET /api/weekly_results': RESULTS,
    'GET /api/season_results/1/by_week': { season: { id: 1, name: '2025-2026' }, weeks: [], members: [{}, {}, {}] },
    ...overrides,
  } as Parameters<typeof stubApi>[0]);
}

describe('the results screen', () => {
  outsideActEnvironment();
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('orders the leaderboard, gives medals to ranks 1–3 and colours the win percentage', async () => {
    signIn(MEMBER);
    const { calls } = pool();
    renderAt(<ResultsPage />, '/results');
    expect(screen.getByRole('heading', { level: 1, name: 'Weekly Results' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Weekly leaderboard' });
    const rows = within(table).getAllByTestId('leaderboard-row');
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Avery', 'Blake', 'Casey', 'Emery', 'Dana']);
    expect(within(rows[0]).getByRole('img', { name: 'Gold medal' })).toBeInTheDocument();
    expect(within(rows[1]).getByRole('img', { name: 'Silver medal' })).toBeInTheDocument();
    expect(within(rows[2]).getByRole('img', { name: 'Bronze medal' })).toBeInTheDocument();
    expect(within(rows[3]).queryByRole('img')).toBeNull();
    const tone = (row: HTMLElement) => within(row).getByText(/%$/).getAttribute('data-tone');
    expect(rows.map(tone)).toEqual(['good', 'good', 'good', 'warn', 'bad']);
    expect(within(rows[0]).getByText('80.0%')).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('—');
    expect(rows[1]).toHaveTextContent('2');
    expect(calls.some((call) => call.url === '/api/weekly_results?football_season_id=1&week_id=2')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Calculate Results' })).toBeNull();
    expect(await screen.findByText('Season race of 3 members')).toBeInTheDocument();
  });

  it('says when the week has no results, or they cannot be loaded', async () => {
    signIn(MEMBER);
    pool({ 'GET /api/weekly_results': [] });
    const { unmount } = renderAt(<ResultsPage />, '/results');
    expect(await screen.findByText('No results found for the selected week...')).toBeInTheDocument();
    unmount();
    pool({ 'GET /api/weekly_results': () => ({ status: 422, body: { errors: ['nope'] } }) });
    renderAt(<ResultsPage />, '/results');
    expect(await screen.findByText('Failed to load results. Please try again.')).toBeInTheDocument();
  });

  it('asks for a season and week when there are none, and says when weeks cannot be loaded', async () => {
    signIn(MEMBER);
    pool({ 'GET /api/football_seasons/1': { ...CURRENT_SEASON, weeks: [] } });
    const { unmount } = renderAt(<ResultsPage />, '/results');
    expect(await screen.findByText('Please select a season and week to view results.')).toBeInTheDocument();
    unmount();
    pool({ 'GET /api/football_seasons/1': () => ({ status: 404, body: { errors: ['Football season not found'] } }) });
    renderAt(<ResultsPage />, '/results');
    expect(await screen.findByText('Failed to load weeks data')).toBeInTheDocument();
  });

  it('follows the selectors', async () => {
    signIn(MEMBER);
    const { calls } = pool();
    renderAt(<ResultsPage />, '/results');
    await screen.findByRole('table', { name: 'Weekly leaderboard' });
    fireEvent.change(screen.getByLabelText('Week'), { target: { value: '1' } });
    await screen.findByRole('heading', { name: 'Week 1 leaderboard' });
    expect(calls.some((call) => call.url === '/api/weekly_results?football_season_id=1&week_id=1')).toBe(true);
  });

  it('lets admins calculate results, with the spec’s success and error alerts', async () => {
    signIn(ADMIN);
    const { calls } = pool({ 'POST /api/weekly_results/calculate/2': { results_count: 5 } });
    renderAt(<ResultsPage />, '/results');
    await screen.findByRole('table', { name: 'Weekly leaderboard' });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate Results' }));
    expect(await screen.findByText('Results calculated successfully! 5 user results processed.')).toBeInTheDocument();
    expect(calls.filter((call) => call.url.startsWith('/api/weekly_results?')).length).toBeGreaterThanOrEqual(2);

    pool({ 'POST /api/weekly_results/calculate/2': () => ({ status: 422, body: { errors: ['Every game needs a winner first: Away 1 @ Home 1'] } }) });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate Results' }));
    expect(await screen.findByText('Error: Every game needs a winner first: Away 1 @ Home 1')).toBeInTheDocument();
    pool({ 'POST /api/weekly_results/calculate/2': () => ({ status: 500, body: {} }) });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate Results' }));
    expect(await screen.findByText('Error: Failed to calculate results')).toBeInTheDocument();
  });
});
