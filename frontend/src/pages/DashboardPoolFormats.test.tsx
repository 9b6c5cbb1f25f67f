import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Game, Pick, SeasonRules } from '../api/types';
import { session } from '../session/session';
import { ADMIN, CURRENT_SEASON, DEFAULT_SEASON_RULES, gameFixture, MEMBER, outsideActEnvironment, renderAt, SEASONS, signIn, stubApi } from '../test/helpers';
import DashboardPage from './DashboardPage';

const pick = (game_id: number, fields: Partial<Pick> = {}): Pick => ({
  id: 100 + game_id,
  game_id,
  week_id: 2,
  selected_winner: `Home ${game_id}`,
  tiebreaker_home_score: null,
  tiebreaker_away_score: null,
  ...fields,
});

/**
 * Week 2 of a season on `rules`, with the member's picks kept as the server keeps them (docs/pool-formats.md#picks):
 * a number another pick holds swaps, a lock moves.
 */
function pool(rules: Partial<SeasonRules>, options: { games?: Game[]; picks?: Pick[]; summary?: string[]; standings?: unknown[] } = {}) {
  const games = options.games ?? [1, 2, 3].map((id) => gameFixture(id, { hoursAhead: 20 + id }));
  let picks = [...(options.picks ?? [])];
  const save = (body: unknown) => {
    const input = body as Pick & { confidence?: number; is_lock?: boolean };
    const existing = picks.find((candidate) => candidate.game_id === input.game_id)!;
    picks = picks.map((other) => {
      if (other.game_id === input.game_id)
        return { ...other, selected_winner: input.selected_winner, confidence: input.confidence ?? other.confidence, is_lock: input.is_lock ?? other.is_lock };
      if (input.confidence !== undefined && other.confidence === input.confidence) return { ...other, confidence: existing.confidence };
      if (input.is_lock) return { ...other, is_lock: false };
      return other;
    });
    return { status: 200, body: picks.find((candidate) => candidate.game_id === input.game_id) };
  };
  const season = { ...CURRENT_SEASON, rules: { ...DEFAULT_SEASON_RULES, ...rules }, rules_summary: options.summary ?? [] };
  return stubApi({
    'GET /api/app_config': { app_name: 'Test Pool' },
    'GET /api/football_seasons': SEASONS,
    'GET /api/football_seasons/1': season,
    'GET /api/games': games,
    'GET /api/picks': () => ({ status: 200, body: picks }),
    'POST /api/picks': save,
    'GET /api/standings': options.standings ?? [],
  });
}

const card = (title: string) => screen.getByRole('article', { name: title });
const posts = (calls: { method: string; path: string; body: unknown }[]) => calls.filter((call) => call.method === 'POST').map((call) => call.body);

describe('the dashboard in a pool format', () => {
  outsideActEnvironment();
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it("shows the season's rules", async () => {
    signIn(MEMBER);
    pool({ lock_of_week: true }, { summary: ['Your lock of the week counts double; a lock on a cancelled game is void.'], picks: [pick(1)] });
    renderAt(<DashboardPage />, '/dashboard');
    const rules = await screen.findByRole('region', { name: "This season's rules" });
    expect(within(rules).getByRole('listitem')).toHaveTextContent('Your lock of the week counts double');
  });

  it("changes nothing on the spec's rules: no rules card, no points, no lock, the plain team names", async () => {
    signIn(MEMBER);
    pool({}, { picks: [pick(1, { confidence: 3 })] });
    renderAt(<DashboardPage />, '/dashboard');
    const plain = await screen.findByRole('article', { name: 'Away 1 @ Home 1' });
    expect(within(plain).getByRole('button', { name: 'Home 1' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(plain).getByText(/Home 1 -3\.5/)).toHaveTextContent(/Line: Home 1 -3\.5/);
    expect(screen.queryByRole('button', { name: /pts|Lock/ })).toBeNull();
    expect(screen.queryByRole('region', { name: "This season's rules" })).toBeNull();
  });

  it('against the spread, labels each team with its line and says whether the pick covered', async () => {
    signIn(MEMBER);
    pool(
      { pick_mode: 'spread' },
      {
        games: [
          gameFixture(1, { hoursAhead: 30, betting_line: 7.5, betting_line_team: 'away' }),
          gameFixture(2, { hoursAhead: 31, betting_line: null, betting_line_team: null }),
          gameFixture(3, { hoursAhead: -30, status: 'completed', home_score: 20, away_score: 14, betting_line: 3, betting_line_team: 'home', cover: 'home' }),
          gameFixture(4, { hoursAhead: -30, status: 'completed', home_score: 17, away_score: 14, betting_line: 3, betting_line_team: 'home', cover: 'push' }),
          gameFixture(5, { hoursAhead: -30, status: 'completed', home_score: 30, away_score: 14, betting_line: 3, betting_line_team: 'away', cover: 'home' }),
        ],
        picks: [pick(3), pick(4), pick(5, { selected_winner: 'Away 5', is_correct: false })],
      },
    );
    renderAt(<DashboardPage />, '/dashboard');
    await screen.findByRole('button', { name: 'Away 1 −7.5' });
    expect(within(card('Away 1 @ Home 1')).getByRole('button', { name: 'Home 1 +7.5' })).toBeInTheDocument();
    expect(within(card('Away 1 @ Home 1')).queryByText(/Away 1 -7\.5/)).toBeNull();
    expect(within(card('Away 2 @ Home 2')).getByRole('button', { name: 'Away 2 PK' })).toBeInTheDocument();
    expect(within(card('Away 3 @ Home 3')).getByText('Covered')).toBeInTheDocument();
    expect(within(card('Away 4 @ Home 4')).getByText('Push')).toBeInTheDocument();
    expect(within(card('Away 5 @ Home 5')).getByText("Didn't cover")).toBeInTheDocument();
    expect(within(card('Away 5 @ Home 5')).queryByText('Incorrect')).toBeNull();
  });

  it('swaps two games’ confidence points with two taps: one POST for the first game with the second’s number', async () => {
    signIn(MEMBER);
    const { calls } = pool(
      { confidence_points: true },
      {
        games: [gameFixture(1, { hoursAhead: -2 }), gameFixture(2, { hoursAhead: 30 }), gameFixture(3, { hoursAhead: 40 })],
        picks: [pick(1, { confidence: 3 }), pick(2, { confidence: 1 }), pick(3, { confidence: 2, selected_winner: 'Away 3' })],
      },
    );
    renderAt(<DashboardPage />, '/dashboard');
    const first = await within(await screen.findByRole('article', { name: 'Away 2 @ Home 2' })).findByRole('button', { name: '1 pts' });
    // A game that has started keeps its points.
    expect(within(card('Away 1 @ Home 1')).getByRole('button', { name: '3 pts' })).toBeDisabled();

    fireEvent.click(first);
    expect(first).toHaveAttribute('aria-pressed', 'true');
    expect(within(card('Away 2 @ Home 2')).getByRole('status')).toHaveTextContent("Tap another game's points to swap");
    fireEvent.click(within(card('Away 3 @ Home 3')).getByRole('button', { name: '2 pts' }));

    // Both numbers move at once, and stay as the server answers.
    expect(await within(card('Away 2 @ Home 2')).findByRole('button', { name: '2 pts' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(card('Away 3 @ Home 3')).getByRole('button', { name: '1 pts' })).toBeInTheDocument();
    await waitFor(() => expect(posts(calls)).toEqual([{ game_id: 2, selected_winner: 'Home 2', confidence: 2 }]));
    await waitFor(() => expect(calls.filter((call) => call.path.startsWith('/api/picks?')).length).toBeGreaterThan(1));
    expect(within(card('Away 3 @ Home 3')).getByRole('button', { name: '1 pts' })).toBeInTheDocument();

    // Tapping the chosen badge again lets it go without a save.
    fireEvent.click(within(card('Away 3 @ Home 3')).getByRole('button', { name: '1 pts' }));
    fireEvent.click(within(card('Away 3 @ Home 3')).getByRole('button', { name: '1 pts' }));
    expect(within(card('Away 3 @ Home 3')).getByRole('button', { name: '1 pts' })).toHaveAttribute('aria-pressed', 'false');
    expect(posts(calls)).toHaveLength(1);
  });

  it('moves the lock of the week with one tap, and takes it off again', async () => {
    signIn(MEMBER);
    const { calls } = pool({ lock_of_week: true }, { picks: [pick(1, { is_lock: true }), pick(2, { is_lock: false })] });
    renderAt(<DashboardPage />, '/dashboard');
    const lock2 = await within(await screen.findByRole('article', { name: 'Away 2 @ Home 2' })).findByRole('button', { name: 'Lock' });
    expect(within(card('Away 1 @ Home 1')).getByRole('button', { name: 'Lock' })).toHaveAttribute('aria-pressed', 'true');
    // No lock on a game without a pick.
    expect(within(card('Away 3 @ Home 3')).queryByRole('button', { name: 'Lock' })).toBeNull();

    fireEvent.click(lock2);
    await waitFor(() => expect(within(card('Away 2 @ Home 2')).getByRole('button', { name: 'Lock' })).toHaveAttribute('aria-pressed', 'true'));
    expect(within(card('Away 1 @ Home 1')).getByRole('button', { name: 'Lock' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(posts(calls)).toEqual([{ game_id: 2, selected_winner: 'Home 2', is_lock: true }]));

    fireEvent.click(within(card('Away 2 @ Home 2')).getByRole('button', { name: 'Lock' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    expect(posts(calls)[1]).toEqual({ game_id: 2, selected_winner: 'Home 2', is_lock: false });
  });

  it('puts the points in the standings where points rank', async () => {
    signIn(MEMBER);
    const standing = { id: 1, rank: 1, user: { id: 7, name: 'Fan', email: null }, total_wins: 9, total_losses: 1, win_percentage: 90, total_points: 48.5 };
    pool({ lock_of_week: true }, { standings: [standing] });
    renderAt(<DashboardPage />, '/dashboard');
    const table = await screen.findByRole('table', { name: 'Season Standings' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Rank', 'Member', 'Points', 'W–L', 'Win %']);
    expect(within(table).getByRole('row', { name: /Fan/ })).toHaveTextContent('48.5');
  });

  it('lets an admin pick like a member when the commissioner plays', async () => {
    signIn(ADMIN);
    const { calls } = pool({ commissioner_plays: true });
    renderAt(<DashboardPage />, '/dashboard');
    expect(await screen.findByRole('link', { name: 'Admin Management' })).toBeInTheDocument();
    fireEvent.click(await within(await screen.findByRole('article', { name: 'Away 1 @ Home 1' })).findByRole('button', { name: 'Away 1' }));
    await waitFor(() => expect(posts(calls)).toEqual([{ game_id: 1, selected_winner: 'Away 1', week_id: 2 }]));
    expect(calls.some((call) => call.path === `/api/picks?week_id=2&user_id=${ADMIN.id}`)).toBe(true);
    expect(screen.getByRole('region', { name: 'Pick Status Summary' })).toBeInTheDocument();
  });
});
