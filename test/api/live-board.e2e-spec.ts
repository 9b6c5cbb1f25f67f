import { Game } from '../../src/games/entities/game.entity';
import { createPick, hoursFromNow } from '../support/factories';
import { bearer, TestApp } from '../support/test-app';
import { liveSuite, LiveGame } from '../support/live-suite';

/** The live board (docs/saturday.md#the-live-board). */
describe('Live board', () => {
  const s = liveSuite();
  const { teamOf, live, rowOf, cellOf, gameOf, week } = s;
  let t: TestApp, admin: string;
  beforeAll(() => ({ t, admin } = s));

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
    expect(Object.keys(body)).toEqual(['week', 'generated_at', 'game_day', 'games', 'members', 'member_count', 'contention', 'survivor', 'me', 'version']);
    expect(body.member_count).toBe(body.members.length);
    expect(body.week).toEqual({ id: week_id, number, football_season_id: season.id, season_name: season.name });
    expect(body.version).toBe(response.headers.etag);
    // The board's part and the reader's, each hashed.
    expect(response.headers.etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}\.[A-Za-z0-9_-]{16}"$/);
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
    s.now = open.game_date.getTime() - 59 * 60_000;
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
    s.now += 4_000;
    const kept = await live(week_id, ann.token).expect(200);
    expect(kept.headers.etag).toBe(first.headers.etag);
    expect(kept.body).toEqual(first.body);

    s.now += 2_000;
    const moved = await live(week_id, ann.token).expect(200);
    expect(moved.headers.etag).not.toBe(first.headers.etag);
    expect(moved.body.version).toBe(moved.headers.etag);
    expect(gameOf(moved.body, locked)).toEqual(expect.objectContaining({ status: 'in_progress', home_score: 14, away_score: 7, cover: 'home' }));
    expect(cellOf(rowOf(moved.body, ann.user.id), locked)).toEqual(expect.objectContaining({ status: 'shown', result: 'pending' }));

    // Rebuilt with nothing changed: the same answer, tag and time included.
    s.now += 6_000;
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
});
