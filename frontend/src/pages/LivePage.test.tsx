import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LiveBoard } from '../api/types';
import { liveBoard, liveGame, SEASON_RACE, WEEK_RACE } from '../components/live/liveFixtures';
import { LIVE_POLL_MS, pollInterval } from '../components/live/useLiveBoard';
import { session } from '../session/session';
import { CURRENT_SEASON, DEFAULT_SEASON_RULES, MEMBER, outsideActEnvironment, renderAt, signIn, stubFetch, type StubAnswer } from '../test/helpers';
import LivePage from './LivePage';

/** The server as the live board's tests need it: /api/live answers whatever `next` says (a board or a 304). */
function stubLive(spread = false) {
  const state: { next: StubAnswer } = { next: { body: liveBoard(), headers: { ETag: '"v1"' } } };
  const stub = stubFetch(({ path }) => {
    if (path === '/api/live') return state.next;
    if (path === '/api/football_seasons/1') return { body: { ...CURRENT_SEASON, rules: { ...DEFAULT_SEASON_RULES, pick_mode: spread ? 'spread' : 'winner' } } };
    return undefined;
  });
  /** The If-None-Match each read of /api/live carried (undefined: none). */
  const conditions = () =>
    stub.fetch.mock.calls.filter(([input]) => String(input) === '/api/live').map(([, init]) => (init?.headers as Record<string, string> | undefined)?.['If-None-Match']);
  return { state, conditions, calls: stub.calls };
}

const answer = (board: LiveBoard, etag: string): StubAnswer => ({ body: board, headers: { ETag: etag } });
const card = (matchup: string) => screen.getByRole('article', { name: matchup });

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  // As a browser fires it: at the document, bubbling to the window (where React Query listens).
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

describe('the live board', () => {
  outsideActEnvironment();
  // The page's last sections come from a chunk of their own; load it once here, not inside the first test's wait.
  beforeAll(() => import('../components/live/LiveSections'), 30_000);
  beforeEach(() => signIn(MEMBER));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    session.clear();
    setVisibility('visible');
  });

  it('shows the week, the games with their scores and state, the leaderboard, who can still win and the picks', async () => {
    stubLive(true);
    renderAt(<LivePage />, '/live');
    expect(screen.getByRole('heading', { level: 1, name: 'Live board' })).toBeInTheDocument();
    await screen.findByText('Week 2 · 2025-2026');
    expect(screen.getByText(/^Updated \d{1,2}:\d{2}:\d{2} (AM|PM)$/)).toBeInTheDocument();

    // The scores sit in a polite live region.
    const scores = screen.getByRole('region', { name: 'Scores' });
    expect(scores).toHaveAttribute('aria-live', 'polite');
    const final = card('Away 1 @ Home 1');
    expect(within(final).getByText('Final')).toBeInTheDocument();
    expect(within(final).getAllByTestId('score').map((score) => score.textContent)).toEqual(['17', '24']);
    // A spread season says who covered; a locked game how the members picked.
    expect(await within(final).findByText('Home 1 covered')).toBeInTheDocument();
    expect(within(final).getByText('Picks: Away 1 1 · Home 1 1')).toBeInTheDocument();
    expect(within(card('Away 2 @ Home 2')).getByText('Live')).toBeInTheDocument();
    const upcoming = card('Away 3 @ Home 3');
    expect(within(upcoming).getByText(/^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) \d{1,2}:\d{2} (AM|PM)$/)).toBeInTheDocument();
    expect(within(upcoming).queryByText(/^Picks:/)).toBeNull();

    const rows = within(screen.getByRole('table', { name: 'Projected leaderboard' })).getAllByTestId('live-leaderboard-row');
    expect(rows.map((row) => row.textContent)).toEqual(['1Fan11–0', '2Rival00–1']);

    // Who can still win (its own chunk, maybe still on its way): chips in words, the enumerated week's paths, the season's bound in one line.
    const week = await screen.findByRole('region', { name: 'This week' });
    expect(within(week).getByText('Can still win')).toBeInTheDocument();
    expect(within(week).getByText('Eliminated')).toBeInTheDocument();
    expect(within(week).getByText('Wins if Georgia and Texas win')).toBeInTheDocument();
    expect(within(week).getByText('+2 more ways')).toBeInTheDocument();
    expect(within(week).getByText('1 pts now, 3 at most')).toBeInTheDocument();
    expect(within(week).getByText('Every outcome of the 2 undecided games checked (4 outcomes).')).toBeInTheDocument();
    const season = screen.getByRole('region', { name: 'Season' });
    expect(within(season).getByText('Worked out from the most each member can still reach (12 undecided, 10 still open to picks).')).toBeInTheDocument();

    // Everyone's picks: the pick grid, scrolling in its own box.
    expect(screen.getByRole('region', { name: "Everyone's picks, Week 2, scrolls sideways" })).toBeInTheDocument();
    expect(screen.getAllByTestId('pick-grid-row')).toHaveLength(2);
    // No survivor contest this week: no survivor card.
    expect(screen.queryByText(/at risk$/)).toBeNull();
  });

  it('shows the survivor card only when the season\'s contest covers the week: how many are alive, at risk, and who', async () => {
    const { state } = stubLive();
    const survivor = {
      name: 'Survivor',
      alive_count: 3,
      alive_now: [
        { user_id: 1, name: 'Fan' },
        { user_id: 2, name: 'Rival' },
        { user_id: 3, name: 'Third' },
      ],
      at_risk: [{ user_id: 2, name: 'Rival', team_name: 'Home 2', lives_left: 2 }],
    };
    state.next = answer(liveBoard({ survivor }), '"v2"');
    renderAt(<LivePage />, '/live');
    const card = await screen.findByRole('region', { name: 'Survivor: 3 alive, 1 at risk' }, { timeout: 10_000 });
    expect(within(card).getByTestId('live-survivor-at-risk')).toHaveTextContent('At risk: Rival (Home 2)');
  });

  it('names the winners of a finished week ("Won by …") instead of listing the others as eliminated', async () => {
    const { state } = stubLive();
    const finished = {
      ...WEEK_RACE,
      method: 'final' as const,
      undecided_games: 0,
      outcomes: null,
      winners: [{ id: 7, name: 'Fan' }],
      contenders: [
        { user: { id: 7, name: 'Fan' }, current: 3, max: 3, status: 'clinched' as const, paths: null, more_paths: 0 },
        { user: { id: 8, name: 'Rival' }, current: 1, max: 1, status: 'eliminated' as const, paths: null, more_paths: 0 },
      ],
    };
    state.next = answer(liveBoard({ contention: { week: finished, season: SEASON_RACE, week_contenders: 2, season_contenders: 1 } }), '"v1"');
    renderAt(<LivePage />, '/live');
    const week = await screen.findByRole('region', { name: 'This week' });
    expect(within(week).getByText('Won by Fan')).toBeInTheDocument();
    expect(within(week).getByText('3 pts')).toBeInTheDocument();
    expect(within(week).queryByText('Eliminated')).toBeNull();
    expect(within(week).queryByText('Clinched')).toBeNull();
    // The season's race is still on: its list stays, and so does the heading.
    expect(within(screen.getByRole('region', { name: 'Season' })).getByText('Can still win')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Who can still win' })).toBeInTheDocument();
  });

  it('titles the section "Who won" once the week and the season are both over', async () => {
    const { state } = stubLive();
    const over = (race: typeof WEEK_RACE, winners: { id: number; name: string }[]) => ({ ...race, method: 'final' as const, undecided_games: 0, open_games: 0, outcomes: null, winners });
    state.next = answer(
      liveBoard({ contention: { week: over(WEEK_RACE, [{ id: 7, name: 'Fan' }, { id: 8, name: 'Rival' }]), season: over(SEASON_RACE, []), week_contenders: 2, season_contenders: 1 } }),
      '"v1"',
    );
    renderAt(<LivePage />, '/live');
    expect(await screen.findByRole('heading', { level: 2, name: 'Who won' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'This week' })).getByText('Won by Fan and Rival (shared)')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Season' })).getByText('Nobody won: no picks counted this season.')).toBeInTheDocument();
  });

  it('leaves the cover out in a season picked straight up', async () => {
    const { calls } = stubLive(false);
    renderAt(<LivePage />, '/live');
    await screen.findByText('Week 2 · 2025-2026');
    // Once the season's rules are in: straight up, no cover.
    await waitFor(() => expect(calls.some((call) => call.path === '/api/football_seasons/1')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('Home 1 covered')).toBeNull();
  });

  it('polls every 15 s with the last ETag, keeps the board on a 304 and redraws in place on a change', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const { state, conditions } = stubLive();
    renderAt(<LivePage />, '/live');
    await screen.findByText('Week 2 · 2025-2026');
    expect(conditions()).toEqual([undefined]);
    const before = card('Away 2 @ Home 2');
    const updated = screen.getByTestId('live-updated').textContent;

    state.next = { status: 304 };
    await vi.advanceTimersByTimeAsync(LIVE_POLL_MS);
    expect(conditions()).toEqual([undefined, '"v1"']);
    // A 304 is a confirmation: the board stays, the time moves on.
    await waitFor(() => expect(screen.getByTestId('live-updated').textContent).not.toBe(updated));
    expect(within(card('Away 2 @ Home 2')).getAllByTestId('score').map((score) => score.textContent)).toEqual(['10', '7']);

    const board = liveBoard();
    board.games[1] = liveGame(2, { status: 'in_progress', locked: true, home_score: 14, away_score: 10, pick_counts: { home: 2, away: 0 } });
    board.members[1] = { ...board.members[1], points: 2, wins: 2, rank: 1 };
    board.members.reverse();
    state.next = answer({ ...board, version: 'v2' }, '"v2"');
    await vi.advanceTimersByTimeAsync(LIVE_POLL_MS);
    expect(conditions()).toEqual([undefined, '"v1"', '"v1"']);
    await waitFor(() => expect(within(card('Away 2 @ Home 2')).getAllByTestId('score').map((score) => score.textContent)).toEqual(['10', '14']));
    // The same element, redrawn in place.
    expect(card('Away 2 @ Home 2')).toBe(before);
    const rows = screen.getAllByTestId('live-leaderboard-row');
    expect(rows[0]).toHaveTextContent('Rival');

    // The next read carries the new ETag.
    state.next = { status: 304 };
    await vi.advanceTimersByTimeAsync(LIVE_POLL_MS);
    expect(conditions()).toEqual([undefined, '"v1"', '"v1"', '"v2"']);
    expect(screen.getAllByTestId('live-leaderboard-row')[0]).toHaveTextContent('Rival');
  });

  it('stops polling in a background tab and reads at once on return', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const { state, conditions } = stubLive();
    renderAt(<LivePage />, '/live');
    await screen.findByText('Week 2 · 2025-2026');
    state.next = { status: 304 };
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(3 * LIVE_POLL_MS);
    expect(conditions()).toHaveLength(1);
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(10);
    await waitFor(() => expect(conditions()).toEqual([undefined, '"v1"']));
  });

  it('polls at the ?poll= interval when given (the browser test), else every 15 s', () => {
    expect(pollInterval('?poll=1000')).toBe(1000);
    expect(pollInterval('')).toBe(LIVE_POLL_MS);
    expect(pollInterval('?poll=10')).toBe(LIVE_POLL_MS);
    expect(pollInterval('?poll=fast')).toBe(LIVE_POLL_MS);
  });

  it("says so when there is no board to show (the server's message)", async () => {
    stubFetch(({ path }) => (path === '/api/live' ? { status: 404, body: { errors: ['No current week'] } } : undefined));
    renderAt(<LivePage />, '/live');
    expect(await screen.findByRole('alert')).toHaveTextContent('No current week');
  });

  it("shows the member's own pick on each card, their row after the top rows, and loads the rest of the picks on demand", async () => {
    const top = liveBoard();
    const row = (id: number, rank: number) => ({ ...top.members[1], user: { id, name: `Member ${id}` }, rank });
    const own = {
      ...row(7, 40),
      user: { id: 7, name: 'Fan' },
      picks: [
        { game_id: 1, status: 'shown' as const, selected_winner: 'Home 1', result: 'correct' as const },
        { game_id: 2, status: 'shown' as const, selected_winner: 'Away 2', result: 'pending' as const },
        { game_id: 3, status: 'shown' as const, selected_winner: 'Home 3', result: 'pending' as const },
      ],
    };
    const board = { ...top, members: [row(20, 1), row(21, 2)], member_count: 60, me: { row: own, week: null, season: null } };
    const pages: string[] = [];
    stubFetch(({ path }) => {
      if (path === '/api/live') return { body: board, headers: { ETag: '"v1"' } };
      if (path.startsWith('/api/weeks/2/live/members')) {
        pages.push(path);
        return { body: { version: 'p1', offset: 2, total: 60, members: Array.from({ length: 50 }, (_, i) => row(100 + i, 3 + i)) } };
      }
      if (path === '/api/football_seasons/1') return { body: { ...CURRENT_SEASON, rules: DEFAULT_SEASON_RULES } };
      return undefined;
    });
    renderAt(<LivePage />, '/live');
    await screen.findByText('Week 2 · 2025-2026');
    expect(within(card('Away 1 @ Home 1')).getByTestId('own-pick')).toHaveTextContent('Your pick: Home 1Right');
    // Away 2 trails 10–7... no: away 10, home 7, so the member's Away 2 is winning.
    expect(within(card('Away 2 @ Home 2')).getByTestId('own-pick')).toHaveTextContent('Your pick: Away 2Winning');
    expect(within(card('Away 3 @ Home 3')).getByTestId('own-pick').textContent).toBe('Your pick: Home 3');

    const rows = within(screen.getByRole('table', { name: 'Projected leaderboard' })).getAllByTestId('live-leaderboard-row');
    expect(rows.map((one) => one.textContent)).toEqual(['1Member 2000–1', '2Member 2100–1', '40Fan00–1']);
    expect(screen.getByText('The top 2 of 60 members, and you.')).toBeInTheDocument();

    // The grid: the top rows and the member's own; 50 more on demand.
    expect(screen.getAllByTestId('pick-grid-row')).toHaveLength(3);
    expect(screen.getByTestId('live-picks-count')).toHaveTextContent('3 of 60 members');
    expect(pages).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Show 50 more' }));
    await waitFor(() => expect(screen.getAllByTestId('pick-grid-row')).toHaveLength(53));
    expect(pages).toEqual(['/api/weeks/2/live/members?offset=2&limit=50']);
    expect(screen.getByTestId('live-picks-count')).toHaveTextContent('53 of 60 members');
  });
});
