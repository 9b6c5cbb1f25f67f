import { Clock } from '../../src/common/clock';
import { Game } from '../../src/games/entities/game.entity';
import { Team } from '../../src/teams/entities/team.entity';
import { User } from '../../src/users/entities/user.entity';
import { createGame, createPick, createWeek, hoursFromNow } from '../support/factories';
import { bearer, TestApp } from '../support/test-app';

interface Cell {
  game_id: number;
  status: 'hidden' | 'shown' | 'none';
  selected_winner?: string;
}
interface Row {
  user: { id: number; name: string };
  picks_made: number;
  wins: number;
  losses: number;
  tiebreaker_score: number | null;
  rank: number;
  picks: Cell[];
}

describe('Pick grid (pool transparency)', () => {
  let t: TestApp;
  let admin: string;
  let run = 0;

  beforeAll(async () => {
    t = await TestApp.start();
    admin = await t.adminToken();
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  const teamOf = (id: number) => t.dataSource.getRepository(Team).findOneByOrFail({ id });
  const grid = (weekId: number, token: string) => t.http.get(`/api/weeks/${weekId}/pick_grid`).set(bearer(token)).expect(200);
  const rowOf = (body: { members: Row[] }, user: User) => body.members.find((row) => row.user.id === user.id)!;
  const cellOf = (row: Row, game: Game) => row.picks.find((cell) => cell.game_id === game.id)!;
  /** How often a team name appears as a JSON string value in a response. */
  const mentions = (body: unknown, name: string) => JSON.stringify(body).split(JSON.stringify(name)).length - 1;

  /** A current week with a game still open for picks (kickoff in 3 days) and one locked (kickoff in 30 minutes). */
  async function week() {
    const { id: week_id, number } = await createWeek(t.dataSource);
    const open = await createGame(t.dataSource, { week_id, game_date: hoursFromNow(72), is_tiebreaker: true });
    const locked = await createGame(t.dataSource, { week_id, game_date: hoursFromNow(0.5) });
    run++;
    const ann = await t.member({ name: `Grid ${run} Ann` });
    const bob = await t.member({ name: `Grid ${run} Bob` });
    return { week_id, number, open, locked, ann, bob };
  }

  it("never shows another member's pick before the deadline, and shows it to everyone after", async () => {
    const { week_id, open, ann, bob } = await week();
    const secret = await teamOf(open.home_team_id);
    await t.http
      .post('/api/picks')
      .set(bearer(ann.token))
      .send({ game_id: open.id, week_id, selected_winner: secret.name, tiebreaker_home_score: 31, tiebreaker_away_score: 30 })
      .expect(201);

    const before = (await grid(week_id, bob.token)).body;
    expect(before.games.find((game: { id: number }) => game.id === open.id).locked).toBe(false);
    expect(cellOf(rowOf(before, ann.user), open)).toEqual({ game_id: open.id, status: 'hidden' });
    expect(rowOf(before, ann.user).picks_made).toBe(1);
    // The team's name appears once, as the game's home team, and nowhere in the members' rows.
    expect(mentions(before, secret.name)).toBe(1);
    expect(JSON.stringify(before.members)).not.toContain(secret.name);
    expect(JSON.stringify(before.members.map((row: Row) => row.picks))).not.toMatch(/selected_team|selected_winner|tiebreaker|result/);
    expect(rowOf(before, ann.user)).toEqual(expect.objectContaining({ wins: 0, losses: 0, tiebreaker_score: null }));

    // The clock passes the pick deadline (1 hour before kickoff): the game locks and the pick is everyone's to see.
    const afterDeadline = new Date(open.game_date.getTime() - 59 * 60 * 1000);
    jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => new Date(afterDeadline));
    const after = (await grid(week_id, bob.token)).body;
    expect(after.games.find((game: { id: number }) => game.id === open.id).locked).toBe(true);
    expect(cellOf(rowOf(after, ann.user), open)).toEqual({
      game_id: open.id,
      status: 'shown',
      selected_winner: secret.name,
      is_correct: null,
      result: 'pending',
      confidence: null,
      is_lock: false,
      tiebreaker_home_score: 31,
      tiebreaker_away_score: 30,
    });
    expect(mentions(after, secret.name)).toBe(2);
  });

  it("always shows a member their own picks and an admin everyone's", async () => {
    const { week_id, number, open, locked, ann, bob } = await week();
    const home = await teamOf(open.home_team_id);
    const away = await teamOf(open.away_team_id);
    await createPick(t.dataSource, open, ann.user.id, { selected_team_id: away.id });

    const own = (await grid(week_id, ann.token)).body;
    expect(own.week).toEqual({ id: week_id, number });
    expect(cellOf(rowOf(own, ann.user), open)).toEqual({ game_id: open.id, status: 'shown', selected_winner: away.name, is_correct: null, result: 'pending', confidence: null, is_lock: false, tiebreaker_home_score: null, tiebreaker_away_score: null });
    expect(cellOf(rowOf(own, ann.user), locked)).toEqual({ game_id: locked.id, status: 'none' });
    expect(rowOf(own, bob.user)).toEqual({
      user: { id: bob.user.id, name: bob.user.name },
      picks_made: 0,
      wins: 0,
      losses: 0,
      points: 0,
      tiebreaker_score: null,
      rank: expect.any(Number),
      picks: [expect.anything(), expect.anything()],
    });
    expect(rowOf(own, bob.user).picks.map((cell) => cell.status)).toEqual(['none', 'none']);

    const forAdmin = (await grid(week_id, admin)).body;
    expect(cellOf(rowOf(forAdmin, ann.user), open)).toEqual(expect.objectContaining({ status: 'shown', selected_winner: away.name }));
    expect(mentions(forAdmin, home.name)).toBe(1);
  });

  it('shows the picks of a locked game to every member, tiebreaker scores only on the tiebreaker game', async () => {
    const { week_id, locked, ann, bob } = await week();
    const home = await teamOf(locked.home_team_id);
    await createPick(t.dataSource, locked, ann.user.id, { is_correct: true, tiebreaker_home_score: 7, tiebreaker_away_score: 3 });
    const body = (await grid(week_id, bob.token)).body;
    expect(cellOf(rowOf(body, ann.user), locked)).toEqual({ game_id: locked.id, status: 'shown', selected_winner: home.name, is_correct: true, result: 'pending', confidence: null, is_lock: false });
  });

  it('lists games by kickoff with their teams, and every member (no admins), by name while nothing is decided', async () => {
    const { week_id, open, locked, ann, bob } = await week();
    const body = (await grid(week_id, bob.token)).body;
    const [home, away] = [await teamOf(locked.home_team_id), await teamOf(locked.away_team_id)];
    expect(body.games.map((game: { id: number }) => game.id)).toEqual([locked.id, open.id]);
    expect(body.games[0]).toEqual({
      id: locked.id,
      home_team: { id: home.id, name: home.name, nickname: home.nickname },
      away_team: { id: away.id, name: away.name, nickname: away.nickname },
      game_date: expect.any(String),
      is_tiebreaker: false,
      locked: true,
      winner_team_id: null,
      status: 'scheduled',
    });
    const names = body.members.map((row: Row) => row.user.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(names.indexOf(ann.user.name)).toBeLessThan(names.indexOf(bob.user.name));
    const admins = await t.dataSource.getRepository(User).findBy({ role: 'admin' });
    expect(body.members.some((row: Row) => admins.some((a) => a.id === row.user.id))).toBe(false);
    expect(JSON.stringify(body.members)).not.toMatch(/email|password/);
  });

  it("puts members in the week's standing order with their wins, losses, tiebreaker distance and rank, and follows a score change at once", async () => {
    const { id: week_id } = await createWeek(t.dataSource);
    const first = await createGame(t.dataSource, { week_id, game_date: hoursFromNow(-5) });
    const tiebreaker = await createGame(t.dataSource, { week_id, game_date: hoursFromNow(-4), is_tiebreaker: true });
    run++;
    const [zed, amy, kim] = [await t.member({ name: `Grid ${run} Zed` }), await t.member({ name: `Grid ${run} Amy` }), await t.member({ name: `Grid ${run} Kim` })];
    // Zed: both right, tiebreaker 2 off. Amy: both right, tiebreaker 14 off. Kim: the first game only, picked wrong.
    await createPick(t.dataSource, first, zed.user.id);
    await createPick(t.dataSource, tiebreaker, zed.user.id, { tiebreaker_home_score: 28, tiebreaker_away_score: 20 });
    await createPick(t.dataSource, first, amy.user.id);
    await createPick(t.dataSource, tiebreaker, amy.user.id, { tiebreaker_home_score: 20, tiebreaker_away_score: 14 });
    await createPick(t.dataSource, first, kim.user.id, { selected_team_id: first.away_team_id });
    const games = t.dataSource.getRepository(Game);
    await games.update(first.id, { status: 'completed', winner_team_id: first.home_team_id, home_score: 21, away_score: 7 });
    await games.update(tiebreaker.id, { status: 'completed', winner_team_id: tiebreaker.home_team_id, home_score: 27, away_score: 21 });

    const ours = (body: { members: Row[] }) =>
      body.members.filter((row) => [zed, amy, kim].some((member) => member.user.id === row.user.id)).map((row) => [row.user.name, row.wins, row.losses, row.tiebreaker_score]);
    const body = (await grid(week_id, kim.token)).body;
    expect(ours(body)).toEqual([
      [zed.user.name, 2, 0, 2],
      [amy.user.name, 2, 0, 14],
      [kim.user.name, 0, 2, null],
    ]);
    const ranks = body.members.map((row: { rank: number }) => row.rank);
    expect(ranks).toEqual([...ranks].sort((a: number, b: number) => a - b));
    expect(rowOf(body, zed.user).rank).toBe(1);
    expect(cellOf(rowOf(body, kim.user), first)).toEqual(expect.objectContaining({ status: 'shown', result: 'incorrect' }));
    expect(cellOf(rowOf(body, zed.user), first)).toEqual(expect.objectContaining({ status: 'shown', result: 'correct' }));

    // The first game's winner flips: Kim's pick is right now and the others' wrong, before any results calculation.
    await games.update(first.id, { winner_team_id: first.away_team_id, home_score: 7, away_score: 21 });
    const after = (await grid(week_id, zed.token)).body;
    expect(ours(after)).toEqual([
      [zed.user.name, 1, 1, 2],
      [amy.user.name, 1, 1, 14],
      [kim.user.name, 1, 1, null],
    ]);
    expect(cellOf(rowOf(after, kim.user), first)).toEqual(expect.objectContaining({ result: 'correct' }));
  });

  it('loads the grid in the same number of queries however many members, games and picks there are', async () => {
    const small = await week();
    const countQueries = async (weekId: number) => {
      // The session check is kept between requests until members or sessions change (as they do below): it is
      // read by a request first, so only the grid's own queries are counted.
      await t.http.get('/api/me').set(bearer(small.bob.token)).expect(200);
      const spy = jest.spyOn(t.dataSource.logger, 'logQuery');
      await grid(weekId, small.bob.token);
      const count = spy.mock.calls.length;
      spy.mockRestore();
      return count;
    };
    const before = await countQueries(small.week_id);
    expect(before).toBeGreaterThanOrEqual(4);

    const big = await week();
    const games = [big.open, big.locked];
    for (let i = 0; i < 4; i++) games.push(await createGame(t.dataSource, { week_id: big.week_id }));
    for (let i = 0; i < 5; i++) {
      const member = await t.createUser({ name: `Grid big ${i}` });
      for (const game of games) await createPick(t.dataSource, game, member.id);
    }
    expect(await countQueries(big.week_id)).toBe(before);
  });

  it('answers 404 for an unknown week, 400 for a malformed id and 401 without a session', async () => {
    const { token } = await t.member();
    await t.http.get('/api/weeks/999999/pick_grid').set(bearer(token)).expect(404);
    await t.http.get('/api/weeks/abc/pick_grid').set(bearer(token)).expect(400);
    await t.http.get('/api/weeks/1/pick_grid').expect(401);
    const empty = await createWeek(t.dataSource);
    const body = (await grid(empty.id, token)).body;
    expect(body.games).toEqual([]);
    expect(body.members.every((row: Row) => row.picks_made === 0 && row.picks.length === 0)).toBe(true);
  });
});
