import { FootballSeason } from '../../src/seasons/entities/football-season.entity';
import { Week } from '../../src/seasons/weeks/entities/week.entity';
import { createGame, createSeason, createWeek, dateFromNow } from '../support/factories';
import { bearer, TestApp } from '../support/test-app';

/*
 * "Today" on the server is the pool's time zone (America/New_York by default) while dateFromNow counts UTC days, so
 * the two may differ by one day: past weeks end at least 3 days ago and upcoming ones start at least 3 days ahead.
 */
describe('Weeks', () => {
  let t: TestApp;
  let admin: string;
  let member: string;

  beforeAll(async () => {
    t = await TestApp.start();
    admin = await t.adminToken();
    ({ token: member } = await t.member());
  });
  afterAll(() => t.close());

  const weeks = () => t.dataSource.getRepository(Week);
  const markedIds = async (football_season_id: number) => (await weeks().findBy({ football_season_id, is_current: true })).map((week) => week.id);
  const makeCurrent = (season: FootballSeason) => t.dataSource.getRepository(FootballSeason).update({ id: season.id }, { is_current: true });
  const currentOnly = async (season: FootballSeason) => {
    await t.dataSource.getRepository(FootballSeason).createQueryBuilder().update().set({ is_current: false }).execute();
    await makeCurrent(season);
  };
  const past = (number: number, football_season_id: number) =>
    createWeek(t.dataSource, { number, football_season_id, start_date: dateFromNow(-10), end_date: dateFromNow(-4) });
  const upcoming = (number: number, football_season_id: number, from = 4) =>
    createWeek(t.dataSource, { number, football_season_id, start_date: dateFromNow(from), end_date: dateFromNow(from + 6) });

  it('creates a week and answers it with its season, display name, status and game count', async () => {
    const season = await createSeason(t.dataSource);
    const body = { number: 3, start_date: dateFromNow(-1), end_date: dateFromNow(5), football_season_id: season.id };
    const response = await t.http.post('/api/weeks').set(bearer(admin)).send(body).expect(201);
    expect(response.body).toEqual({
      id: expect.any(Number),
      ...body,
      display_name: 'Week 3',
      football_season: { id: season.id, name: season.name },
      is_current: false,
      status: 'current',
      games_count: 0,
    });
    expect(await weeks().findOneByOrFail({ id: response.body.id })).toEqual(expect.objectContaining({ ...body, is_current: false }));
    expect((await t.http.get(`/api/weeks/${response.body.id}`).set(bearer(member)).expect(200)).body).toEqual(response.body);
  });

  it('accepts numbers sent as text, as forms do', async () => {
    const season = await createSeason(t.dataSource);
    const response = await t.http
      .post('/api/weeks')
      .set(bearer(admin))
      .send({ number: '4', start_date: dateFromNow(10), end_date: dateFromNow(16), football_season_id: String(season.id) })
      .expect(201);
    expect(response.body).toEqual(expect.objectContaining({ number: 4, football_season_id: season.id, status: 'upcoming' }));
  });

  it('computes the status from the dates: past, current, upcoming', async () => {
    const season = await createSeason(t.dataSource);
    const w1 = await past(1, season.id);
    const w2 = await createWeek(t.dataSource, { number: 2, football_season_id: season.id });
    const w3 = await upcoming(3, season.id);
    const response = await t.http.get('/api/weeks').query({ football_season_id: season.id }).set(bearer(member)).expect(200);
    expect(response.body.map((week: { id: number; status: string }) => [week.id, week.status])).toEqual([
      [w1.id, 'past'],
      [w2.id, 'current'],
      [w3.id, 'upcoming'],
    ]);
  });

  it("an admin's mark overrides the dates: the marked week is current, earlier weeks past, later weeks upcoming", async () => {
    const season = await createSeason(t.dataSource);
    const w1 = await past(1, season.id);
    const w2 = await createWeek(t.dataSource, { number: 2, football_season_id: season.id });
    const w3 = await upcoming(3, season.id);
    const w4 = await upcoming(4, season.id, 11);

    const marked = await t.http.patch(`/api/weeks/${w3.id}`).set(bearer(admin)).send({ is_current: true }).expect(200);
    expect(marked.body).toEqual(expect.objectContaining({ id: w3.id, is_current: true, status: 'current' }));
    const statuses = (await t.http.get('/api/weeks').query({ football_season_id: season.id }).set(bearer(member))).body.map(
      (week: { status: string }) => week.status,
    );
    expect(statuses).toEqual(['past', 'past', 'current', 'upcoming']);
    expect((await t.http.get(`/api/weeks/${w2.id}`).set(bearer(member))).body.status).toBe('past');

    // Marking the past week 1 instead makes it current and everything after it upcoming.
    await t.http.put(`/api/weeks/${w1.id}`).set(bearer(admin)).send({ is_current: true }).expect(200);
    expect(await markedIds(season.id)).toEqual([w1.id]);
    const after = (await t.http.get('/api/weeks').query({ football_season_id: season.id }).set(bearer(member))).body;
    expect(after.map((week: { status: string }) => week.status)).toEqual(['current', 'upcoming', 'upcoming', 'upcoming']);

    // Removing the mark returns to the dates.
    await t.http.patch(`/api/weeks/${w1.id}`).set(bearer(admin)).send({ is_current: false }).expect(200);
    expect(await markedIds(season.id)).toEqual([]);
    expect((await t.http.get(`/api/weeks/${w4.id}`).set(bearer(member))).body.status).toBe('upcoming');
    expect((await t.http.get(`/api/weeks/${w1.id}`).set(bearer(member))).body.status).toBe('past');
  });

  it('marking a week current unmarks the other weeks of its season only, in the database too', async () => {
    const season = await createSeason(t.dataSource);
    const other = await createSeason(t.dataSource);
    const w1 = await createWeek(t.dataSource, { number: 1, football_season_id: season.id, is_current: true });
    const otherMarked = await createWeek(t.dataSource, { number: 1, football_season_id: other.id, is_current: true });

    const created = await t.http
      .post('/api/weeks')
      .set(bearer(admin))
      .send({ number: 2, start_date: dateFromNow(5), end_date: dateFromNow(11), football_season_id: season.id, is_current: true })
      .expect(201);
    expect(created.body).toEqual(expect.objectContaining({ is_current: true, status: 'current' }));
    expect(await markedIds(season.id)).toEqual([created.body.id]);
    expect(await markedIds(other.id)).toEqual([otherMarked.id]);

    await t.http.patch(`/api/weeks/${w1.id}`).set(bearer(admin)).send({ is_current: true }).expect(200);
    expect(await markedIds(season.id)).toEqual([w1.id]);
    const ids = async (query: Record<string, unknown>) =>
      (await t.http.get('/api/weeks').query({ football_season_id: season.id, ...query }).set(bearer(member)).expect(200)).body.map((week: { id: number }) => week.id);
    expect(await ids({ is_current: 'true' })).toEqual([w1.id]);
    expect(await ids({ is_current: 'false' })).toEqual([created.body.id]);
    expect(await ids({ filter: JSON.stringify({ football_season_id: season.id, is_current: false }) })).toEqual([created.body.id]);

    // Moving a marked week into another season takes the mark there.
    await t.http.patch(`/api/weeks/${w1.id}`).set(bearer(admin)).send({ football_season_id: other.id, number: 2 }).expect(200);
    expect(await markedIds(season.id)).toEqual([]);
    expect(await markedIds(other.id)).toEqual([w1.id]);
  });

  it('updates by PATCH and PUT', async () => {
    const season = await createSeason(t.dataSource);
    const week = await createWeek(t.dataSource, { football_season_id: season.id, number: 1 });
    const patched = await t.http.patch(`/api/weeks/${week.id}`).set(bearer(admin)).send({ number: 7, end_date: dateFromNow(7) }).expect(200);
    expect(patched.body).toEqual(expect.objectContaining({ id: week.id, number: 7, display_name: 'Week 7', end_date: dateFromNow(7), start_date: week.start_date }));
    const body = { number: 8, start_date: dateFromNow(-20), end_date: dateFromNow(-14), football_season_id: season.id, is_current: false };
    const put = await t.http.put(`/api/weeks/${week.id}`).set(bearer(admin)).send(body).expect(200);
    expect(put.body).toEqual(expect.objectContaining({ ...body, status: 'past' }));
    expect(await weeks().findOneByOrFail({ id: week.id })).toEqual(expect.objectContaining(body));
  });

  it('refuses a duplicate week number in a season with 409 and changes nothing', async () => {
    const season = await createSeason(t.dataSource, { name: `Dup ${Date.now()}` });
    const other = await createSeason(t.dataSource);
    await createWeek(t.dataSource, { football_season_id: season.id, number: 3 });
    const week = await createWeek(t.dataSource, { football_season_id: season.id, number: 4 });
    const elsewhere = await createWeek(t.dataSource, { football_season_id: other.id, number: 3 });
    const before = await weeks().count();

    const created = await t.http
      .post('/api/weeks')
      .set(bearer(admin))
      .send({ number: 3, start_date: dateFromNow(1), end_date: dateFromNow(7), football_season_id: season.id, is_current: true })
      .expect(409);
    expect(created.body.errors[0]).toBe(`Week 3 already exists in ${season.name}`);
    expect(await weeks().count()).toBe(before);

    const renumbered = await t.http.patch(`/api/weeks/${week.id}`).set(bearer(admin)).send({ number: 3, is_current: true }).expect(409);
    expect(renumbered.body.errors[0]).toBe(`Week 3 already exists in ${season.name}`);
    const moved = await t.http.patch(`/api/weeks/${elsewhere.id}`).set(bearer(admin)).send({ football_season_id: season.id }).expect(409);
    expect(moved.body.errors[0]).toBe(`Week 3 already exists in ${season.name}`);
    expect(await weeks().findOneByOrFail({ id: week.id })).toEqual(week);
    expect(await weeks().findOneByOrFail({ id: elsewhere.id })).toEqual(elsewhere);
    expect(await markedIds(season.id)).toEqual([]);
  });

  describe('validation', () => {
    let season: FootballSeason;
    beforeAll(async () => {
      season = await createSeason(t.dataSource);
    });
    const valid = () => ({ number: 9, start_date: '2025-10-26', end_date: '2025-11-01', football_season_id: season.id });

    it.each([
      [{ football_season_id: undefined }, 'Please select a football season'],
      [{ football_season_id: null }, 'Please select a football season'],
      [{ football_season_id: '' }, 'Please select a football season'],
      [{ football_season_id: 'abc' }, 'football_season_id must be a whole number'],
      [{ football_season_id: 999999 }, 'football_season_id does not match any football season'],
      [{ number: undefined }, 'number is required'],
      [{ number: 0 }, 'number must be between 1 and 30'],
      [{ number: 31 }, 'number must be between 1 and 30'],
      [{ number: 2.5 }, 'number must be a whole number'],
      [{ number: 'three' }, 'number must be a whole number'],
      [{ start_date: undefined }, 'start_date is required'],
      [{ start_date: '2025-13-01' }, 'start_date must be a real calendar date'],
      [{ end_date: '1 Nov 2025' }, 'end_date must be a date like 2025-08-30'],
      [{ end_date: '2025-10-25' }, 'end_date must be on or after start_date'],
      [{ is_current: 'yes' }, 'is_current must be true or false'],
    ])('POST refuses %j with 422 and writes nothing', async (change, message) => {
      const before = await weeks().count();
      const response = await t.http
        .post('/api/weeks')
        .set(bearer(admin))
        .send({ ...valid(), ...change })
        .expect(422);
      expect(response.body.errors[0]).toBe(message);
      expect(await weeks().count()).toBe(before);
    });

    it.each([
      [{ football_season_id: null }, 'Please select a football season'],
      [{ football_season_id: 999999 }, 'football_season_id does not match any football season'],
      [{ number: null }, 'number must be a whole number'],
      [{ number: 31 }, 'number must be between 1 and 30'],
      [{ start_date: '2025-11-02' }, 'end_date must be on or after start_date'],
      [{ end_date: null }, 'end_date must be a date like 2025-08-30'],
      [{ is_current: null }, 'is_current must be true or false'],
    ])('PATCH refuses %j with 422 and changes nothing', async (change, message) => {
      const week = await createWeek(t.dataSource, { start_date: '2025-10-26', end_date: '2025-11-01' });
      const response = await t.http.patch(`/api/weeks/${week.id}`).set(bearer(admin)).send(change).expect(422);
      expect(response.body.errors[0]).toBe(message);
      expect(await weeks().findOneByOrFail({ id: week.id })).toEqual(week);
    });
  });

  it('deletes a week without games; refuses one with games (409, saying how many) and keeps it', async () => {
    const season = await createSeason(t.dataSource);
    const empty = await createWeek(t.dataSource, { football_season_id: season.id, number: 1 });
    await t.http.delete(`/api/weeks/${empty.id}`).set(bearer(admin)).expect(204);
    expect(await weeks().existsBy({ id: empty.id })).toBe(false);
    await t.http.get(`/api/weeks/${empty.id}`).set(bearer(member)).expect(404);
    await t.http.delete(`/api/weeks/${empty.id}`).set(bearer(admin)).expect(404);

    const busy = await createWeek(t.dataSource, { football_season_id: season.id, number: 2 });
    await createGame(t.dataSource, { week_id: busy.id });
    await createGame(t.dataSource, { week_id: busy.id });
    const refused = await t.http.delete(`/api/weeks/${busy.id}`).set(bearer(admin)).expect(409);
    expect(refused.body.errors[0]).toBe(`Week 2 of ${season.name} has 2 games; delete or move them first`);
    expect(await weeks().existsBy({ id: busy.id })).toBe(true);
    expect((await t.http.get(`/api/weeks/${busy.id}`).set(bearer(member))).body.games_count).toBe(2);
  });

  it('lists weeks by season then number, filtered by football_season_id and week_id, with game counts', async () => {
    const [a, b] = [await createSeason(t.dataSource), await createSeason(t.dataSource)];
    const b2 = await createWeek(t.dataSource, { football_season_id: b.id, number: 2 });
    const a2 = await createWeek(t.dataSource, { football_season_id: a.id, number: 2 });
    const a1 = await createWeek(t.dataSource, { football_season_id: a.id, number: 1 });
    const b1 = await createWeek(t.dataSource, { football_season_id: b.id, number: 1 });
    await createGame(t.dataSource, { week_id: a2.id });
    await createGame(t.dataSource, { week_id: a2.id });
    await createGame(t.dataSource, { week_id: b1.id });

    const all = (await t.http.get('/api/weeks').set(bearer(member)).expect(200)).body as { id: number; football_season_id: number; number: number; games_count: number }[];
    expect(all.filter((week) => [a.id, b.id].includes(week.football_season_id)).map((week) => week.id)).toEqual([a1.id, a2.id, b1.id, b2.id]);
    const keys = all.map((week) => week.football_season_id * 100 + week.number);
    expect(keys).toEqual([...keys].sort((x, y) => x - y));

    const ofA = await t.http.get('/api/weeks').query({ football_season_id: a.id }).set(bearer(member)).expect(200);
    expect(ofA.body.map((week: { id: number; games_count: number }) => [week.id, week.games_count])).toEqual([
      [a1.id, 0],
      [a2.id, 2],
    ]);
    const one = await t.http.get('/api/weeks').query({ week_id: b1.id }).set(bearer(member)).expect(200);
    expect(one.body).toEqual([expect.objectContaining({ id: b1.id, games_count: 1, football_season: { id: b.id, name: b.name } })]);
    const both = await t.http.get('/api/weeks').query({ football_season_id: a.id, week_id: b1.id }).set(bearer(member)).expect(200);
    expect(both.body).toEqual([]);

    await t.http.get('/api/weeks').query({ football_season_id: 'abc' }).set(bearer(member)).expect(400);
  });

  it('speaks the react-admin dialect: sort, range, filter, Content-Range and getMany', async () => {
    const season = await createSeason(t.dataSource);
    const made = [];
    for (const number of [1, 2, 3]) made.push(await createWeek(t.dataSource, { football_season_id: season.id, number }));

    const page = await t.http
      .get('/api/weeks')
      .query({ sort: '["display_name","DESC"]', range: '[0,1]', filter: JSON.stringify({ football_season_id: season.id }) })
      .set(bearer(member))
      .expect(200);
    expect(page.headers['content-range']).toBe('weeks 0-1/3');
    expect(page.body.map((week: { number: number }) => week.number)).toEqual([3, 2]);

    const rest = await t.http
      .get('/api/weeks')
      .query({ sort: '["number","DESC"]', range: '[2,3]', filter: JSON.stringify({ football_season_id: season.id }) })
      .set(bearer(member))
      .expect(200);
    expect(rest.headers['content-range']).toBe('weeks 2-2/3');
    expect(rest.body.map((week: { number: number }) => week.number)).toEqual([1]);

    const many = await t.http
      .get('/api/weeks')
      .query({ filter: JSON.stringify({ id: [made[0].id, made[2].id] }) })
      .set(bearer(member))
      .expect(200);
    expect(many.body.map((week: { id: number }) => week.id)).toEqual([made[0].id, made[2].id]);

    const bySeason = await t.http
      .get('/api/weeks')
      .query({ sort: '["football_season.name","DESC"]', range: '[0,4]', filter: JSON.stringify({ football_season_id: season.id }) })
      .set(bearer(member))
      .expect(200);
    expect(bySeason.body.map((week: { number: number }) => week.number)).toEqual([1, 2, 3]);

    await t.http.get('/api/weeks').query({ sort: '["status","ASC"]' }).set(bearer(member)).expect(400);
  });

  describe('GET /weeks/current', () => {
    it('is the week an admin marked', async () => {
      const season = await createSeason(t.dataSource);
      await createWeek(t.dataSource, { football_season_id: season.id, number: 1 });
      const marked = await upcoming(2, season.id);
      await weeks().update({ id: marked.id }, { is_current: true });
      await currentOnly(season);
      const response = await t.http.get('/api/weeks/current').set(bearer(member)).expect(200);
      expect(response.body).toEqual(expect.objectContaining({ id: marked.id, number: 2, is_current: true, status: 'current', football_season_id: season.id }));
    });

    it('else the week whose dates hold today', async () => {
      const season = await createSeason(t.dataSource);
      await past(1, season.id);
      const now = await createWeek(t.dataSource, { football_season_id: season.id, number: 2 });
      await upcoming(3, season.id);
      await currentOnly(season);
      expect((await t.http.get('/api/weeks/current').set(bearer(member)).expect(200)).body).toEqual(
        expect.objectContaining({ id: now.id, status: 'current', is_current: false }),
      );
    });

    it('else the next week to start', async () => {
      const season = await createSeason(t.dataSource);
      await past(1, season.id);
      const later = await upcoming(3, season.id, 12);
      const next = await upcoming(2, season.id, 4);
      await currentOnly(season);
      expect(later.number).toBe(3);
      expect((await t.http.get('/api/weeks/current').set(bearer(member)).expect(200)).body).toEqual(
        expect.objectContaining({ id: next.id, status: 'upcoming' }),
      );
    });

    it('else the last week of a season that is over', async () => {
      const season = await createSeason(t.dataSource);
      const last = await createWeek(t.dataSource, { football_season_id: season.id, number: 2, start_date: dateFromNow(-9), end_date: dateFromNow(-3) });
      await createWeek(t.dataSource, { football_season_id: season.id, number: 1, start_date: dateFromNow(-16), end_date: dateFromNow(-10) });
      await currentOnly(season);
      expect((await t.http.get('/api/weeks/current').set(bearer(member)).expect(200)).body).toEqual(
        expect.objectContaining({ id: last.id, status: 'past' }),
      );
    });

    it("answers another season's current week with ?football_season_id=", async () => {
      const current = await createSeason(t.dataSource);
      await createWeek(t.dataSource, { football_season_id: current.id, number: 1 });
      await currentOnly(current);
      const other = await createSeason(t.dataSource);
      const otherWeek = await createWeek(t.dataSource, { football_season_id: other.id, number: 5, is_current: true });
      const response = await t.http.get('/api/weeks/current').query({ football_season_id: other.id }).set(bearer(member)).expect(200);
      expect(response.body).toEqual(expect.objectContaining({ id: otherWeek.id, football_season: { id: other.id, name: other.name } }));

      expect((await t.http.get('/api/weeks/current').query({ football_season_id: 999999 }).set(bearer(member)).expect(404)).body.errors[0]).toBe(
        'Football season not found',
      );
      await t.http.get('/api/weeks/current').query({ football_season_id: 'abc' }).set(bearer(member)).expect(400);
    });

    it('answers 404 with a clear message when there is no current season or it has no weeks', async () => {
      const season = await createSeason(t.dataSource, { name: `Empty ${Date.now()}` });
      await currentOnly(season);
      expect((await t.http.get('/api/weeks/current').set(bearer(member)).expect(404)).body.errors[0]).toBe(`${season.name} has no weeks yet`);

      await t.dataSource.getRepository(FootballSeason).update({ id: season.id }, { is_current: false });
      expect((await t.http.get('/api/weeks/current').set(bearer(member)).expect(404)).body.errors[0]).toBe('No current football season');
    });
  });

  it('lets members read and only admins write; without a session everything is 401', async () => {
    const season = await createSeason(t.dataSource);
    const week = await createWeek(t.dataSource, { football_season_id: season.id, number: 1 });
    await makeCurrent(season);
    await t.http.get('/api/weeks').set(bearer(member)).expect(200);
    await t.http.get(`/api/weeks/${week.id}`).set(bearer(member)).expect(200);
    const body = { number: 2, start_date: dateFromNow(1), end_date: dateFromNow(7), football_season_id: season.id, is_current: true };
    for (const [method, path] of [
      ['post', '/api/weeks'],
      ['patch', `/api/weeks/${week.id}`],
      ['put', `/api/weeks/${week.id}`],
      ['delete', `/api/weeks/${week.id}`],
    ] as const) {
      await t.http[method](path).set(bearer(member)).send(body).expect(403);
      await t.http[method](path).send(body).expect(401);
    }
    for (const path of ['/api/weeks', '/api/weeks/current', `/api/weeks/${week.id}`]) await t.http.get(path).expect(401);
    expect(await weeks().findBy({ football_season_id: season.id })).toEqual([week]);
  });
});
