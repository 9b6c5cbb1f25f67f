import { Clock } from '../../src/common/clock';
import * as weekEngine from '../../src/results/contention/week';
import { Game } from '../../src/games/entities/game.entity';
import { LiveFastPath } from '../../src/live/live-fast-path';
import { Team } from '../../src/teams/entities/team.entity';
import { Week } from '../../src/seasons/weeks/entities/week.entity';
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
    expect(Object.keys(body)).toEqual(['week', 'generated_at', 'game_day', 'games', 'members', 'member_count', 'contention', 'me', 'version']);
    expect(body.member_count).toBe(body.members.length);
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
      for (const rows of ['top', 'all']) {
        const { me, ...body } = (await live(week_id, token).query({ rows }).expect(200)).body;
        expect(cellOf(rowOf(body, ann.user.id), open)).toEqual({ game_id: open.id, status: 'hidden' });
        expect(rowOf(body, ann.user.id).picks_made).toBe(1);
        expect(gameOf(body, open).pick_counts).toBeNull();
        // The team's name appears once, as the game's away team, and nowhere in the rows or the races.
        expect(JSON.stringify(body).split(JSON.stringify(secret.name)).length - 1).toBe(1);
        expect(JSON.stringify(body.members)).not.toMatch(/tiebreaker_home_score|selected_winner/);
        // Her own row shows her the pick; nobody else's own row has it.
        if (token === ann.token) expect(cellOf(me.row, open)).toEqual(expect.objectContaining({ status: 'shown', selected_winner: secret.name, tiebreaker_home_score: 21 }));
        else expect(JSON.stringify(me)).not.toContain(JSON.stringify(secret.name));
      }
    }
    const rows = (await t.http.get(`/api/weeks/${week_id}/live/members`).set(bearer(bob.token)).expect(200)).body;
    expect(JSON.stringify(rows).split(JSON.stringify(secret.name)).length - 1).toBe(0);

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
    const kept = await live(week_id, ann.token).expect(200);
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

  it('keeps who can still win while a score moves within how its game lands, and works it out again when the cover changes', async () => {
    // Against the spread a game in progress lands by its cover at the score so far: the races follow the cover.
    const spread = await createSeason(t.dataSource, { pick_mode: 'spread' });
    const { week_id, locked, ann, bob } = await week();
    await t.dataSource.getRepository(Week).update(week_id, { football_season_id: spread.id });
    await t.dataSource.getRepository(Game).update(locked.id, { game_date: hoursFromNow(-0.5), status: 'in_progress' });
    await createPick(t.dataSource, locked, ann.user.id, { selected_team_id: locked.home_team_id });
    await createPick(t.dataSource, locked, bob.user.id, { selected_team_id: locked.away_team_id });
    const currentOf = (body: { contention: { week: { contenders: (Contender & { current: number })[] } } }) =>
      Object.fromEntries(body.contention.week.contenders.filter((one) => [ann.user.id, bob.user.id].includes(one.user.id)).map((one) => [one.user.id, one.current]));
    const scored = async (home_score: number, away_score: number) => {
      await t.http.put(`/api/games/${locked.id}`).set(bearer(admin)).send({ status: 'in_progress', home_score, away_score }).expect(200);
      now += 6_000;
      return (await live(week_id, ann.token).query({ rows: 'all' }).expect(200)).body;
    };

    const home = await scored(14, 7);
    expect(currentOf(home)).toEqual({ [ann.user.id]: 1, [bob.user.id]: 0 });
    const stillHome = await scored(21, 7);
    expect(gameOf(stillHome, locked)).toEqual(expect.objectContaining({ home_score: 21, cover: 'home' }));
    expect(stillHome.contention).toEqual(home.contention);
    const away = await scored(21, 28);
    expect(gameOf(away, locked).cover).toBe('away');
    expect(currentOf(away)).toEqual({ [ann.user.id]: 0, [bob.user.id]: 1 });
  });

  it("keeps who can still win when a game's first score puts it in progress without deciding it", async () => {
    // Straight up, a game in progress lands only with its winner: its first score changes the board, not the races.
    const { week_id, locked, ann, bob } = await week();
    await t.dataSource.getRepository(Game).update(locked.id, { game_date: hoursFromNow(-0.5) });
    await createPick(t.dataSource, locked, ann.user.id, { selected_team_id: locked.home_team_id });
    await createPick(t.dataSource, locked, bob.user.id, { selected_team_id: locked.away_team_id });
    const before = (await live(week_id, ann.token).expect(200)).body;
    expect(gameOf(before, locked).status).toBe('scheduled');

    await t.http.put(`/api/games/${locked.id}`).set(bearer(admin)).send({ status: 'in_progress', home_score: 7, away_score: 0 }).expect(200);
    now += 6_000;
    const engine = jest.spyOn(weekEngine, 'weekContention');
    const after = (await live(week_id, ann.token).expect(200)).body;
    expect(gameOf(after, locked)).toEqual(expect.objectContaining({ status: 'in_progress', home_score: 7 }));
    expect(after.contention).toEqual(before.contention);
    expect(engine).not.toHaveBeenCalled();

    // Cancelled, the game leaves the races: worked out again.
    engine.mockClear();
    await t.http.put(`/api/games/${locked.id}`).set(bearer(admin)).send({ status: 'cancelled' }).expect(200);
    now += 6_000;
    engine.mockClear();
    await live(week_id, ann.token).expect(200);
    expect(engine).toHaveBeenCalled();
  });

  it('shows a pick changed with SQL of its own (as the results and another instance write picks) at the next build', async () => {
    const { week_id, locked, ann } = await week();
    await createPick(t.dataSource, locked, ann.user.id, { selected_team_id: locked.home_team_id });
    const [home, away] = [await teamOf(locked.home_team_id), await teamOf(locked.away_team_id)];
    const first = (await live(week_id, ann.token).query({ rows: 'all' }).expect(200)).body;
    expect(cellOf(rowOf(first, ann.user.id), locked)).toEqual(expect.objectContaining({ selected_winner: home.name, is_correct: null }));

    // Neither moves the pick's update time nor goes through TypeORM.
    const write = (set: string, values: unknown[]) =>
      t.dataSource.query(`UPDATE picks SET ${set} WHERE user_id = ? AND game_id = ?`, [...values, ann.user.id, locked.id]);
    await write('selected_team_id = ?, is_correct = ?', [locked.away_team_id, 1]);
    now += 6_000;
    const moved = (await live(week_id, ann.token).query({ rows: 'all' }).expect(200)).body;
    expect(cellOf(rowOf(moved, ann.user.id), locked)).toEqual(expect.objectContaining({ selected_winner: away.name, is_correct: true }));
    expect(gameOf(moved, locked).pick_counts).toEqual({ home: 0, away: 1 });

    await write('is_correct = ?', [0]);
    now += 6_000;
    expect(cellOf(rowOf((await live(week_id, ann.token).query({ rows: 'all' }).expect(200)).body, ann.user.id), locked)).toEqual(expect.objectContaining({ is_correct: false }));
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
    const body = (await live(week_id, bob.token).query({ rows: 'all' }).expect(200)).body;
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

  it('answers /live before Nest\'s pipeline exactly as Nest answers it: headers, bodies, 304s and errors', async () => {
    const season = await createSeason(t.dataSource, { is_current: true });
    const current = await createWeek(t.dataSource, { football_season_id: season.id, is_current: true });
    await createGame(t.dataSource, { week_id: current.id, game_date: hoursFromNow(0.5) });
    const { token } = await t.member();
    const answered = jest.spyOn(LiveFastPath.prototype as unknown as { answer: () => Promise<boolean> }, 'answer');
    const tag = (await t.http.get('/api/live').set(bearer(token)).expect(200)).headers.etag;
    const same = async (query: string, headers: Record<string, string>, fast: boolean) => {
      const calls = answered.mock.calls.length;
      const first = await t.http.get(`/api/live${query}`).set(headers);
      expect(answered.mock.calls.length).toBe(calls + 1);
      expect(await answered.mock.results[calls].value).toBe(fast);
      // A parameter the fast path does not take sends the same request through Nest (the controller ignores it).
      const nest = await t.http.get(`/api/live${query}${query ? '&' : '?'}via=nest`).set(headers);
      expect(await answered.mock.results[calls + 1].value).toBe(false);
      const { date: _first, ...firstHeaders } = first.headers;
      const { date: _nest, ...nestHeaders } = nest.headers;
      expect([first.status, firstHeaders, first.text, first.body]).toEqual([nest.status, nestHeaders, nest.text, nest.body]);
    };
    await same('', bearer(token), true);
    await same('?rows=all', { ...bearer(token), 'Accept-Encoding': 'gzip' }, true);
    await same('?rows=top', { ...bearer(token), 'If-None-Match': tag }, true);
    await same('', { ...bearer(token), 'Accept-Encoding': 'identity', 'If-None-Match': '"other"' }, true);
    await same('?rows=some', bearer(token), false);
    await same('', {}, false);
    await same('', bearer('not-a-token'), false);
  });

  describe("a phone's answer: the top rows, the reader's own row, the rest page by page", () => {
    /** A week with two locked games and 12 members: member i picked the first game's home team when i < 4. */
    async function pool() {
      const setup = await week();
      const extra = [];
      for (let i = 0; i < 10; i++) extra.push(await t.member({ name: `Live ${run} Extra ${String(i).padStart(2, '0')}` }));
      const members = [setup.ann, setup.bob, ...extra];
      const repository = t.dataSource.getRepository(Game);
      await repository.update(setup.open.id, { game_date: hoursFromNow(-1), status: 'completed', home_score: 21, away_score: 7 });
      const first = await repository.findOneByOrFail({ id: setup.open.id });
      await repository.update(first.id, { winner_team_id: first.home_team_id });
      for (const [i, member] of members.entries()) {
        await createPick(t.dataSource, first, member.user.id, { selected_team_id: i < 4 ? first.home_team_id : first.away_team_id, tiebreaker_home_score: 20, tiebreaker_away_score: 10 });
      }
      return { ...setup, members, first };
    }

    it('sends the first 10 rows, how many there are, and the own row; rows=all sends them all', async () => {
      const { week_id, members } = await pool();
      // The last by name and record: not in the top 10.
      const last = members[11];
      const response = await live(week_id, last.token).expect(200);
      const body = response.body;
      const all = (await live(week_id, last.token).query({ rows: 'all' }).expect(200)).body;
      expect(body.members).toHaveLength(10);
      expect(body.member_count).toBe(all.members.length);
      expect(all.members.length).toBeGreaterThanOrEqual(12);
      expect(body.members.map((row: Row) => row.user.id)).not.toContain(last.user.id);
      expect(body.me.row).toEqual(expect.objectContaining({ user: { id: last.user.id, name: last.user.name }, rank: 5, wins: 0, losses: 1 }));
      expect(body.version).toBe(response.headers.etag);

      expect(all.members.slice(0, 10)).toEqual(body.members);
      expect(all.members.find((row: Row) => row.user.id === last.user.id)).toEqual(body.me.row);
      expect(all.contention.week.contenders).toHaveLength(all.members.length);
      expect(all.version).not.toBe(body.version);

      await live(week_id, last.token).query({ rows: 'some' }).expect(400, { errors: ['rows must be one of: top, all'] });
    });

    it("trims each race to its first 10 contenders, counts them all, and gives the reader their own", async () => {
      const { week_id, members } = await pool();
      const body = (await live(week_id, members[11].token).expect(200)).body;
      const all = (await live(week_id, members[11].token).query({ rows: 'all' }).expect(200)).body;
      expect(body.contention.week.contenders).toEqual(all.contention.week.contenders.slice(0, 10));
      expect(body.contention.week_contenders).toBe(all.contention.week.contenders.length);
      expect(body.contention.season_contenders).toBe(all.contention.season.contenders.length);
      expect(body.contention.week_contenders).toBeGreaterThanOrEqual(12);
      expect(body.me.week).toEqual(expect.objectContaining({ user: { id: members[11].user.id, name: members[11].user.name } }));
      expect(body.me.season).toEqual(expect.objectContaining({ user: { id: members[11].user.id, name: members[11].user.name } }));
    });

    it("gives each reader a tag of their own, and moves only theirs when they change a pick others cannot see yet", async () => {
      const { week_id, locked, ann, bob } = await pool();
      const annBefore = await live(week_id, ann.token).expect(200);
      const bobBefore = await live(week_id, bob.token).expect(200);
      expect(annBefore.headers.etag).not.toBe(bobBefore.headers.etag);
      // An admin who does not play has no row of their own.
      expect((await live(week_id, admin).expect(200)).body.me).toBeNull();

      // Ann picks the game locking in 30 minutes... which is locked already: move it later so it is open.
      await t.dataSource.getRepository(Game).update(locked.id, { game_date: hoursFromNow(48) });
      now += 6_000;
      const annOpen = await live(week_id, ann.token).expect(200);
      const bobOpen = await live(week_id, bob.token).expect(200);
      const team = await teamOf(locked.home_team_id);
      await t.http.post('/api/picks').set(bearer(ann.token)).send({ game_id: locked.id, week_id, selected_winner: team.name }).expect(201);
      now += 6_000;
      const annAfter = await live(week_id, ann.token).set('If-None-Match', annOpen.headers.etag).expect(200);
      expect(cellOf(annAfter.body.me.row, locked)).toEqual(expect.objectContaining({ status: 'shown', selected_winner: team.name }));
      // The board everyone shares only says she picked: Bob's answer is as it was... but for her count of picks.
      const bobAfter = await live(week_id, bob.token).expect(200);
      expect(cellOf(rowOf(bobAfter.body, ann.user.id), locked)).toEqual({ game_id: locked.id, status: 'hidden' });
      expect(bobAfter.body.me).toEqual(bobOpen.body.me);
    });

    it('answers the rest of the rows page by page, with a tag of their own, the same for every reader', async () => {
      const { week_id, members } = await pool();
      const all = (await live(week_id, members[0].token).query({ rows: 'all' }).expect(200)).body;
      const page = await t.http.get(`/api/weeks/${week_id}/live/members`).query({ offset: 10, limit: 5 }).set(bearer(members[0].token)).expect(200);
      expect(page.body).toEqual({ version: page.headers.etag, offset: 10, total: all.members.length, members: all.members.slice(10, 15) });
      const other = await t.http.get(`/api/weeks/${week_id}/live/members`).query({ offset: 10, limit: 5 }).set(bearer(members[5].token)).expect(200);
      expect(other.headers.etag).toBe(page.headers.etag);
      await t.http.get(`/api/weeks/${week_id}/live/members`).query({ offset: 10, limit: 5 }).set(bearer(members[5].token)).set('If-None-Match', page.headers.etag).expect(304);
      // By default the first 50.
      expect((await t.http.get(`/api/weeks/${week_id}/live/members`).set(bearer(members[0].token)).expect(200)).body.members).toEqual(all.members.slice(0, 50));

      for (const query of [{ offset: -1 }, { offset: 'x' }, { limit: 0 }, { limit: 201 }, { limit: 2.5 }]) {
        const answer = await t.http.get(`/api/weeks/${week_id}/live/members`).query(query).set(bearer(members[0].token)).expect(400);
        expect(answer.body.errors).toEqual([expect.stringMatching(/^(offset must be a whole number from 0|limit must be a whole number from 1 to 200)$/)]);
      }
      await t.http.get(`/api/weeks/${week_id}/live/members`).expect(401);
      await t.http.get(`/api/weeks/${week_id + 100_000}/live/members`).set(bearer(members[0].token)).expect(404);
    });
  });
});
