import { Clock } from '../../src/common/clock';
import { Game } from '../../src/games/entities/game.entity';
import { Team } from '../../src/teams/entities/team.entity';
import { createGame, createPick, createSeason, createWeek, hoursFromNow } from '../support/factories';
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
  picks: Cell[];
}
interface LiveGame {
  id: number;
  status: string;
  home_score: number | null;
  away_score: number | null;
  locked: boolean;
  cover: string | null;
  pick_counts: { home: number; away: number } | null;
}
interface Contender {
  user: { id: number; name: string };
  status: string;
}

/** The live board (docs/saturday.md#the-live-board). */
describe('Live board', () => {
  let t: TestApp;
  let admin: string;
  let run = 0;
  /** The server's clock, moved on by each test: the board is kept 5 seconds by it, so no test sleeps. */
  let now = Date.now();
  let tests = 0;

  beforeAll(async () => {
    t = await TestApp.start();
    admin = await t.adminToken();
  });
  afterAll(() => t.close());
  beforeEach(() => {
    // Every test starts a minute later than the one before (or before a test that jumped ahead): nothing kept carries over.
    now = Date.now() + ++tests * 60_000;
    jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => new Date(now));
  });
  afterEach(() => jest.restoreAllMocks());

  const teamOf = (id: number) => t.dataSource.getRepository(Team).findOneByOrFail({ id });
  const live = (weekId: number, token: string) => t.http.get(`/api/weeks/${weekId}/live`).set(bearer(token));
  const rowOf = (body: { members: Row[] }, userId: number) => body.members.find((row) => row.user.id === userId)!;
  const cellOf = (row: Row, game: Game) => row.picks.find((cell) => cell.game_id === game.id)!;
  const gameOf = (body: { games: LiveGame[] }, game: Game) => body.games.find((one) => one.id === game.id)!;

  /** A week with a game still open for picks (kickoff in 3 days) and one locked (kickoff in 30 minutes); two members. */
  async function week() {
    const season = await createSeason(t.dataSource);
    const { id: week_id, number } = await createWeek(t.dataSource, { football_season_id: season.id });
    const open = await createGame(t.dataSource, { week_id, game_date: hoursFromNow(72), is_tiebreaker: true });
    const locked = await createGame(t.dataSource, { week_id, game_date: hoursFromNow(0.5) });
    run++;
    const ann = await t.member({ name: `Live ${run} Ann` });
    const bob = await t.member({ name: `Live ${run} Bob` });
    return { season, week_id, number, open, locked, ann, bob };
  }

  it('answers 404 without a current season, and the status says no game day', async () => {
    const { week_id, bob } = await week();
    const response = await t.http.get('/api/live').set(bearer(bob.token)).expect(404);
    expect(response.body).toEqual({ errors: ['No current football season'] });
    await t.http.get('/api/live/status').set(bearer(bob.token)).expect(200, { game_day: false, week_id: null });
    await live(week_id + 100_000, bob.token).expect(404, { errors: ['Week not found'] });
    await t.http.get('/api/weeks/abc/live').set(bearer(bob.token)).expect(400);
  });

  it('is for members and admins only', async () => {
    const { week_id, bob } = await week();
    await t.http.get(`/api/weeks/${week_id}/live`).expect(401);
    await t.http.get('/api/live').expect(401);
    await t.http.get('/api/live/status').expect(401);
    await live(week_id, bob.token).expect(200);
    await live(week_id, admin).expect(200);
  });

  it('answers the board: the week, the games with their line and cover, the pick grid as the public sees it', async () => {
    const { season, week_id, number, open, locked, ann, bob } = await week();
    await t.dataSource.getRepository(Game).update(locked.id, { betting_line: 3.5, betting_line_team: 'home' });
    const lockedAway = await teamOf(locked.away_team_id);
    await createPick(t.dataSource, locked, ann.user.id, { selected_team_id: locked.away_team_id });
    await createPick(t.dataSource, locked, bob.user.id);

    const response = await live(week_id, bob.token).expect(200);
    const body = response.body;
    expect(Object.keys(body)).toEqual(['week', 'version', 'generated_at', 'game_day', 'games', 'members', 'contention']);
    expect(body.week).toEqual({ id: week_id, number, football_season_id: season.id, season_name: season.name });
    expect(body.version).toBe(response.headers.etag);
    expect(response.headers.etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    // The locked game kicks off within the hour: today, unless the pool's midnight falls in between.
    expect(typeof body.game_day).toBe('boolean');
    expect(body.games.map((game: LiveGame) => game.id)).toEqual([locked.id, open.id]);
    expect(gameOf(body, locked)).toEqual(
      expect.objectContaining({ locked: true, status: 'scheduled', home_score: null, betting_line: 3.5, betting_line_team: 'home', cover: null, pick_counts: { home: 1, away: 1 } }),
    );
    expect(gameOf(body, open)).toEqual(expect.objectContaining({ locked: false, pick_counts: null, cover: null }));
    expect(cellOf(rowOf(body, ann.user.id), locked)).toEqual(expect.objectContaining({ status: 'shown', selected_winner: lockedAway.name }));
    expect(cellOf(rowOf(body, ann.user.id), open)).toEqual({ game_id: open.id, status: 'none' });
    // No e-mail addresses anywhere.
    expect(JSON.stringify(body)).not.toContain('@pool.test');
    expect(body.contention.week).toEqual(expect.objectContaining({ scope: 'week' }));
    expect(body.contention.season).toEqual(expect.objectContaining({ scope: 'season' }));
  });

  it('never shows a pick before its game locks, to anyone, admins included; it shows it to everyone after', async () => {
    const { week_id, open, ann, bob } = await week();
    const secret = await teamOf(open.away_team_id);
    await t.http
      .post('/api/picks')
      .set(bearer(ann.token))
      .send({ game_id: open.id, week_id, selected_winner: secret.name, tiebreaker_home_score: 21, tiebreaker_away_score: 24 })
      .expect(201);

    for (const token of [ann.token, bob.token, admin]) {
      const body = (await live(week_id, token).expect(200)).body;
      expect(cellOf(rowOf(body, ann.user.id), open)).toEqual({ game_id: open.id, status: 'hidden' });
      expect(rowOf(body, ann.user.id).picks_made).toBe(1);
      expect(gameOf(body, open).pick_counts).toBeNull();
      // The team's name appears once, as the game's away team, and nowhere in the rows or the races.
      expect(JSON.stringify(body).split(JSON.stringify(secret.name)).length - 1).toBe(1);
      expect(JSON.stringify(body.members)).not.toMatch(/tiebreaker_home_score|selected_winner/);
    }

    // Past the pick deadline (an hour before kickoff): the pick is everyone's to see.
    now = open.game_date.getTime() - 59 * 60_000;
    const after = (await live(week_id, bob.token).expect(200)).body;
    expect(cellOf(rowOf(after, ann.user.id), open)).toEqual(
      expect.objectContaining({ status: 'shown', selected_winner: secret.name, tiebreaker_home_score: 21, tiebreaker_away_score: 24 }),
    );
    expect(gameOf(after, open)).toEqual(expect.objectContaining({ locked: true, pick_counts: { home: 0, away: 1 } }));
  });

  it('keeps one answer for 5 seconds, then shows the new score; an unchanged board keeps its tag', async () => {
    const { week_id, locked, ann } = await week();
    await t.dataSource.getRepository(Game).update(locked.id, { game_date: hoursFromNow(-0.5), status: 'in_progress' });
    await createPick(t.dataSource, locked, ann.user.id);
    const first = await live(week_id, ann.token).expect(200);
    expect(gameOf(first.body, locked)).toEqual(expect.objectContaining({ status: 'in_progress', home_score: null }));
    expect(first.body.game_day).toBe(true);

    await t.http.put(`/api/games/${locked.id}`).set(bearer(admin)).send({ status: 'in_progress', home_score: 14, away_score: 7 }).expect(200);
    now += 4_000;
    const kept = await live(week_id, admin).expect(200);
    expect(kept.headers.etag).toBe(first.headers.etag);
    expect(kept.body).toEqual(first.body);

    now += 2_000;
    const moved = await live(week_id, ann.token).expect(200);
    expect(moved.headers.etag).not.toBe(first.headers.etag);
    expect(moved.body.version).toBe(moved.headers.etag);
    expect(gameOf(moved.body, locked)).toEqual(expect.objectContaining({ status: 'in_progress', home_score: 14, away_score: 7, cover: 'home' }));
    expect(cellOf(rowOf(moved.body, ann.user.id), locked)).toEqual(expect.objectContaining({ status: 'shown', result: 'pending' }));

    // Rebuilt with nothing changed: the same answer, tag and time included.
    now += 6_000;
    const again = await live(week_id, ann.token).expect(200);
    expect(again.headers.etag).toBe(moved.headers.etag);
    expect(again.body.generated_at).toBe(moved.body.generated_at);
  });

  it('answers 304 with no body to a reader who has the answer', async () => {
    const { week_id, bob } = await week();
    const first = await live(week_id, bob.token).expect(200);
    const tag = first.headers.etag;
    for (const header of [tag, tag.replace(/^W\//, ''), `"other", ${tag}`, '*']) {
      const again = await live(week_id, bob.token).set('If-None-Match', header).expect(304);
      expect(again.text ?? '').toBe('');
      expect(again.headers.etag).toBe(tag);
      expect(again.headers['cache-control']).toBe('private, no-cache');
    }
    const other = await live(week_id, bob.token).set('If-None-Match', '"something-else"').expect(200);
    expect(other.body.version).toBe(tag);
  });

  it('sends the same board gzipped to a reader who takes gzip, with the same tag', async () => {
    const { week_id, bob } = await week();
    const plain = await live(week_id, bob.token).set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const zipped = await live(week_id, bob.token).set('Accept-Encoding', 'gzip, deflate, br').expect(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(zipped.headers.etag).toBe(plain.headers.etag);
    expect(zipped.body).toEqual(plain.body);
    const refused = await live(week_id, bob.token).set('Accept-Encoding', 'gzip;q=0').expect(200);
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('names the winner of a final week clinched once its games are decided', async () => {
    const { week_id, open, locked, ann, bob } = await week();
    // Both games kicked off earlier today; Ann picks both winners, Bob picks neither.
    const repository = t.dataSource.getRepository(Game);
    await repository.update(open.id, { game_date: hoursFromNow(-3) });
    await repository.update(locked.id, { game_date: hoursFromNow(-3) });
    for (const game of [open, locked]) {
      await createPick(t.dataSource, game, ann.user.id, { selected_team_id: game.home_team_id, ...(game.is_tiebreaker ? { tiebreaker_home_score: 30, tiebreaker_away_score: 20 } : {}) });
      await createPick(t.dataSource, game, bob.user.id, { selected_team_id: game.away_team_id, ...(game.is_tiebreaker ? { tiebreaker_home_score: 30, tiebreaker_away_score: 20 } : {}) });
    }
    const during = (await live(week_id, bob.token).expect(200)).body;
    expect(during.contention.week.method).not.toBe('final');
    expect(during.contention.week.winners).toBeNull();

    for (const game of [open, locked]) {
      await t.http.put(`/api/games/${game.id}`).set(bearer(admin)).send({ home_score: 28, away_score: 10 }).expect(200);
    }
    now += 6_000;
    const body = (await live(week_id, bob.token).expect(200)).body;
    const contenders: Contender[] = body.contention.week.contenders;
    expect(body.contention.week.method).toBe('final');
    expect(contenders.find((one) => one.user.id === ann.user.id)!.status).toBe('clinched');
    expect(contenders.find((one) => one.user.id === bob.user.id)!.status).toBe('eliminated');
    expect(contenders.filter((one) => one.status === 'clinched').map((one) => one.user.id)).toEqual([ann.user.id]);
    // The race is over: it names who won it, so a finished week reads "Won by Ann" rather than a list of the eliminated.
    expect(body.contention.week.winners).toEqual([{ id: ann.user.id, name: ann.user.name }]);
    expect(rowOf(body, ann.user.id).wins).toBe(2);
    // The week was scored when its last game got a winner: its stored results are the season's, and nothing is live.
    const [{ n }] = await t.dataSource.query('SELECT COUNT(*) AS n FROM weekly_results WHERE week_id = ?', [week_id]);
    expect(Number(n)).toBeGreaterThan(0);
    const season: Contender[] = body.contention.season.contenders;
    expect(season.find((one) => one.user.id === ann.user.id)!.status).toBe('clinched');
    expect(season.find((one) => one.user.id === bob.user.id)!.status).toBe('eliminated');
    expect(body.contention.season.winners).toEqual([{ id: ann.user.id, name: ann.user.name }]);
  });

  it("answers the current week's board at /live, and the status says whether it is a game day", async () => {
    const season = await createSeason(t.dataSource, { is_current: true });
    const current = await createWeek(t.dataSource, { football_season_id: season.id, is_current: true });
    const game = await createGame(t.dataSource, { week_id: current.id, game_date: hoursFromNow(72) });
    const { token } = await t.member();

    const board = await t.http.get('/api/live').set(bearer(token)).expect(200);
    expect(board.body.week.id).toBe(current.id);
    expect(board.headers.etag).toBe((await live(current.id, token).expect(200)).headers.etag);
    await t.http.get('/api/live').set(bearer(token)).set('If-None-Match', board.headers.etag).expect(304);
    await t.http.get('/api/live/status').set(bearer(token)).expect(200, { game_day: false, week_id: current.id });

    // In progress: a game day.
    await t.dataSource.getRepository(Game).update(game.id, { status: 'in_progress' });
    now += 6_000;
    await t.http.get('/api/live/status').set(bearer(token)).expect(200, { game_day: true, week_id: current.id });

    // Scheduled again, kicking off later today (the clock's day in the pool's time zone): still a game day.
    await t.dataSource.getRepository(Game).update(game.id, { status: 'scheduled', game_date: new Date(now) });
    now += 6_000;
    await t.http.get('/api/live/status').set(bearer(token)).expect(200, { game_day: true, week_id: current.id });

    // The day after: no game today, none in progress.
    now += 24 * 3600_000;
    await t.http.get('/api/live/status').set(bearer(token)).expect(200, { game_day: false, week_id: current.id });
  });
});
