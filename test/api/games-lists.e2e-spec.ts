import { Clock } from '../../src/common/clock';
import { Pick } from '../../src/picks/entities/pick.entity';
import { Team } from '../../src/teams/entities/team.entity';
import { Week } from '../../src/seasons/weeks/entities/week.entity';
import { createGame, createPick, createSeason, createTeam, createWeek, dateFromNow } from '../support/factories';
import { bearer, TestApp } from '../support/test-app';
import { DAY, gamesSuite, MINUTE } from '../support/games-suite';

describe('Games', () => {
  const s = gamesSuite();
  const { NOW, fromNow, games, stored, gameCount, fixture, post, patch, put, get } = s;
  let t: TestApp, admin: string, member: string, memberId: number;
  beforeAll(() => ({ t, admin, member, memberId } = s));

  describe('games that hold picks', () => {
    it('refuses to delete a game with picks (409, saying how many) and changes nothing', async () => {
      const game = await createGame(t.dataSource);
      const other = await t.createUser();
      await createPick(t.dataSource, game, memberId);
      await createPick(t.dataSource, game, other.id);
      const response = await t.http.delete(`/api/games/${game.id}`).set(bearer(admin)).expect(409);
      expect(response.body.errors[0]).toBe('This game has 2 picks; delete them before deleting the game');
      expect(await games().existsBy({ id: game.id })).toBe(true);
      expect(await t.dataSource.getRepository(Pick).countBy({ game_id: game.id })).toBe(2);
    });

    it('refuses a team change that would strand picks, but allows swapping home and away', async () => {
      const game = await createGame(t.dataSource);
      const newcomer = await createTeam(t.dataSource);
      await createPick(t.dataSource, game, memberId, { selected_team_id: game.home_team_id });
      const response = await patch(game.id, { home_team_id: newcomer.id }).expect(409);
      expect(response.body.errors[0]).toBe('1 pick of this game chose a team that would no longer play in it; the teams cannot change');
      expect((await stored(game.id)).home_team_id).toBe(game.home_team_id);

      await patch(game.id, { home_team_id: game.away_team_id, away_team_id: game.home_team_id }).expect(200);
      await patch(game.id, { home_team_id: newcomer.id }).expect(200);
    });

    it('moves its picks along when a game moves to another week', async () => {
      const game = await createGame(t.dataSource);
      const pick = await createPick(t.dataSource, game, memberId);
      const week2 = await createWeek(t.dataSource, { number: 2 });
      await patch(game.id, { week_id: week2.id }).expect(200);
      expect((await t.dataSource.getRepository(Pick).findOneByOrFail({ id: pick.id })).week_id).toBe(week2.id);
    });
  });

  describe('permissions', () => {
    it('answers 401 without a session on every route', async () => {
      const game = await createGame(t.dataSource);
      for (const [method, path] of [
        ['get', '/api/games'],
        ['get', `/api/games/${game.id}`],
        ['post', '/api/games'],
        ['patch', `/api/games/${game.id}`],
        ['put', `/api/games/${game.id}`],
        ['delete', `/api/games/${game.id}`],
      ] as const) {
        await t.http[method](path).send({ name: 'Hijacked' }).expect(401);
      }
    });

    it('lets members read games but answers 403 to their writes, changing nothing', async () => {
      const f = await fixture();
      const game = await createGame(t.dataSource, { name: 'Original' });
      await get('/api/games').expect(200);
      await get(`/api/games/${game.id}`).expect(200);
      const before = await gameCount();
      await post(f.body, member).expect(403);
      await patch(game.id, { name: 'Hijacked' }, member).expect(403);
      await put(game.id, { name: 'Hijacked' }, member).expect(403);
      await t.http.delete(`/api/games/${game.id}`).set(bearer(member)).expect(403);
      expect(await gameCount()).toBe(before);
      expect((await stored(game.id)).name).toBe('Original');
    });
  });

  describe('lists', () => {
    /** A season with two weeks; week 1 has three games whose kickoffs are out of id order. */
    async function season() {
      const footballSeason = await createSeason(t.dataSource);
      const week1 = await createWeek(t.dataSource, { football_season_id: footballSeason.id, number: 1 });
      const week2 = await createWeek(t.dataSource, { football_season_id: footballSeason.id, number: 2, start_date: dateFromNow(7), end_date: dateFromNow(13) });
      const late = await createGame(t.dataSource, { week_id: week1.id, game_date: fromNow(3 * DAY), status: 'completed' });
      const early1 = await createGame(t.dataSource, { week_id: week1.id, game_date: fromNow(2 * DAY) });
      const early2 = await createGame(t.dataSource, { week_id: week1.id, game_date: fromNow(2 * DAY) });
      const next = await createGame(t.dataSource, { week_id: week2.id, game_date: fromNow(9 * DAY) });
      return { footballSeason, week1, week2, late, early1, early2, next };
    }
    const ids = (body: { id: number }[]) => body.map((game) => game.id);

    it('filters by week_id, ordered by game_date then id, as a plain array', async () => {
      const s = await season();
      const response = await get(`/api/games?week_id=${s.week1.id}`).expect(200);
      expect(ids(response.body)).toEqual([s.early1.id, s.early2.id, s.late.id]);
      expect(response.headers['content-range']).toBeUndefined();
    });

    it('lists each game exactly as its own read shows it (the list has its own lean statement and serializer)', async () => {
      const s = await season();
      await t.dataSource.query(
        `UPDATE games SET winner_team_id = home_team_id, home_score = 31, away_score = 7, betting_line = 3.5, betting_line_team = 'home',
           name = 'Rivalry Week', forfeit = 1, forfeit_reason = 'Ineligible player', home_team_ranking = 4 WHERE id = ?`,
        [s.late.id],
      );
      const listed = (await get(`/api/games?week_id=${s.week1.id}`).expect(200)).body as { id: number }[];
      expect(listed).toHaveLength(3);
      for (const game of listed) expect(game).toEqual((await get(`/api/games/${game.id}`).expect(200)).body);
      const winner = listed.find((game) => game.id === s.late.id) as unknown as { winner_team: { name: string }; betting_line: number };
      expect(winner).toEqual(expect.objectContaining({ winner_team: expect.objectContaining({ name: expect.any(String) }), betting_line: 3.5 }));
    });

    it('answers a weak ETag that follows the games and the clock, and revalidates with 304', async () => {
      const s = await season();
      const list = `/api/games?week_id=${s.week1.id}`;
      const first = await get(list).expect(200);
      expect(first.headers.etag).toMatch(/^W\//);
      expect(first.headers['content-type']).toMatch(/^application\/json/);
      await get(list).set('If-None-Match', first.headers.etag).expect(304);

      // A change through the API is in the very next answer (the shared rows and answer are read again).
      await patch(s.early1.id, { name: 'Renamed' }).expect(200);
      const renamed = await get(list).expect(200);
      expect(renamed.headers.etag).not.toBe(first.headers.etag);
      expect(renamed.body.find((game: { id: number }) => game.id === s.early1.id).name).toBe('Renamed');

      // A minute later every window has moved on: a new answer, not the one serialized a minute ago.
      const clock = jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => fromNow(MINUTE));
      try {
        const later = await get(list).expect(200);
        expect(later.headers.etag).not.toBe(renamed.headers.etag);
        expect(later.body[0].minutes_until_deadline).toBe(renamed.body[0].minutes_until_deadline - 1);
      } finally {
        clock.mockImplementation(() => new Date(NOW));
      }
    });

    it('filters by football_season_id with and without week_id, and by status', async () => {
      const s = await season();
      await season();
      expect(ids((await get(`/api/games?football_season_id=${s.footballSeason.id}&week_id=${s.week2.id}`).expect(200)).body)).toEqual([s.next.id]);
      expect(ids((await get(`/api/games?football_season_id=${s.footballSeason.id}`).expect(200)).body)).toEqual([
        s.early1.id,
        s.early2.id,
        s.late.id,
        s.next.id,
      ]);
      expect(ids((await get(`/api/games?football_season_id=${s.footballSeason.id}&status=completed`).expect(200)).body)).toEqual([s.late.id]);
      expect(await get(`/api/games?week_id=${s.week2.id}&football_season_id=999999`).expect(200)).toHaveProperty('body', []);
    });

    it('answers every game on a bare list', async () => {
      const s = await season();
      const response = await get('/api/games').expect(200);
      expect(response.body).toHaveLength(await gameCount());
      expect(ids(response.body)).toEqual(expect.arrayContaining([s.late.id, s.early1.id, s.early2.id, s.next.id]));
      const dates = response.body.map((game: { game_date: string }) => game.game_date);
      expect(dates).toEqual([...dates].sort());
    });

    it('refuses malformed filters with 400', async () => {
      expect((await get('/api/games?week_id=abc').expect(400)).body.errors[0]).toBe('week_id must be a whole number');
      await get('/api/games?status=postponed').expect(400);
      await get(`/api/games?sort=${encodeURIComponent('["password","ASC"]')}`).expect(400);
    });

    it("speaks react-admin's dialect: filter, sort, range with Content-Range, and getMany by ids", async () => {
      const s = await season();
      const page = await get('/api/games').query({
        filter: JSON.stringify({ football_season_id: s.footballSeason.id }),
        sort: JSON.stringify(['game_date', 'DESC']),
        range: JSON.stringify([0, 1]),
      });
      expect(page.status).toBe(200);
      expect(ids(page.body)).toEqual([s.next.id, s.late.id]);
      expect(page.headers['content-range']).toBe('games 0-1/4');
      expect(page.headers['access-control-expose-headers']).toMatch(/Content-Range/);

      const second = await get('/api/games').query({ filter: JSON.stringify({ week_id: s.week1.id }), sort: JSON.stringify(['id', 'ASC']), range: JSON.stringify([1, 2]) });
      expect(ids(second.body)).toEqual([s.early1.id, s.early2.id]);
      expect(second.headers['content-range']).toBe('games 1-2/3');

      const many = await get('/api/games').query({ filter: JSON.stringify({ id: [s.next.id, s.late.id] }) }).expect(200);
      expect(ids(many.body).sort((a, b) => a - b)).toEqual([s.late.id, s.next.id].sort((a, b) => a - b));

      const teams = t.dataSource.getRepository(Team);
      await teams.update(s.early1.home_team_id, { name: `zzz ${s.early1.home_team_id}` });
      const byTeam = await get('/api/games').query({ filter: JSON.stringify({ week_id: s.week1.id }), sort: JSON.stringify(['home_team.name', 'DESC']) }).expect(200);
      expect(ids(byTeam.body)[0]).toBe(s.early1.id);
      const byWeek = await get('/api/games').query({
        filter: JSON.stringify({ football_season_id: s.footballSeason.id }),
        sort: JSON.stringify(['week.number', 'DESC']),
        range: JSON.stringify([0, 1]),
      });
      expect(byWeek.status).toBe(200);
      expect(ids(byWeek.body)).toEqual([s.next.id, s.late.id]);
      expect(byWeek.headers['content-range']).toBe('games 0-1/4');
    });

    it('reads a list with the same number of queries whatever its length (joins and one batch of week statuses)', async () => {
      const warm = await createWeek(t.dataSource);
      await createGame(t.dataSource, { week_id: warm.id });
      // Both measured weeks in seasons of their own, so neither finds its season's week statuses already cached.
      const small = await createWeek(t.dataSource);
      await createGame(t.dataSource, { week_id: small.id });
      const week1 = await createWeek(t.dataSource);
      for (let game = 0; game < 5; game++) await createGame(t.dataSource, { week_id: week1.id });

      const runner = t.dataSource.createQueryRunner();
      const query = jest.spyOn(Object.getPrototypeOf(runner), 'query');
      await runner.release();
      try {
        // Another week's list first, so what every request reads through a cache (the session, the calendar) is warm
        // for both measured lists alike.
        await get(`/api/games?week_id=${warm.id}`).expect(200);
        query.mockClear();
        await get(`/api/games?week_id=${small.id}`).expect(200);
        const one = query.mock.calls.length;
        expect(one).toBeGreaterThan(0);
        query.mockClear();
        const listed = await get(`/api/games?week_id=${week1.id}`).expect(200);
        expect(listed.body).toHaveLength(5);
        expect(query.mock.calls.length).toBe(one);
      } finally {
        query.mockRestore();
      }
    });

    it('lists every game with its week and teams embedded', async () => {
      const s = await season();
      const [game] = (await get(`/api/games?week_id=${s.week2.id}`).expect(200)).body;
      const week = await t.dataSource.getRepository(Week).findOneByOrFail({ id: s.week2.id });
      const home = await t.dataSource.getRepository(Team).findOneByOrFail({ id: s.next.home_team_id });
      expect(game).toEqual(
        expect.objectContaining({
          week: { id: week.id, number: 2 },
          football_season_id: s.footballSeason.id,
          home_team: { id: home.id, name: home.name, nickname: home.nickname },
          winner_team: null,
        }),
      );
    });
  });
});
