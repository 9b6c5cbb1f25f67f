import { screen, within } from '@testing-library/react';
import type { WeeklyAwards } from '../../api/types';
import ResultsPage from '../../pages/ResultsPage';
import { session } from '../../session/session';
import { CURRENT_SEASON, MEMBER, outsideActEnvironment, renderAt, SEASONS, signIn, stubApi } from '../../test/helpers';
import { liveBoard } from '../live/liveFixtures';
import { namesText } from './WeeklyAwards';

vi.mock('./SeasonRaceChart', () => ({ default: () => <p>Season race</p> }));

const AWARDS: WeeklyAwards = {
  week: { id: 2, number: 2 },
  calculated: true,
  perfect_week: [{ id: 7, name: 'Fan' }],
  contrarian: { game_id: 1, matchup: 'Away 1 @ Home 1', team_name: 'Away 1', pickers: [{ id: 8, name: 'Rival' }], share: 12.5 },
  closest_tiebreaker: { members: [{ id: 7, name: 'Fan' }, { id: 8, name: 'Rival' }], tiebreaker_score: 3 },
};

function pool(awards: WeeklyAwards) {
  return stubApi({
    'GET /api/football_seasons': SEASONS,
    'GET /api/football_seasons/1': CURRENT_SEASON,
    'GET /api/weekly_results': [],
    'GET /api/season_results/1/by_week': { season: { id: 1, name: '2025-2026' }, weeks: [], members: [] },
    'GET /api/standings': [],
    'GET /api/weeks/2/awards': awards,
    'GET /api/weeks/2/live': liveBoard(),
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
    const awards = await screen.findByRole('region', { name: 'Weekly awards' });
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
    const season = within(section).getByRole('region', { name: 'Season' });
    expect(within(season).getByText('Can still win')).toBeInTheDocument();
  });

  it('writes names as a sentence does', () => {
    expect(namesText([{ name: 'Ana' }])).toBe('Ana');
    expect(namesText([{ name: 'Ana' }, { name: 'Ben' }])).toBe('Ana and Ben');
    expect(namesText([{ name: 'Ana' }, { name: 'Ben' }, { name: 'Cy' }])).toBe('Ana, Ben and Cy');
  });
});
