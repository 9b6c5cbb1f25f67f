import { FootballSeason } from '../../src/seasons/entities/football-season.entity';
import { Week } from '../../src/seasons/weeks/entities/week.entity';
import { createGame, createPick, createSeason, createTeam, createWeek, dateFromNow } from '../support/factories';
import { bearer, TestApp } from '../support/test-app';

describe('Football seasons', () => {
  let t: TestApp;
  let admin: string;
  let member: string;
  let memberId: number;

  beforeAll(async () => {
    t = await TestApp.start();
    admin = await t.adminToken();
    ({
      token: member,
      user: { id: memberId },
    } = await t.member());
  });
  afterAll(() => t.close());

  const seasons = () => t.dataSource.getRepository(FootballSeason);
  const currentIds = async () => (await seasons().findBy({ is_current: true })).map((season) => season.id);
  const noSeasonCurrent = () => seasons().createQueryBuilder().update().set({ is_current: false }).execute();
  const unique = () => Math.random().toString(36).slice(2, 8);

  describe('while no season is current', () => {
    beforeEach(noSeasonCurrent);

    it('GET /football_seasons/current answers 404', async () => {
      const response = await t.http.get('/api/football_seasons/current').set(bearer(member)).expect(404);
      expect(response.body).toEqual({ errors: ['No current football season'] });
    });

    it('the season created first becomes current; the next one does not', async () => {
      const first = await t.http
        .post('/api/football_seasons')
        .set(bearer(admin))
        .send({ name: `First ${unique()}`, start_date: '2025-08-23', end_date: '2026-01-19' })
        .expect(201);
      expect(first.body).toEqual(expect.objectContaining({ current: true, is_current: true }));
      const second = await t.http
        .post('/api/football_seasons')
        .set(bearer(admin))
        .send({ name: `Second ${unique()}`, start_date: '2026-08-29', end_date: '2027-01-18' })
        .expect(201);
      expect(second.body).toEqual(expect.objectContaining({ current: false, is_current: false }));
      expect(await currentIds()).toEqual([first.body.id]);
      expect((await t.http.get('/api/football_seasons/current').set(bearer(member)).expect(200)).body.id).toBe(first.body.id);
    });
  });

  it('creates a season: year defaults to the start year, counts start at zero, weeks are empty', async () => {
    const name = `2031-2032 ${unique()}`;
    const response = await t.http
      .post('/api/football_seasons')
      .set(bearer(admin))
      .send({ name: `  ${name} `, start_date: '2031-08-30', end_date: '2032-01-12', is_current: true, picks_count: 9 })
      .expect(201);
    expect(response.body).toEqual({
      id: expect.any(Number),
      name,
      year: 2031,
      start_date: '2031-08-30',
      end_date: '2032-01-12',
      current: expect.any(Boolean),
      is_current: expect.any(Boolean),
      weeks_count: 0,
      games_count: 0,
      picks_count: 0,
      weeks: [],
      rules: {
        pick_mode: 'winner',
        push_rule: 'loss',
        half_point_lines: false,
        confidence_points: false,
        lock_of_week: false,
        drop_worst_weeks: 0,
        missed_weeks: 'loss',
        weekly_ties: 'tiebreaker',
        games_per_week: 10,
        commissioner_plays: false,
        pickem: true,
      },
      rules_locked: false,
      rules_summary: [],
      entry_fee_cents: 0,
      weekly_winner_cents: 0,
      payout_percentages: [],
    });
    expect(response.body.current).toBe(response.body.is_current);
    const stored = await seasons().findOneByOrFail({ id: response.body.id });
    expect(stored).toEqual(expect.objectContaining({ name, year: 2031, start_date: '2031-08-30', end_date: '2032-01-12' }));

    const withYear = await t.http
      .post('/api/football_seasons')
      .set(bearer(admin))
      .send({ name: `Named year ${unique()}`, start_date: '2031-08-30', end_date: '2032-01-12', year: 2032 })
      .expect(201);
    expect(withYear.body.year).toBe(2032);
  });

  it('shows a season with its weeks by number (with statuses) and its counts', async () => {
    const season = await createSeason(t.dataSource, { name: `Detail ${unique()}`, year: 2025 });
    const upcoming = await createWeek(t.dataSource, { football_season_id: season.id, number: 3, start_date: dateFromNow(8), end_date: dateFromNow(14) });
    const past = await createWeek(t.dataSource, { football_season_id: season.id, number: 1, start_date: dateFromNow(-9), end_date: dateFromNow(-3) });
    const current = await createWeek(t.dataSource, { football_season_id: season.id, number: 2 });
    const home = await createTeam(t.dataSource);
    const away = await createTeam(t.dataSource);
    const game = await createGame(t.dataSource, { week_id: current.id, home_team_id: home.id, away_team_id: away.id });
    await createGame(t.dataSource, { week_id: current.id });
    await createGame(t.dataSource, { week_id: past.id });
    await createPick(t.dataSource, game, memberId);
    await createPick(t.dataSource, game, (await t.createUser()).id);

    const response = await t.http.get(`/api/football_seasons/${season.id}`).set(bearer(member)).expect(200);
    expect(response.body).toEqual(
      expect.objectContaining({ id: season.id, name: season.name, year: 2025, weeks_count: 3, games_count: 3, picks_count: 2, current: false, is_current: false }),
    );
    expect(response.body.weeks).toEqual([
      { id: past.id, number: 1, display_name: 'Week 1', is_current: false, status: 'past', start_date: past.start_date, end_date: past.end_date },
      { id: current.id, number: 2, display_name: 'Week 2', is_current: false, status: 'current', start_date: current.start_date, end_date: current.end_date },
      { id: upcoming.id, number: 3, display_name: 'Week 3', is_current: false, status: 'upcoming', start_date: upcoming.start_date, end_date: upcoming.end_date },
    ]);

    // An admin's mark on week 3 makes it current and the earlier weeks past.
    await t.dataSource.getRepository(Week).update({ id: upcoming.id }, { is_current: true });
    const marked = await t.http.get(`/api/football_seasons/${season.id}`).set(bearer(member)).expect(200);
    expect(marked.body.weeks.map((week: { status: string }) => week.status)).toEqual(['past', 'past', 'current']);
  });

  it('lists seasons newest first, each with counts from one grouped query', async () => {
    const older = await createSeason(t.dataSource, { name: `Older ${unique()}`, start_date: '1990-08-25', end_date: '1991-01-10', year: 1990 });
    const newer = await createSeason(t.dataSource, { name: `Newer ${unique()}`, start_date: '2090-08-25', end_date: '2091-01-10', year: 2090 });
    const week = await createWeek(t.dataSource, { football_season_id: older.id });
    await createWeek(t.dataSource, { football_season_id: older.id, number: 2 });
    const game = await createGame(t.dataSource, { week_id: week.id });
    await createPick(t.dataSource, game, memberId);

    const response = await t.http.get('/api/football_seasons').set(bearer(member)).expect(200);
    expect(Array.isArray(response.body)).toBe(true);
    expect(response.headers['content-range']).toBeUndefined();
    const starts = response.body.map((season: { start_date: string }) => season.start_date);
    expect(starts).toEqual([...starts].sort().reverse());
    expect(response.body[0].id).toBe(newer.id);
    expect(response.body.at(-1).id).toBe(older.id);
    expect(response.body.at(-1)).toEqual(expect.objectContaining({ weeks_count: 2, games_count: 1, picks_count: 1 }));
    expect(response.body[0]).toEqual(expect.objectContaining({ weeks_count: 0, games_count: 0, picks_count: 0 }));
    expect(response.body[0].weeks).toBeUndefined();
    for (const season of response.body) expect(season.current).toBe(season.is_current);
  });

  it('updates by PATCH and PUT; the year stays unless given', async () => {
    const season = await createSeason(t.dataSource, { name: `Editable ${unique()}`, year: 2025, start_date: '2025-08-23', end_date: '2026-01-19' });
    const renamed = `Renamed ${unique()}`;
    const patched = await t.http.patch(`/api/football_seasons/${season.id}`).set(bearer(admin)).send({ name: renamed, start_date: '2025-08-30' }).expect(200);
    expect(patched.body).toEqual(expect.objectContaining({ id: season.id, name: renamed, year: 2025, start_date: '2025-08-30', end_date: '2026-01-19' }));
    const put = await t.http.put(`/api/football_seasons/${season.id}`).set(bearer(admin)).send({ end_date: '2026-01-26', year: 2026 }).expect(200);
    expect(put.body).toEqual(expect.objectContaining({ name: renamed, year: 2026, end_date: '2026-01-26' }));
    expect(await seasons().findOneByOrFail({ id: season.id })).toEqual(
      expect.objectContaining({ name: renamed, year: 2026, start_date: '2025-08-30', end_date: '2026-01-26' }),
    );
    // Keeping its own name is not a duplicate.
    await t.http.patch(`/api/football_seasons/${season.id}`).set(bearer(admin)).send({ name: renamed.toUpperCase() }).expect(200);
  });

  it('make_current makes exactly that season current, in the database too', async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => createSeason(t.dataSource, { name: `Star ${unique()}` })));
    await seasons().update({ id: a.id }, { is_current: true });

    const response = await t.http.patch(`/api/football_seasons/${b.id}/make_current`).set(bearer(admin)).expect(200);
    expect(response.body).toEqual(expect.objectContaining({ id: b.id, current: true, is_current: true, weeks: [] }));
    expect(await currentIds()).toEqual([b.id]);
    expect((await t.http.get('/api/football_seasons/current').set(bearer(member)).expect(200)).body.id).toBe(b.id);

    await t.http.patch(`/api/football_seasons/${c.id}/make_current`).set(bearer(admin)).expect(200);
    await t.http.patch(`/api/football_seasons/${c.id}/make_current`).set(bearer(admin)).expect(200);
    expect(await currentIds()).toEqual([c.id]);
    const listed = (await t.http.get('/api/football_seasons').set(bearer(member))).body as { id: number; current: boolean }[];
    expect(listed.filter((season) => season.current).map((season) => season.id)).toEqual([c.id]);

    const missing = await t.http.patch('/api/football_seasons/999999/make_current').set(bearer(admin)).expect(404);
    expect(missing.body.errors[0]).toBe('Football season not found');
    expect(await currentIds()).toEqual([c.id]);
  });

  it('GET /football_seasons/current includes the weeks', async () => {
    const season = await createSeason(t.dataSource, { name: `Now ${unique()}` });
    await createWeek(t.dataSource, { football_season_id: season.id, number: 1 });
    await t.http.patch(`/api/football_seasons/${season.id}/make_current`).set(bearer(admin)).expect(200);
    const response = await t.http.get('/api/football_seasons/current').set(bearer(member)).expect(200);
    expect(response.body).toEqual(expect.objectContaining({ id: season.id, current: true, weeks_count: 1 }));
    expect(response.body.weeks).toEqual([expect.objectContaining({ number: 1, display_name: 'Week 1', status: 'current' })]);
  });

  it('refuses a duplicate name (whatever its case) with 409 and changes nothing', async () => {
    const taken = await createSeason(t.dataSource, { name: `Taken ${unique()}` });
    const other = await createSeason(t.dataSource, { name: `Other ${unique()}` });
    const before = await seasons().count();

    const created = await t.http
      .post('/api/football_seasons')
      .set(bearer(admin))
      .send({ name: taken.name.toLowerCase(), start_date: '2025-08-23', end_date: '2026-01-19' })
      .expect(409);
    expect(created.body.errors[0]).toBe(`A football season named ${taken.name.toLowerCase()} already exists`);
    expect(await seasons().count()).toBe(before);

    const updated = await t.http.patch(`/api/football_seasons/${other.id}`).set(bearer(admin)).send({ name: taken.name }).expect(409);
    expect(updated.body.errors[0]).toBe(`A football season named ${taken.name} already exists`);
    expect((await seasons().findOneByOrFail({ id: other.id })).name).toBe(other.name);
  });

  it.each([
    [{ start_date: '2025-08-23', end_date: '2026-01-19' }, 'name is required'],
    [{ name: '   ', start_date: '2025-08-23', end_date: '2026-01-19' }, 'name must not be empty'],
    [{ name: 'x'.repeat(51), start_date: '2025-08-23', end_date: '2026-01-19' }, 'name must be at most 50 characters'],
    [{ name: 42, start_date: '2025-08-23', end_date: '2026-01-19' }, 'name must be text'],
    [{ name: 'Valid', end_date: '2026-01-19' }, 'start_date is required'],
    [{ name: 'Valid', start_date: '2025-08-23' }, 'end_date is required'],
    [{ name: 'Valid', start_date: '08/23/2025', end_date: '2026-01-19' }, 'start_date must be a date like 2025-08-30'],
    [{ name: 'Valid', start_date: '2025-02-30', end_date: '2026-01-19' }, 'start_date must be a real calendar date'],
    [{ name: 'Valid', start_date: '2025-08-23', end_date: 20260119 }, 'end_date must be a date like 2025-08-30'],
    [{ name: 'Valid', start_date: '2025-08-23', end_date: '2025-08-22' }, 'end_date must be on or after start_date'],
    [{ name: 'Valid', start_date: '2025-08-23', end_date: '2026-01-19', year: 2025.5 }, 'year must be a whole number'],
    [{ name: 'Valid', start_date: '2025-08-23', end_date: '2026-01-19', year: 'soon' }, 'year must be a whole number'],
    [{ name: 'Valid', start_date: '2025-08-23', end_date: '2026-01-19', year: 1800 }, 'year must be between 1900 and 2100'],
  ])('POST refuses %j with 422 and writes nothing', async (body, message) => {
    const before = await seasons().count();
    const response = await t.http.post('/api/football_seasons').set(bearer(admin)).send(body).expect(422);
    expect(response.body.errors[0]).toBe(message);
    expect(await seasons().count()).toBe(before);
  });

  it.each([
    [{ name: null }, 'name must be text'],
    [{ name: '' }, 'name must not be empty'],
    [{ start_date: null }, 'start_date must be a date like 2025-08-30'],
    [{ end_date: '2024-01-01' }, 'end_date must be on or after start_date'],
    [{ start_date: '2026-02-01' }, 'end_date must be on or after start_date'],
    [{ year: null }, 'year must be a whole number'],
  ])('PATCH refuses %j with 422 and changes nothing', async (body, message) => {
    const season = await createSeason(t.dataSource, { name: `Stable ${unique()}`, start_date: '2025-08-23', end_date: '2026-01-19', year: 2025 });
    const response = await t.http.patch(`/api/football_seasons/${season.id}`).set(bearer(admin)).send(body).expect(422);
    expect(response.body.errors[0]).toBe(message);
    expect(await seasons().findOneByOrFail({ id: season.id })).toEqual(season);
  });

  it('deletes a season without weeks; refuses one with weeks (409, saying how many) and keeps it', async () => {
    const empty = await createSeason(t.dataSource);
    await t.http.delete(`/api/football_seasons/${empty.id}`).set(bearer(admin)).expect(204);
    expect(await seasons().existsBy({ id: empty.id })).toBe(false);
    await t.http.get(`/api/football_seasons/${empty.id}`).set(bearer(member)).expect(404);
    await t.http.delete(`/api/football_seasons/${empty.id}`).set(bearer(admin)).expect(404);

    const busy = await createSeason(t.dataSource, { name: `Busy ${unique()}` });
    await createWeek(t.dataSource, { football_season_id: busy.id, number: 1 });
    await createWeek(t.dataSource, { football_season_id: busy.id, number: 2 });
    const refused = await t.http.delete(`/api/football_seasons/${busy.id}`).set(bearer(admin)).expect(409);
    expect(refused.body.errors[0]).toBe(`${busy.name} has 2 weeks; delete them first`);
    expect(await seasons().existsBy({ id: busy.id })).toBe(true);
    expect(await t.dataSource.getRepository(Week).countBy({ football_season_id: busy.id })).toBe(2);
  });

  it('answers 404 for an unknown season and 400 for a malformed id', async () => {
    expect((await t.http.get('/api/football_seasons/999999').set(bearer(member)).expect(404)).body.errors[0]).toBe('Football season not found');
    await t.http.patch('/api/football_seasons/999999').set(bearer(admin)).send({ name: 'Ghost' }).expect(404);
    await t.http.get('/api/football_seasons/abc').set(bearer(member)).expect(400);
  });

  it('speaks the react-admin dialect: sort, range, filter, Content-Range and getMany', async () => {
    const tag = unique();
    const made = await Promise.all(
      ['b', 'a', 'c'].map((letter, i) => createSeason(t.dataSource, { name: `RA ${tag} ${letter}`, start_date: `201${i}-08-01`, end_date: `201${i + 1}-01-10` })),
    );
    const page = await t.http
      .get('/api/football_seasons')
      .query({ sort: '["name","ASC"]', range: '[0,1]', filter: JSON.stringify({ q: `ra ${tag}` }) })
      .set(bearer(member))
      .expect(200);
    expect(page.headers['content-range']).toBe('football_seasons 0-1/3');
    expect(page.headers['access-control-expose-headers']).toContain('Content-Range');
    expect(page.body.map((season: { name: string }) => season.name)).toEqual([`RA ${tag} a`, `RA ${tag} b`]);
    expect(page.body[0]).toEqual(expect.objectContaining({ weeks_count: 0, games_count: 0, picks_count: 0 }));

    const byCurrent = await t.http.get('/api/football_seasons').query({ sort: '["current","DESC"]', range: '[0,0]' }).set(bearer(member)).expect(200);
    expect(byCurrent.body[0].current).toBe(true);

    const many = await t.http
      .get('/api/football_seasons')
      .query({ filter: JSON.stringify({ id: [made[0].id, made[2].id] }) })
      .set(bearer(member))
      .expect(200);
    expect(many.body.map((season: { id: number }) => season.id).sort()).toEqual([made[0].id, made[2].id].sort());
    expect(many.headers['content-range']).toBe('football_seasons 0-1/2');

    await t.http.get('/api/football_seasons').query({ sort: '["weeks_count","ASC"]' }).set(bearer(member)).expect(400);
  });

  it('lets members read and only admins write; without a session everything is 401', async () => {
    const season = await createSeason(t.dataSource, { name: `Guarded ${unique()}` });
    await t.http.get('/api/football_seasons').set(bearer(member)).expect(200);
    await t.http.get(`/api/football_seasons/${season.id}`).set(bearer(member)).expect(200);
    const body = { name: `Hijack ${unique()}`, start_date: '2025-08-23', end_date: '2026-01-19' };
    for (const [method, path] of [
      ['post', '/api/football_seasons'],
      ['patch', `/api/football_seasons/${season.id}`],
      ['put', `/api/football_seasons/${season.id}`],
      ['patch', `/api/football_seasons/${season.id}/make_current`],
      ['delete', `/api/football_seasons/${season.id}`],
    ] as const) {
      await t.http[method](path).set(bearer(member)).send(body).expect(403);
      await t.http[method](path).send(body).expect(401);
    }
    for (const path of ['/api/football_seasons', '/api/football_seasons/current', `/api/football_seasons/${season.id}`]) {
      await t.http.get(path).expect(401);
    }
    expect(await seasons().findOneByOrFail({ id: season.id })).toEqual(season);
    expect(await seasons().existsBy({ name: body.name })).toBe(false);
  });
});
