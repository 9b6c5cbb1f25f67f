import { Game } from '../../src/games/entities/game.entity';
import { LiveFastPath } from '../../src/live/live-fast-path';
import { createGame, createSeason, createWeek, hoursFromNow } from '../support/factories';
import { bearer, TestApp } from '../support/test-app';
import { liveSuite } from '../support/live-suite';

/** The live board (docs/saturday.md#the-live-board). */
describe('Live board', () => {
  const s = liveSuite();
  const { live } = s;
  let t: TestApp;
  beforeAll(() => ({ t } = s));

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
    s.now += 6_000;
    await t.http.get('/api/live/status').set(bearer(token)).expect(200, { game_day: true, week_id: current.id });

    // Scheduled again, kicking off later today (the clock's day in the pool's time zone): still a game day.
    await t.dataSource.getRepository(Game).update(game.id, { status: 'scheduled', game_date: new Date(s.now) });
    s.now += 6_000;
    await t.http.get('/api/live/status').set(bearer(token)).expect(200, { game_day: true, week_id: current.id });

    // The day after: no game today, none in progress.
    s.now += 24 * 3600_000;
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
});
