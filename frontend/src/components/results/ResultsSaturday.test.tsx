import { screen, within } from '@testing-library/react';
import type { WeeklyAwards } from '../../api/types';
import ResultsPage from '../../pages/ResultsPage';
import { session } from '../../session/session';
import { CURRENT_SEASON, MEMBER, outsideActEnvironment, renderAt, SEASONS, signIn, stubApi } from '../../test/helpers';
import { liveBoard, SEASON_RACE, WEEK_RACE } from '../live/liveFixtures';
import { namesText } from './WeeklyAwards';

vi.mock('./SeasonRaceChart', () => ({ default: () => <p>Season race</p> }));

const AWARDS: WeeklyAwards = {
  week: { id: 2, number: 2 },
  calculated: true,
  perfect_week: [{ id: 7, name: 'Fan' }],
  contrarian: { game_id: 1, matchup: 'Away 1 @ Home 1', team_name: 'Away 1', pickers: [{ id: 8, name: 'Rival' }], share: 12.5 },
  closest_tiebreaker: { members: [{ id: 7, name: 'Fan' }, { id: 8, name: 'Rival' }], tiebreaker_score: 3 },
};

function pool(awards: WeeklyAwards, board = liveBoard()) {
  return stubApi({
    'GET /api/football_seasons': SEASONS,
    'GET /api/football_seasons/1': CURRENT_SEASON,
    'GET /api/weekly_results': [],
    'GET /api/season_results/1/by_week': { season: { id: 1, name: '2025-2026' }, weeks: [], members: [] },
    'GET /api/standings': [],
    'GET /api/weeks/2/awards': awards,
    'GET /api/weeks/2/live': board,
  });
}

describe("the results screen's awards and who can still win", () => {
  outsideActEnvironment();
  beforeEach(() => signIn(MEMBER));
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it("shows the selected week's awards: perfect week, the best contrarian pick and the closest tiebreaker", async () => {
    const { calls } = pool(AWARDS);
    renderAt(<ResultsPage />, '/results');
    // The first render of the file is the slowest (cold imports) on a shared machine.
    const awards = await screen.findByRole('region', { name: 'Weekly awards' }, { timeout: 5000 });
    expect(await within(awards).findByText('Rival picked Away 1 — only 12.5% did')).toBeInTheDocument();
    expect(within(awards).getByText('Away 1 @ Home 1')).toBeInTheDocument();
    expect(within(awards).getByRole('heading', { name: 'Perfect week' }).nextSibling).toHaveTextContent('Fan');
    expect(within(awards).getByText('Fan and Rival, 3 off')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/weeks/2/awards')).toBe(true);
  });

  it('says awards come once the week is calculated, and when nobody had a perfect week', async () => {
    pool({ ...AWARDS, calculated: false, perfect_week: [], contrarian: null, closest_tiebreaker: null });
    const { unmount } = renderAt(<ResultsPage />, '/results');
    expect(await screen.findByText("Awards come once the week's results are calculated.")).toBeInTheDocument();
    unmount();
    pool({ ...AWARDS, perfect_week: [], contrarian: null });
    renderAt(<ResultsPage />, '/results');
    expect(await screen.findByText('Nobody got every game right.')).toBeInTheDocument();
    expect(screen.getByText('No winning pick was made by fewer than half.')).toBeInTheDocument();
  });

  it('shows who can still win the week and the season, from the week\'s live board', async () => {
    pool(AWARDS);
    renderAt(<ResultsPage />, '/results');
    const section = await screen.findByRole('region', { name: 'Who can still win' });
    const week = await within(section).findByRole('region', { name: 'This week' });
    expect(within(week).getByText('Wins if Georgia and Texas win')).toBeInTheDocument();
    expect(within(week).getByText('+2 more ways')).toBeInTheDocument();
    expect(within(week).getAllByTestId('contender').map((row) => row.textContent)).toEqual([
      'FanCan still win1 pts now, 3 at mostWins if Georgia and Texas win+2 more ways',
      'RivalEliminated0 pts now, 1 at most',
    ]);
    // The season's race is one closed line that opens to its list (the standings above already list everyone).
    const line = within(section).getByText('Season: 1 of 1 can still win');
    expect(line.closest('details')).not.toHaveAttribute('open');
    const season = within(section).getByRole('region', { name: 'Season' });
    expect(line.closest('details')).toContainElement(season);
    expect(within(season).getByText('Can still win')).toBeInTheDocument();
  });

  it('names the winner of a finished week ("Won by …") instead of listing everyone else as eliminated', async () => {
    const final = { ...WEEK_RACE, method: 'final' as const, undecided_games: 0, outcomes: null, winners: [{ id: 8, name: 'Rival' }] };
    final.contenders = [
      { user: { id: 8, name: 'Rival' }, current: 7, max: 7, status: 'clinched', paths: null, more_paths: 0 },
      { user: { id: 7, name: 'Fan' }, current: 5, max: 5, status: 'eliminated', paths: null, more_paths: 0 },
    ];
    pool(AWARDS, liveBoard({ contention: { week: final, season: SEASON_RACE, week_contenders: 2, season_contenders: 1 } }));
    const { unmount } = renderAt(<ResultsPage />, '/results');
    // The season is still on: the section keeps its question, the week answers it.
    const section = await screen.findByRole('region', { name: 'Who can still win' });
    const week = await within(section).findByRole('region', { name: 'This week' });
    expect(within(week).getByTestId('race-winners')).toHaveTextContent('Won by Rival7 pts');
    expect(within(week).queryByText('Eliminated')).toBeNull();
    expect(within(section).getByRole('region', { name: 'Season' })).toHaveTextContent('Can still win');
    expect(within(section).getByText('Season: 1 of 1 can still win')).toBeInTheDocument();
    unmount();

    // Both over (the season's last week): "Who won", a shared first place names each; nobody with picks says so.
    const shared = { ...final, winners: [{ id: 7, name: 'Fan' }, { id: 8, name: 'Rival' }] };
    const seasonOver = { ...SEASON_RACE, method: 'final' as const, undecided_games: 0, open_games: 0, winners: [] };
    pool(AWARDS, liveBoard({ contention: { week: shared, season: seasonOver, week_contenders: 2, season_contenders: 1 } }));
    renderAt(<ResultsPage />, '/results');
    const over = await screen.findByRole('region', { name: 'Who won' });
    expect(await within(over).findByText('Won by Fan and Rival (shared)')).toBeInTheDocument();
    expect(within(within(over).getByRole('region', { name: 'Season' })).getByText('Nobody won: no picks counted this season.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Who can still win' })).toBeNull();
  });

  it('writes names as a sentence does', () => {
    expect(namesText([{ name: 'Ana' }])).toBe('Ana');
    expect(namesText([{ name: 'Ana' }, { name: 'Ben' }])).toBe('Ana and Ben');
    expect(namesText([{ name: 'Ana' }, { name: 'Ben' }, { name: 'Cy' }])).toBe('Ana, Ben and Cy');
  });
});
