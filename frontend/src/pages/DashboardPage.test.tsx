import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Game, Pick } from '../api/types';
import { session } from '../session/session';
import { ADMIN, CURRENT_SEASON, gameFixture, MEMBER, outsideActEnvironment, renderAt, SEASONS, signIn, stubApi, weekFixture } from '../test/helpers';
import DashboardPage from './DashboardPage';

type Answer = { status: number; body: unknown };

/** A small pool: the current season, week 2's games, and the member's picks kept like the server keeps them. */
function pool(options: { games?: Game[]; picks?: Pick[]; seasonWeeks?: typeof CURRENT_SEASON.weeks; refuse?: string; standings?: unknown } = {}) {
  const games = options.games ?? [gameFixture(1, { hoursAhead: 50 }), gameFixture(2, { hoursAhead: 26 }), gameFixture(3, { hoursAhead: 75, is_tiebreaker: true })];
  const picks: Pick[] = [...(options.picks ?? [])];
  let nextId = 100;
  const save = (body: Pick, id?: number): Answer => {
    if (options.refuse) return { status: 422, body: { errors: [options.refuse] } };
    const existing = picks.find((pick) => pick.game_id === body.game_id || pick.id === id);
    const saved: Pick = {
      id: existing?.id ?? nextId++,
      game_id: body.game_id ?? existing!.game_id,
      week_id: 2,
      selected_winner: body.selected_winner,
      tiebreaker_home_score: body.tiebreaker_home_score ?? existing?.tiebreaker_home_score ?? null,
      tiebreaker_away_score: body.tiebreaker_away_score ?? existing?.tiebreaker_away_score ?? null,
    };
    picks.splice(0, picks.length, ...picks.filter((pick) => pick.game_id !== saved.game_id), saved);
    return { status: existing ? 200 : 201, body: saved };
  };
  const routes: Record<string, unknown> = {
    'GET /api/app_config': { app_name: 'Test Pool' },
    'GET /api/football_seasons': SEASONS,
    'GET /api/football_seasons/1': { ...CURRENT_SEASON, weeks: options.seasonWeeks ?? CURRENT_SEASON.weeks },
    'GET /api/football_seasons/9': { ...SEASONS[1], weeks: [] },
    'GET /api/games': () => ({ status: 200, body: games }),
    'GET /api/picks': () => ({ status: 200, body: [...picks] }),
    'POST /api/picks': (body: unknown) => save(body as Pick),
    'GET /api/standings': options.standings ?? [],
  };
  for (const id of [...picks.map((pick) => pick.id!), 100, 101, 102]) routes[`PUT /api/picks/${id}`] = (body: unknown) => save(body as Pick, id);
  const stub = stubApi(routes as Parameters<typeof stubApi>[0]);
  return { ...stub, picks, routes };
}

const card = (title: RegExp | string) => screen.getByRole('article', { name: title });
const summary = () => screen.getByRole('region', { name: 'Pick Status Summary' });

describe('the dashboard', () => {
  outsideActEnvironment();
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    session.clear();
  });

  it('greets the member by e-mail and defaults to the current season and its current week', async () => {
    signIn(MEMBER);
    const { calls } = pool();
    renderAt(<DashboardPage />, '/dashboard');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, fan@pool.test' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Week')).toHaveValue('2'));
    expect(screen.getByLabelText('Season')).toHaveValue('1');
    await screen.findByRole('article', { name: 'Away 1 @ Home 1' });
    expect(calls.some((call) => call.path === '/api/games?week_id=2')).toBe(true);
    expect(calls.some((call) => call.path === '/api/picks?week_id=2&user_id=7')).toBe(true);
  });

  it('greets "User" when the session has no e-mail', async () => {
    signIn({ ...MEMBER, email: '' });
    pool();
    renderAt(<DashboardPage />, '/dashboard');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, User' })).toBeInTheDocument();
  });

  it('falls back to the first week when no week is current', async () => {
    signIn(MEMBER);
    pool({ seasonWeeks: CURRENT_SEASON.weeks!.map((week) => ({ ...week, status: 'upcoming' })) });
    renderAt(<DashboardPage />, '/dashboard');
    await waitFor(() => expect(screen.getByLabelText('Week')).toHaveValue('1'));
  });

  it('lists the games in kickoff order with rankings, the line and the deadline status', async () => {
    signIn(MEMBER);
    pool({
      games: [
        gameFixture(1, { hoursAhead: 50, away_team_ranking: 4, home_team_ranking: 12, betting_line: 7.5, betting_line_team: 'away' }),
        gameFixture(2, { hoursAhead: 5 }),
        gameFixture(3, { hoursAhead: 0.5 }),
      ],
    });
    renderAt(<DashboardPage />, '/dashboard');
    await screen.findByRole('article', { name: '#4 Away 1 @ #12 Home 1' });
    const titles = screen.getAllByRole('article').map((article) => article.getAttribute('aria-labelledby') && within(article).getByRole('heading').textContent);
    expect(titles).toEqual(['Away 3 @ Home 3', 'Away 2 @ Home 2', '#4 Away 1 @ #12 Home 1']);
    expect(within(card('#4 Away 1 @ #12 Home 1')).getByText(/Away 1 -7\.5/)).toHaveTextContent(/Line: Away 1 -7\.5/);
    expect(within(card('#4 Away 1 @ #12 Home 1')).getByText('Open')).toBeInTheDocument();
    expect(within(card('Away 2 @ Home 2')).getByText(/^Closing soon · 3h \d\dm left$/)).toBeInTheDocument();
    expect(within(card('Away 3 @ Home 3')).getByText('Closed')).toBeInTheDocument();
  });

  it('shows a game with a final as closed, never with a countdown beside its result', async () => {
    signIn(MEMBER);
    // As the answer read before the server closed finals (or kept from before the admin's entry) would say it.
    const final = { status: 'completed', home_score: 31, away_score: 10, winner_team_id: 11, deadline_status: 'closing_soon', picks_allowed: true } as const;
    pool({
      games: [gameFixture(1, { hoursAhead: 12, ...final }), gameFixture(2, { hoursAhead: 40, winner_team_id: 21, deadline_status: 'open', picks_allowed: true })],
      picks: [{ id: 5, game_id: 1, week_id: 2, selected_winner: 'Away 1', is_correct: false, tiebreaker_home_score: null, tiebreaker_away_score: null }],
    });
    renderAt(<DashboardPage />, '/dashboard');
    const first = await screen.findByRole('article', { name: 'Away 1 @ Home 1' });
    expect(within(first).getByText('Incorrect')).toBeInTheDocument();
    expect(within(first).getByText('Closed')).toBeInTheDocument();
    expect(within(first).queryByText(/Closing soon/)).not.toBeInTheDocument();
    expect(within(first).getByText(/Pick deadline has passed - no changes allowed/)).toBeInTheDocument();
    for (const button of within(first).getAllByRole('button', { name: /^(Away|Home) 1$/ })) expect(button).toBeDisabled();
    const second = card('Away 2 @ Home 2');
    expect(within(second).getByText('Closed')).toBeInTheDocument();
    expect(within(second).queryByText('Open')).not.toBeInTheDocument();
  });

  it('shows Pick Made or No Pick, and why a game cannot be picked', async () => {
    signIn(MEMBER);
    pool({
      games: [
        gameFixture(1, { hoursAhead: 0.5 }),
        gameFixture(2, { hoursAhead: 0.2 }),
        gameFixture(3, { hoursAhead: 40, picks_allowed: false, status: 'cancelled' }),
        gameFixture(4, { hoursAhead: 40 }),
      ],
      picks: [{ id: 5, game_id: 1, week_id: 2, selected_winner: 'Home 1', tiebreaker_home_score: null, tiebreaker_away_score: null }],
    });
    renderAt(<DashboardPage />, '/dashboard');
    await screen.findByText('Pick deadline has passed - no changes allowed');
    expect(within(card('Away 1 @ Home 1')).getByText('Pick Made')).toBeInTheDocument();
    expect(within(card('Away 1 @ Home 1')).getByRole('button', { name: 'Home 1' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(card('Away 1 @ Home 1')).getByRole('button', { name: 'Home 1' })).toBeDisabled();
    expect(within(card('Away 2 @ Home 2')).getByText('No Pick')).toBeInTheDocument();
    expect(within(card('Away 2 @ Home 2')).getByText('Pick deadline has passed - no picks allowed')).toBeInTheDocument();
    expect(within(card('Away 3 @ Home 3')).getByText('Picks are currently disabled')).toBeInTheDocument();
    expect(within(card('Away 3 @ Home 3')).getByRole('button', { name: 'Away 3' })).toBeDisabled();
    expect(within(card('Away 4 @ Home 4')).getByRole('button', { name: 'Away 4' })).toBeEnabled();
    expect(within(card('Away 4 @ Home 4')).queryByText(/allowed|disabled/)).toBeNull();
  });

  it('locks every game of a past week with the spec’s texts', async () => {
    signIn(MEMBER);
    pool({
      games: [gameFixture(1), gameFixture(2)],
      picks: [{ id: 5, game_id: 1, week_id: 2, selected_winner: 'Away 1', is_correct: false, tiebreaker_home_score: null, tiebreaker_away_score: null }],
      seasonWeeks: CURRENT_SEASON.weeks!.map((week) => (week.id === 2 ? { ...week, status: 'past' } : week)),
    });
    renderAt(<DashboardPage />, '/dashboard');
    expect(await screen.findByText('Week completed - no changes allowed')).toBeInTheDocument();
    expect(within(card('Away 1 @ Home 1')).getByText('Incorrect')).toBeInTheDocument();
    expect(within(card('Away 1 @ Home 1')).getByRole('button', { name: 'Away 1' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Week completed - no picks allowed')).toBeInTheDocument();
    expect(within(card('Away 2 @ Home 2')).getByRole('button', { name: 'Home 2' })).toBeDisabled();
  });

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

  it('saves a pick at once and says so at the bottom', async () => {
    signIn(MEMBER);
    const { calls, fetch } = pool();
    // The server holds the first save until the test lets it through.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const serve = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input, init) => (init?.method === 'POST' && calls.every((call) => call.method !== 'POST') ? held.then(() => serve(input, init)) : serve(input, init)));
    renderAt(<DashboardPage />, '/dashboard');
    await screen.findByRole('article', { name: 'Away 1 @ Home 1' });
    fireEvent.click(within(card('Away 1 @ Home 1')).getByRole('button', { name: 'Away 1' }));
    // Optimistic: chosen before the server answers.
    await waitFor(() => expect(within(card('Away 1 @ Home 1')).getByRole('button', { name: 'Away 1' })).toHaveAttribute('aria-pressed', 'true'));
    expect(within(card('Away 1 @ Home 1')).getByText('Pick Made')).toBeInTheDocument();
    expect(screen.queryByText(/Pick saved/)).toBeNull();
    release();
    expect(await screen.findByText('Pick saved for Away 1 @ Home 1: Away 1')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ game_id: 1, selected_winner: 'Away 1', week_id: 2 });
    expect(summary()).toHaveTextContent('Picks made: 1 of 3 games');

    // A second choice of the same game is an update of the saved pick.
    fireEvent.click(within(card('Away 1 @ Home 1')).getByRole('button', { name: 'Home 1' }));
    expect(await screen.findByText('Pick saved for Away 1 @ Home 1: Home 1')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.method !== 'GET').map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/picks', 'PUT /api/picks/100']));
  });

  it('updates an existing pick with PUT', async () => {
    signIn(MEMBER);
    const { calls } = pool({ picks: [{ id: 5, game_id: 2, week_id: 2, selected_winner: 'Home 2', tiebreaker_home_score: null, tiebreaker_away_score: null }] });
    renderAt(<DashboardPage />, '/dashboard');
    await screen.findByText('Pick Made');
    fireEvent.click(within(card('Away 2 @ Home 2')).getByRole('button', { name: 'Away 2' }));
    expect(await screen.findByText('Pick saved for Away 2 @ Home 2: Away 2')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect({ path: put.path, body: put.body }).toEqual({ path: '/api/picks/5', body: { game_id: 2, selected_winner: 'Away 2', week_id: 2 } });
  });

  it('rolls a refused pick back and shows "Pick submission failed: …"', async () => {
    signIn(MEMBER);
    pool({ refuse: 'Pick deadline has passed - no changes allowed' });
    renderAt(<DashboardPage />, '/dashboard');
    await screen.findByRole('article', { name: 'Away 1 @ Home 1' });
    fireEvent.click(within(card('Away 1 @ Home 1')).getByRole('button', { name: 'Home 1' }));
    expect(await screen.findByText('Pick submission failed: Pick deadline has passed - no changes allowed')).toBeInTheDocument();
    expect(within(card('Away 1 @ Home 1')).getByRole('button', { name: 'Home 1' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(card('Away 1 @ Home 1')).getByText('No Pick')).toBeInTheDocument();
  });

  it('falls back to "Failed to save pick" when the server gives no reason', async () => {
    signIn(MEMBER);
    const { routes } = pool();
    routes['POST /api/picks'] = () => ({ status: 500, body: {} });
    stubApi(routes as Parameters<typeof stubApi>[0]);
    renderAt(<DashboardPage />, '/dashboard');
    await screen.findByRole('article', { name: 'Away 1 @ Home 1' });
    fireEvent.click(within(card('Away 1 @ Home 1')).getByRole('button', { name: 'Home 1' }));
    expect(await screen.findByText('Pick submission failed: Failed to save pick')).toBeInTheDocument();
  });

  it('saves the tiebreaker pick first, reminds to enter both scores, and saves the scores once both are in', async () => {
    signIn(MEMBER);
    const { calls } = pool();
    renderAt(<DashboardPage />, '/dashboard');
    await screen.findByRole('article', { name: 'Away 3 @ Home 3' });
    const tiebreaker = card('Away 3 @ Home 3');
    expect(within(tiebreaker).getByText('Both scores required for tiebreaker')).toBeInTheDocument();
    fireEvent.change(within(tiebreaker).getByLabelText('Away 3 score'), { target: { value: '24' } });
    expect(within(tiebreaker).getByLabelText('Home 3 score')).toHaveAttribute('aria-invalid', 'true');

    fireEvent.click(within(tiebreaker).getByRole('button', { name: 'Home 3' }));
    expect(await screen.findByText('Pick saved for Away 3 @ Home 3: Home 3')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ game_id: 3, selected_winner: 'Home 3', week_id: 2 });
    expect(await within(tiebreaker).findByText('Please enter both scores for the tiebreaker')).toBeInTheDocument();
    expect(summary()).toHaveTextContent('Tiebreaker: Missing');

    fireEvent.change(within(tiebreaker).getByLabelText('Home 3 score'), { target: { value: '250' } });
    expect(within(tiebreaker).getByText('Whole number from 0 to 199')).toBeInTheDocument();
    fireEvent.change(within(tiebreaker).getByLabelText('Home 3 score'), { target: { value: '17' } });
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1), { timeout: 3000 });
    const put = calls.find((call) => call.method === 'PUT')!;
    expect({ path: put.path, body: put.body }).toEqual({
      path: '/api/picks/100',
      body: { game_id: 3, selected_winner: 'Home 3', week_id: 2, tiebreaker_home_score: 17, tiebreaker_away_score: 24 },
    });
    await waitFor(() => expect(within(tiebreaker).queryByText('Please enter both scores for the tiebreaker')).toBeNull());
    expect(summary()).toHaveTextContent('Tiebreaker: Done');
  });

  it('sends both scores with the winner when they were entered first', async () => {
    signIn(MEMBER);
    const { calls } = pool();
    renderAt(<DashboardPage />, '/dashboard');
    const tiebreaker = await screen.findByRole('article', { name: 'Away 3 @ Home 3' });
    fireEvent.change(within(tiebreaker).getByLabelText('Away 3 score'), { target: { value: '0' } });
    fireEvent.change(within(tiebreaker).getByLabelText('Home 3 score'), { target: { value: '199' } });
    fireEvent.click(within(tiebreaker).getByRole('button', { name: 'Away 3' }));
    expect(await screen.findByText('Pick saved for Away 3 @ Home 3: Away 3')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      game_id: 3,
      selected_winner: 'Away 3',
      week_id: 2,
      tiebreaker_home_score: 199,
      tiebreaker_away_score: 0,
    });
  });

  it('says when a week has no games, and when standings are not calculated yet', async () => {
    signIn(MEMBER);
    pool({ games: [] });
    renderAt(<DashboardPage />, '/dashboard');
    expect(await screen.findByText('No games found for this week.')).toBeInTheDocument();
    expect(await screen.findByText('No standings available yet. Weekly results need to be calculated first.')).toBeInTheDocument();
  });

  it('shows the season standings, top 10', async () => {
    signIn(MEMBER);
    const standings = Array.from({ length: 12 }, (_, index) => ({
      id: index + 1,
      rank: index + 1,
      user: { id: index + 1, name: `Member ${index + 1}`, email: `m${index + 1}@pool.test` },
      total_wins: 30 - index,
      total_losses: index,
      total_games: 30,
      win_percentage: (100 * (30 - index)) / 30,
    }));
    pool({ standings });
    renderAt(<DashboardPage />, '/dashboard');
    const table = await screen.findByRole('table', { name: 'Season Standings' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getByText('Member 10')).toBeInTheDocument();
    expect(within(table).queryByText('Member 11')).toBeNull();
  });

  it('says "Failed to load standings" when they cannot be read', async () => {
    signIn(MEMBER);
    const { routes } = pool();
    routes['GET /api/standings'] = () => ({ status: 404, body: { errors: ['Football season not found'] } });
    stubApi(routes as Parameters<typeof stubApi>[0]);
    renderAt(<DashboardPage />, '/dashboard');
    expect(await screen.findByText('Failed to load standings')).toBeInTheDocument();
  });

  it('gives admins the Admin Management button and links, no pick buttons, and never asks for their own picks', async () => {
    signIn(ADMIN);
    const { calls } = pool();
    renderAt(<DashboardPage />, '/dashboard');
    const tiebreaker = await screen.findByRole('article', { name: 'Away 3 @ Home 3' });
    expect(screen.getByRole('link', { name: 'Admin Management' })).toHaveAttribute('href', '/admin');
    const links = within(screen.getByRole('navigation', { name: 'Admin links' })).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/admin/conferences', '/admin/teams', '/admin/weeks', '/admin/games', '/admin/users']);
    expect(within(tiebreaker).queryByRole('button')).toBeNull();
    expect(within(tiebreaker).queryByLabelText(/score/)).toBeNull();
    expect(screen.queryByText('Pick Status Summary')).toBeNull();
    expect(calls.some((call) => call.path.startsWith('/api/picks'))).toBe(false);
  });

  it('offers everyone’s picks once a game has locked', async () => {
    signIn(MEMBER);
    const { routes } = pool({ games: [gameFixture(1, { hoursAhead: 0.5 }), gameFixture(2)] });
    routes['GET /api/weeks/2/pick_grid'] = {
      week: { id: 2, number: 2 },
      games: [
        { id: 1, home_team: { id: 11, name: 'Home 1' }, away_team: { id: 12, name: 'Away 1' }, game_date: '', is_tiebreaker: false, locked: true, winner_team_id: null, status: 'scheduled' },
        { id: 2, home_team: { id: 21, name: 'Home 2' }, away_team: { id: 22, name: 'Away 2' }, game_date: '', is_tiebreaker: false, locked: false, winner_team_id: null, status: 'scheduled' },
      ],
      members: [
        {
          user: { id: 3, name: 'Rival' },
          picks_made: 2,
          wins: 0,
          losses: 0,
          tiebreaker_score: null,
          rank: 1,
          picks: [
            { game_id: 1, status: 'shown', selected_winner: 'Home 1' },
            { game_id: 2, status: 'hidden' },
          ],
        },
      ],
    };
    stubApi(routes as Parameters<typeof stubApi>[0]);
    renderAt(<DashboardPage />, '/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Everyone’s picks'.replace('’', "'") }));
    const grid = await screen.findByRole('table', { name: "Everyone's picks, Week 2" });
    const row = within(grid).getByRole('row', { name: /Rival/ });
    expect(row).toHaveTextContent('Home 1');
    expect(row).toHaveTextContent('Picked');
  });
});

describe('the dashboard opened from a link with ?week=', () => {
  outsideActEnvironment();
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

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
