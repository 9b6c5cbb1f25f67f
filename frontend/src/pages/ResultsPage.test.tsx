import { fireEvent, screen, within } from '@testing-library/react';
import type { WeeklyResult } from '../api/types';
import { session } from '../session/session';
import { ADMIN, CURRENT_SEASON, MEMBER, outsideActEnvironment, renderAt, SEASONS, signIn, stubApi } from '../test/helpers';
import ResultsPage from './ResultsPage';

// The chart (and its charting library) is a separate chunk; here a stand-in says what it was given.
vi.mock('../components/results/SeasonRaceChart', () => ({
  default: ({ progress, meId }: { progress: { members: unknown[] }; meId?: number }) => (
    <p>
      Season race of {progress.members.length} members for {meId}
    </p>
  ),
}));

const result = (id: number, name: string, wins: number, losses: number, tiebreaker_score: number | null, rank: number): WeeklyResult => ({
  id,
  week_id: 2,
  user: { id, name, email: `${id}@pool.test` },
  wins,
  losses,
  total_games: wins + losses,
  pushes: 0,
  points: wins,
  win_percentage: Math.round((1000 * wins) / (wins + losses)) / 10,
  tiebreaker_score,
  rank,
});

/** The page's first render on a busy shared machine (cold imports, every section at once) can take seconds. */
const SOON = { timeout: 4000 };

const RESULTS = [
  // In the server's order (rank, then name): the page shows them as they come.
  result(1, 'Avery', 8, 2, 7, 1),
  result(2, 'Blake', 7, 3, 2, 2),
  result(3, 'Casey', 7, 3, null, 3),
  result(5, 'Emery', 6, 4, 10, 4),
  result(4, 'Dana', 4, 6, 3, 5),
];

const standing = (id: number, name: string, rank: number, total_wins: number, total_losses: number, total_tiebreaker_score: number, avg: number | null) => ({
  id,
  rank,
  user: { id, name, email: `${id}@pool.test` },
  total_wins,
  total_losses,
  total_games: total_wins + total_losses,
  win_percentage: Math.round((1000 * total_wins) / (total_wins + total_losses)) / 10,
  weeks_participated: 3,
  total_tiebreaker_score,
  avg_tiebreaker_score: avg,
});
const STANDINGS = [standing(1, 'Avery', 1, 22, 8, 14, 4.7), standing(MEMBER.id, 'Fan', 2, 19, 11, 9, 3), standing(3, 'Casey', 3, 15, 15, 0, null)];

function pool(overrides: Record<string, unknown> = {}) {
  return stubApi({
    'GET /api/football_seasons': SEASONS,
    'GET /api/football_seasons/1': CURRENT_SEASON,
    'GET /api/weekly_results': RESULTS,
    'GET /api/season_results/1/by_week': { season: { id: 1, name: '2025-2026' }, weeks: [], members: [{}, {}, {}] },
    'GET /api/standings': STANDINGS,
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

  it('shows the leaderboard in the server\'s order, gives medals to ranks 1–3 and colours the win percentage', async () => {
    signIn(MEMBER);
    const { calls } = pool();
    renderAt(<ResultsPage />, '/results');
    expect(screen.getByRole('heading', { level: 1, name: 'Weekly Results' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Weekly leaderboard' }, SOON);
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
    expect(calls.some((call) => call.path === '/api/weekly_results?football_season_id=1&week_id=2')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Calculate Results' })).toBeNull();
    expect(await screen.findByText(`Season race of 3 members for ${MEMBER.id}`)).toBeInTheDocument();
  }, 15_000);

  it('on opening draws the sections once the first answers are in, so none pushes another down', async () => {
    signIn(MEMBER);
    pool();
    // The standings answer is held back until the test lets it go.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).startsWith('/api/standings')) await held;
      return answer(input, init);
    });
    renderAt(<ResultsPage />, '/results');
    expect(await screen.findByText('Loading results…')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('table', { name: 'Weekly leaderboard' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Season Standings' })).toBeNull();
    release();
    expect(await screen.findByRole('table', { name: 'Weekly leaderboard' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Season Standings' })).toBeInTheDocument();
  });

  it('says when the week has no results, or they cannot be loaded', async () => {
    signIn(MEMBER);
    pool({ 'GET /api/weekly_results': [] });
    const { unmount } = renderAt(<ResultsPage />, '/results');
    expect(await screen.findByText('No results found for the selected week...')).toBeInTheDocument();
    unmount();
    pool({ 'GET /api/weekly_results': () => ({ status: 422, body: { errors: ['nope'] } }) });
    renderAt(<ResultsPage />, '/results');
    expect(await screen.findByText('Failed to load results. Please try again.', {}, SOON)).toBeInTheDocument();
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
    expect(calls.some((call) => call.path === '/api/weekly_results?football_season_id=1&week_id=1')).toBe(true);
  });

  it('lets admins calculate results, with the spec’s success and error alerts', async () => {
    signIn(ADMIN);
    const { calls } = pool({ 'POST /api/weekly_results/calculate/2': { results_count: 5 } });
    renderAt(<ResultsPage />, '/results');
    await screen.findByRole('table', { name: 'Weekly leaderboard' }, SOON);
    // The button comes from a chunk of its own, which only an admin's page loads.
    fireEvent.click(await screen.findByRole('button', { name: 'Calculate Results' }));
    expect(await screen.findByText('Results calculated successfully! 5 user results processed.')).toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith('/api/weekly_results?')).length).toBeGreaterThanOrEqual(2);

    pool({ 'POST /api/weekly_results/calculate/2': () => ({ status: 422, body: { errors: ['Every game needs a winner first: Away 1 @ Home 1'] } }) });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate Results' }));
    expect(await screen.findByText('Error: Every game needs a winner first: Away 1 @ Home 1')).toBeInTheDocument();
    pool({ 'POST /api/weekly_results/calculate/2': () => ({ status: 500, body: {} }) });
    fireEvent.click(screen.getByRole('button', { name: 'Calculate Results' }));
    expect(await screen.findByText('Error: Failed to calculate results')).toBeInTheDocument();
  });

  it('opens on the last week with calculated results, not the unscored current week', async () => {
    signIn(MEMBER);
    const { calls } = pool({
      'GET /api/season_results/1/by_week': {
        season: { id: 1, name: '2025-2026' },
        weeks: [
          { id: 1, number: 1, scored: true },
          { id: 2, number: 2, scored: false },
          { id: 3, number: 3, scored: false },
        ],
        members: [],
      },
    });
    renderAt(<ResultsPage />, '/results');
    expect(await screen.findByRole('heading', { name: 'Week 1 leaderboard' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Weekly leaderboard' });
    expect(screen.getByLabelText('Week')).toHaveValue('1');
    expect(calls.some((call) => call.path === '/api/weekly_results?football_season_id=1&week_id=1')).toBe(true);
    expect(calls.some((call) => call.path.includes('week_id=2'))).toBe(false);
  });

  it('opens the week of a link (?week=) instead of the last scored week, and falls back quietly from an unknown one', async () => {
    signIn(MEMBER);
    const progress = {
      season: { id: 1, name: '2025-2026' },
      weeks: [
        { id: 1, number: 1, scored: true },
        { id: 2, number: 2, scored: false },
        { id: 3, number: 3, scored: false },
      ],
      members: [],
    };
    const week2 = { ...CURRENT_SEASON.weeks![1], football_season_id: 1, football_season: null, games_count: 3 };
    const noAwards = (id: number) => ({ week: { id, number: id }, calculated: false, perfect_week: [], contrarian: null, closest_tiebreaker: null });
    const { calls } = pool({
      'GET /api/season_results/1/by_week': progress,
      'GET /api/weeks/2': week2,
      'GET /api/weeks/1/awards': noAwards(1),
      'GET /api/weeks/2/awards': noAwards(2),
    });
    const { unmount } = renderAt(<ResultsPage />, '/results?week=2');
    expect(await screen.findByRole('heading', { name: 'Week 2 leaderboard' }, SOON)).toBeInTheDocument();
    expect(screen.getByLabelText('Week')).toHaveValue('2');
    expect(calls.some((call) => call.path === '/api/weekly_results?football_season_id=1&week_id=2')).toBe(true);
    expect(calls.some((call) => call.path.includes('week_id=1'))).toBe(false);
    unmount();

    renderAt(<ResultsPage />, '/results?week=404');
    expect(await screen.findByRole('heading', { name: 'Week 1 leaderboard' }, SOON)).toBeInTheDocument();
    expect(screen.getByLabelText('Week')).toHaveValue('1');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the season standings with games behind the leader, and explains every column (TB too)', async () => {
    signIn(MEMBER);
    pool();
    renderAt(<ResultsPage />, '/results');
    const table = await screen.findByRole('table', { name: 'Season standings' });
    const rows = within(table).getAllByTestId('season-standing-row');
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['1', '22–8', '—', '73.3%', '3', '14.0'],
      ['2', '19–11', '3', '63.3%', '3', '9.0'],
      ['3', '15–15', '7', '50.0%', '3', '—'],
    ]);
    expect(rows[1]).toHaveClass('mine');
    for (const header of within(table).getAllByRole('columnheader').filter((cell) => cell.textContent !== 'Member')) {
      expect(header.querySelector('abbr[title]')).not.toBeNull();
    }
    // One glossary for both tables, closed until asked, TB explained once for the week and the season.
    expect(screen.queryByLabelText('Season standings columns')).toBeNull();
    expect(screen.queryByLabelText('Leaderboard columns')).toBeNull();
    expect(screen.getAllByText('What the columns mean')).toHaveLength(1);
    const glossary = screen.getByLabelText('Results columns');
    expect(glossary.closest('details')).not.toHaveAttribute('open');
    expect(within(glossary).getAllByText('TB')).toHaveLength(1);
    expect(within(glossary).getByText('TB').nextSibling).toHaveTextContent(/in the week's table, how far the predicted score.*in the season's, those distances added up/);
    expect(within(glossary).getByText('GB').nextSibling).toHaveTextContent(/behind/);
    expect(within(glossary).getAllByRole('term').map((term) => term.textContent)).toEqual(['Rank', 'Wins', 'Losses', 'Win %', 'TB', 'W–L', 'GB', 'Weeks']);
    const weeklyTable = await screen.findByRole('table', { name: 'Weekly leaderboard' });
    expect(within(weeklyTable).getByText('TB')).toHaveAttribute('title', expect.stringMatching(/^Tiebreaker/));
  });
  it("shows the season's rules and the columns they add", async () => {
    signIn(MEMBER);
    pool({
      'GET /api/football_seasons/1': {
        ...CURRENT_SEASON,
        rules: { ...CURRENT_SEASON.rules, confidence_points: true },
        rules_summary: ['Give each pick confidence points from 1 up to the number of games, each number once; a correct pick earns its points.'],
      },
    });
    renderAt(<ResultsPage />, '/results');
    const rules = await screen.findByRole('region', { name: "This season's rules" });
    expect(rules).toHaveTextContent('Give each pick confidence points');
    const table = await screen.findByRole('table', { name: 'Weekly leaderboard' });
    expect(within(table).getByRole('columnheader', { name: 'Points' })).toBeInTheDocument();
    expect(within(await screen.findByRole('table', { name: 'Season standings' })).getByRole('columnheader', { name: 'Points' })).toBeInTheDocument();
  });

  it("puts what a member comes for first on a phone: their own results, the week, the season, then the race and the extras", async () => {
    signIn(MEMBER);
    pool({ 'GET /api/weekly_results': [...RESULTS.slice(0, 3), result(MEMBER.id, 'Fan', 6, 4, 5, 4), ...RESULTS.slice(3)] });
    renderAt(<ResultsPage />, '/results');
    const mine = await screen.findByRole('region', { name: 'Your results' });
    expect(await within(mine).findByTestId('your-week')).toHaveTextContent('Week 2: 6–4, 4th of 6 · tiebreaker 5 off');
    expect(await within(mine).findByTestId('your-season')).toHaveTextContent('Season: 2nd of 3, 3 games behind');
    await screen.findByRole('table', { name: 'Season standings' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Your results',
      'Week 2 leaderboard',
      'Season Standings',
      'Season Race',
      'Who can still win',
      'Weekly awards',
    ]);
  });

  it('says "leading" for the season leader, and shows no own line for someone without results', async () => {
    signIn({ ...MEMBER, id: 1 });
    pool();
    const { unmount } = renderAt(<ResultsPage />, '/results');
    expect(await screen.findByTestId('your-season')).toHaveTextContent('Season: 1st of 3, leading');
    expect(await screen.findByTestId('your-week')).toHaveTextContent('Week 2: 8–2, 1st of 5 · tiebreaker 7 off');
    unmount();
    signIn({ ...MEMBER, id: 99 });
    pool();
    renderAt(<ResultsPage />, '/results');
    await screen.findByRole('table', { name: 'Season standings' });
    expect(screen.queryByRole('region', { name: 'Your results' })).toBeNull();
  });
});
