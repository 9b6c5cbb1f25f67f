import { Conference } from '../../src/teams/entities/conference.entity';
import { Team } from '../../src/teams/entities/team.entity';
import { createConference, createTeam } from '../support/factories';
import { bearer, TestApp } from '../support/test-app';

describe('Conferences', () => {
  let t: TestApp;
  let admin: string;
  let member: string;

  let n = 0;
  const unique = (prefix: string) => `${prefix} ${process.pid}-${++n}`;
  const conferences = () => t.dataSource.getRepository(Conference);
  const ids = (body: { id: number }[]) => body.map((conference) => conference.id);

  beforeAll(async () => {
    t = await TestApp.start();
    admin = await t.adminToken();
    member = (await t.member()).token;
  });
  afterAll(() => t.close());

  it('creates, shows, renames (PATCH and PUT) and deletes a conference', async () => {
    const name = unique('Sun Belt');
    const created = await t.http.post('/api/conferences').set(bearer(admin)).send({ name: `  ${name}  `, id: 999999 }).expect(201);
    expect(created.body).toEqual({ id: expect.any(Number), name });
    expect(created.body.id).not.toBe(999999);
    const id = created.body.id as number;

    expect((await t.http.get(`/api/conferences/${id}`).set(bearer(member)).expect(200)).body).toEqual({ id, name });

    const patched = unique('Sun Belt East');
    expect((await t.http.patch(`/api/conferences/${id}`).set(bearer(admin)).send({ name: patched }).expect(200)).body).toEqual({ id, name: patched });
    const put = unique('Sun Belt West');
    expect((await t.http.put(`/api/conferences/${id}`).set(bearer(admin)).send({ id, name: put }).expect(200)).body).toEqual({ id, name: put });
    expect(await conferences().findOneByOrFail({ id })).toEqual({ id, name: put });

    await t.http.delete(`/api/conferences/${id}`).set(bearer(admin)).expect(204);
    expect(await conferences().existsBy({ id })).toBe(false);
    expect((await t.http.get(`/api/conferences/${id}`).set(bearer(admin)).expect(404)).body.errors[0]).toBe('Conference not found');
  });

  it.each([
    [{}, 'name is required'],
    [{ name: null }, 'name is required'],
    [{ name: '  ' }, 'name is required'],
    [{ name: 12 }, 'name must be text'],
    [{ name: 'x'.repeat(101) }, 'name must be at most 100 characters'],
  ])('refuses %j with 422 "%s" on create and on update, changing nothing', async (body, message) => {
    const before = await conferences().count();
    expect((await t.http.post('/api/conferences').set(bearer(admin)).send(body).expect(422)).body.errors[0]).toBe(message);
    expect(await conferences().count()).toBe(before);

    const existing = await createConference(t.dataSource);
    expect((await t.http.patch(`/api/conferences/${existing.id}`).set(bearer(admin)).send(body).expect(422)).body.errors[0]).toBe(message);
    expect(await conferences().findOneByOrFail({ id: existing.id })).toEqual(existing);
  });

  it('refuses a duplicate name, ignoring case, with 409 and changes nothing', async () => {
    const taken = await createConference(t.dataSource, { name: unique('Big Twelve') });
    const before = await conferences().count();
    const created = await t.http.post('/api/conferences').set(bearer(admin)).send({ name: taken.name.toLowerCase() }).expect(409);
    expect(created.body.errors[0]).toBe(`Conference ${taken.name} already exists`);
    expect(await conferences().count()).toBe(before);

    const other = await createConference(t.dataSource);
    const renamed = await t.http.patch(`/api/conferences/${other.id}`).set(bearer(admin)).send({ name: taken.name.toUpperCase() }).expect(409);
    expect(renamed.body.errors[0]).toBe(`Conference ${taken.name} already exists`);
    expect(await conferences().findOneByOrFail({ id: other.id })).toEqual(other);

    // Its own name in another case is not a duplicate.
    await t.http.patch(`/api/conferences/${taken.id}`).set(bearer(admin)).send({ name: taken.name.toUpperCase() }).expect(200);
  });

  it('refuses to delete a conference that still has teams, with 409, changing nothing', async () => {
    const held = await createConference(t.dataSource, { name: unique('SEC') });
    const first = await createTeam(t.dataSource, { conference_id: held.id });
    await createTeam(t.dataSource, { conference_id: held.id });
    const response = await t.http.delete(`/api/conferences/${held.id}`).set(bearer(admin)).expect(409);
    expect(response.body.errors[0]).toBe(`Conference ${held.name} still has 2 teams`);
    expect(await conferences().existsBy({ id: held.id })).toBe(true);
    expect(await t.dataSource.getRepository(Team).countBy({ conference_id: held.id })).toBe(2);

    await t.dataSource.getRepository(Team).delete({ conference_id: held.id, id: first.id });
    expect((await t.http.delete(`/api/conferences/${held.id}`).set(bearer(admin)).expect(409)).body.errors[0]).toBe(
      `Conference ${held.name} still has 1 team`,
    );
  });

  it('answers 404 for unknown conferences and 400 for ids that are not numbers', async () => {
    await t.http.patch('/api/conferences/999999').set(bearer(admin)).send({ name: unique('Ghost') }).expect(404);
    await t.http.delete('/api/conferences/999999').set(bearer(admin)).expect(404);
    expect((await t.http.get('/api/conferences/one').set(bearer(admin)).expect(400)).body.errors[0]).toBe('id must be a whole number');
  });

  it('lets members read but not write, and answers 401 without a session', async () => {
    const conference = await createConference(t.dataSource);
    await t.http.get('/api/conferences').set(bearer(member)).expect(200);
    await t.http.get(`/api/conferences/${conference.id}`).set(bearer(member)).expect(200);
    await t.http.get('/api/conferences').expect(401);
    await t.http.get(`/api/conferences/${conference.id}`).expect(401);
    const before = await conferences().count();
    for (const [method, path] of [
      ['post', '/api/conferences'],
      ['patch', `/api/conferences/${conference.id}`],
      ['put', `/api/conferences/${conference.id}`],
      ['delete', `/api/conferences/${conference.id}`],
    ] as const) {
      await t.http[method](path).set(bearer(member)).send({ name: unique('Hijacked') }).expect(403);
      await t.http[method](path).send({ name: unique('Hijacked') }).expect(401);
    }
    expect(await conferences().count()).toBe(before);
    expect(await conferences().findOneByOrFail({ id: conference.id })).toEqual(conference);
  });

  describe('list', () => {
    it('answers a plain array ordered by name without react-admin parameters', async () => {
      const tag = `Order${process.pid}`;
      const c = await createConference(t.dataSource, { name: `${tag} Charlie` });
      const a = await createConference(t.dataSource, { name: `${tag} Able` });
      const b = await createConference(t.dataSource, { name: `${tag} Baker` });
      const response = await t.http.get('/api/conferences').query({ q: tag }).set(bearer(member)).expect(200);
      expect(response.headers['content-range']).toBeUndefined();
      expect(response.body).toEqual([
        { id: a.id, name: a.name },
        { id: b.id, name: b.name },
        { id: c.id, name: c.name },
      ]);
      const all = await t.http.get('/api/conferences').set(bearer(member)).expect(200);
      expect(all.body.length).toBe(await conferences().count());
    });

    it('speaks react-admin: filter q (ignoring case, % and _ literal), sort, range, Content-Range and getMany', async () => {
      const tag = `Ra${process.pid}`;
      const created: Conference[] = [];
      for (let i = 0; i < 12; i++) created.push(await createConference(t.dataSource, { name: `${tag} ${String(i).padStart(2, '0')}` }));
      const list = (query: Record<string, string>) => t.http.get('/api/conferences').query(query).set(bearer(admin)).expect(200);

      const first = await list({ filter: JSON.stringify({ q: tag.toUpperCase() }), sort: '["name","DESC"]', range: '[0,4]' });
      expect(first.headers['content-range']).toBe('conferences 0-4/12');
      expect(ids(first.body)).toEqual(created.slice(7).reverse().map((conference) => conference.id));

      const last = await list({ filter: JSON.stringify({ q: tag.toLowerCase() }), sort: '["name","ASC"]', range: '[10,19]' });
      expect(last.headers['content-range']).toBe('conferences 10-11/12');
      expect(ids(last.body)).toEqual([created[10].id, created[11].id]);

      const underscore = await createConference(t.dataSource, { name: `${tag}_X` });
      const literal = await list({ filter: JSON.stringify({ q: `${tag}_` }) });
      expect(ids(literal.body)).toEqual([underscore.id]);
      expect((await list({ filter: JSON.stringify({ q: `${tag}%00` }) })).body).toEqual([]);

      const many = await list({ filter: JSON.stringify({ id: [created[3].id, created[1].id] }) });
      expect(ids(many.body)).toEqual([created[1].id, created[3].id]);
      expect(many.headers['content-range']).toBe('conferences 0-1/2');
    });

    it.each([
      [{ sort: '["name"' }, 'sort must be JSON'],
      [{ sort: '["teams","ASC"]' }, 'Cannot sort by teams'],
      [{ range: '"all"' }, 'range must look like [0,24]'],
      [{ filter: 'q=big' }, 'filter must be JSON'],
      [{ filter: '"big"' }, 'filter must be a JSON object'],
      [{ filter: '{"id":["x"]}' }, 'id must be whole numbers'],
    ])('answers 400 for %j', async (query, message) => {
      expect((await t.http.get('/api/conferences').query(query).set(bearer(member)).expect(400)).body.errors[0]).toContain(message);
    });

    it.each([
      [{ range: '[3,1]' }, 'range must be two positions'],
      [{ filter: '{"id":[0]}' }, 'id must be whole numbers from 1'],
    ])('answers 422 for %j, out of its bounds', async (query, message) => {
      expect((await t.http.get('/api/conferences').query(query).set(bearer(member)).expect(422)).body.errors[0]).toContain(message);
    });
  });
});
