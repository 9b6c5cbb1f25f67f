import { Game } from '../../src/games/entities/game.entity';
import { Conference } from '../../src/teams/entities/conference.entity';
import { Team } from '../../src/teams/entities/team.entity';
import { User } from '../../src/users/entities/user.entity';
import { createConference, createGame, createPick, createTeam } from '../support/factories';
import { bearer, TestApp } from '../support/test-app';

describe('Teams', () => {
  let t: TestApp;
  let admin: string;
  let member: string;
  let conference: Conference;

  let n = 0;
  const unique = (prefix: string) => `${prefix} ${process.pid}-${++n}`;
  const teams = () => t.dataSource.getRepository(Team);
  const validBody = (overrides: Record<string, unknown> = {}) => ({
    name: unique('Tigers U'),
    city: 'Clemson',
    state: 'SC',
    conference_id: conference.id,
    webpage_url: 'https://clemsontigers.com',
    ...overrides,
  });

  beforeAll(async () => {
    t = await TestApp.start();
    admin = await t.adminToken();
    member = (await t.member()).token;
    conference = await createConference(t.dataSource, { name: unique('Home Conference') });
  });
  afterAll(() => t.close());

  describe('create', () => {
    it('creates a team from the required fields, wins and losses defaulting to 0', async () => {
      const body = validBody();
      const response = await t.http.post('/api/teams').set(bearer(admin)).send(body).expect(201);
      expect(response.body).toEqual({
        id: expect.any(Number),
        name: body.name,
        mascot: null,
        city: 'Clemson',
        state: 'SC',
        conference_id: conference.id,
        conference: { id: conference.id, name: conference.name },
        wins: 0,
        losses: 0,
        nickname: null,
        webpage_url: 'https://clemsontigers.com',
        alternate_names: [],
        classification: null,
      });
      expect(await teams().findOneByOrFail({ id: response.body.id })).toEqual(
        expect.objectContaining({ name: body.name, wins: 0, losses: 0, conference_id: conference.id }),
      );
    });

    it('stores every field, trimmed, and drops unknown ones', async () => {
      const name = unique('Gamecocks');
      const response = await t.http
        .post('/api/teams')
        .set(bearer(admin))
        .send({
          name: `  ${name} `,
          mascot: 'Cocky',
          city: ' Columbia ',
          state: 'SC',
          conference_id: conference.id,
          wins: 9,
          losses: 3,
          nickname: 'Gamecocks',
          webpage_url: 'http://gamecocksonline.com/',
          id: 999999,
          conference: { id: 1, name: 'Ignored' },
        })
        .expect(201);
      expect(response.body).toEqual(
        expect.objectContaining({
          name,
          mascot: 'Cocky',
          city: 'Columbia',
          wins: 9,
          losses: 3,
          nickname: 'Gamecocks',
          webpage_url: 'http://gamecocksonline.com/',
        }),
      );
      expect(response.body.id).not.toBe(999999);
      expect(response.body.conference).toEqual({ id: conference.id, name: conference.name });
    });

    const long = (length: number) => 'x'.repeat(length);
    it.each([
      [{ name: undefined }, 'name is required'],
      [{ name: null }, 'name is required'],
      [{ name: '   ' }, 'name is required'],
      [{ name: 42 }, 'name must be text'],
      [{ name: long(101) }, 'name must be at most 100 characters'],
      [{ city: undefined }, 'city is required'],
      [{ city: '' }, 'city is required'],
      [{ state: undefined }, 'state is required'],
      [{ state: long(51) }, 'state must be at most 50 characters'],
      [{ conference_id: undefined }, 'conference_id is required'],
      [{ conference_id: 'ACC' }, 'conference_id must be a whole number'],
      [{ conference_id: 1.5 }, 'conference_id must be a whole number'],
      [{ conference_id: 999999 }, 'conference_id does not match a conference'],
      [{ webpage_url: undefined }, 'webpage_url is required'],
      [{ webpage_url: 'clemsontigers.com' }, 'webpage_url must be a web address starting with http:// or https://'],
      [{ webpage_url: 'ftp://clemsontigers.com' }, 'webpage_url must be a web address starting with http:// or https://'],
      [{ webpage_url: 'javascript:alert(1)' }, 'webpage_url must be a web address starting with http:// or https://'],
      [{ webpage_url: `https://example.com/${long(240)}` }, 'webpage_url must be at most 255 characters'],
      [{ wins: -1 }, 'wins must be 0 or more'],
      [{ wins: 2.5 }, 'wins must be a whole number'],
      [{ wins: null }, 'wins must be a whole number'],
      [{ losses: '3' }, 'losses must be a whole number'],
      [{ mascot: 7 }, 'mascot must be text'],
      [{ nickname: long(101) }, 'nickname must be at most 100 characters'],
    ])('refuses %j with 422 "%s" and writes nothing', async (overrides, message) => {
      const before = await teams().count();
      const response = await t.http.post('/api/teams').set(bearer(admin)).send(validBody(overrides)).expect(422);
      expect(response.body.errors[0]).toBe(message);
      expect(await teams().count()).toBe(before);
    });

    it('refuses a name already taken, ignoring case, with 409 and writes nothing', async () => {
      const existing = await createTeam(t.dataSource, { name: unique('Duplicate State') });
      const before = await teams().count();
      const response = await t.http.post('/api/teams').set(bearer(admin)).send(validBody({ name: existing.name.toUpperCase() })).expect(409);
      expect(response.body.errors[0]).toBe(`Team ${existing.name} already exists`);
      expect(await teams().count()).toBe(before);
    });
  });

  describe('read', () => {
    it('shows one team with its conference, to members too', async () => {
      const team = await createTeam(t.dataSource, { conference_id: conference.id, mascot: 'Mike', nickname: 'Tigers' });
      const response = await t.http.get(`/api/teams/${team.id}`).set(bearer(member)).expect(200);
      expect(response.body).toEqual({
        id: team.id,
        name: team.name,
        mascot: 'Mike',
        city: 'Springfield',
        state: 'IL',
        conference_id: conference.id,
        conference: { id: conference.id, name: conference.name },
        wins: 0,
        losses: 0,
        nickname: 'Tigers',
        webpage_url: 'https://example.com',
        alternate_names: [],
        classification: null,
      });
    });

    it('answers 404 for an unknown team and 400 for an id that is not a number', async () => {
      expect((await t.http.get('/api/teams/999999').set(bearer(member)).expect(404)).body.errors[0]).toBe('Team not found');
      expect((await t.http.get('/api/teams/abc').set(bearer(member)).expect(400)).body.errors[0]).toBe('id must be a whole number');
    });
  });

  describe('update', () => {
    it('changes only the fields sent (PATCH)', async () => {
      const team = await createTeam(t.dataSource, { conference_id: conference.id, mascot: 'Aubie' });
      const response = await t.http.patch(`/api/teams/${team.id}`).set(bearer(admin)).send({ wins: 10, losses: 2 }).expect(200);
      const expected = { name: team.name, mascot: 'Aubie', wins: 10, losses: 2, city: 'Springfield' };
      expect(response.body).toEqual(expect.objectContaining({ id: team.id, ...expected }));
      expect(await teams().findOneByOrFail({ id: team.id })).toEqual(expect.objectContaining(expected));
    });

    it('takes the whole record react-admin sends with PUT, moving the team to another conference', async () => {
      const team = await createTeam(t.dataSource, { conference_id: conference.id });
      const other = await createConference(t.dataSource, { name: unique('Other Conference') });
      const current = (await t.http.get(`/api/teams/${team.id}`).set(bearer(admin)).expect(200)).body;
      const renamed = unique('Renamed');
      const response = await t.http
        .put(`/api/teams/${team.id}`)
        .set(bearer(admin))
        .send({ ...current, name: renamed, conference_id: other.id, mascot: '', nickname: null })
        .expect(200);
      expect(response.body).toEqual(
        expect.objectContaining({ id: team.id, name: renamed, conference_id: other.id, mascot: null, nickname: null }),
      );
      expect(response.body.conference).toEqual({ id: other.id, name: other.name });
      const stored = await teams().findOneByOrFail({ id: team.id });
      expect(stored).toEqual(expect.objectContaining({ name: renamed, conference_id: other.id, mascot: null, nickname: null }));
    });

    it('lets a team change the case of its own name', async () => {
      const team = await createTeam(t.dataSource, { name: unique('lsu') });
      const response = await t.http.patch(`/api/teams/${team.id}`).set(bearer(admin)).send({ name: team.name.toUpperCase() }).expect(200);
      expect(response.body.name).toBe(team.name.toUpperCase());
    });

    it.each([
      [{ name: null }, 422, 'name is required'],
      [{ name: '' }, 422, 'name is required'],
      [{ city: null }, 422, 'city is required'],
      [{ webpage_url: 'not a url' }, 422, 'webpage_url must be a web address starting with http:// or https://'],
      [{ wins: -3 }, 422, 'wins must be 0 or more'],
      [{ conference_id: null }, 422, 'conference_id is required'],
      [{ conference_id: 999999 }, 422, 'conference_id does not match a conference'],
    ])('refuses %j with %i "%s" and changes nothing', async (body, status, message) => {
      const team = await createTeam(t.dataSource, { conference_id: conference.id });
      const response = await t.http.patch(`/api/teams/${team.id}`).set(bearer(admin)).send(body).expect(status);
      expect(response.body.errors[0]).toBe(message);
      expect(await teams().findOneByOrFail({ id: team.id })).toEqual(team);
    });

    it("refuses another team's name, ignoring case, with 409 and changes nothing", async () => {
      const taken = await createTeam(t.dataSource, { name: unique('Ole Miss') });
      const team = await createTeam(t.dataSource);
      const response = await t.http.put(`/api/teams/${team.id}`).set(bearer(admin)).send({ name: taken.name.toLowerCase(), wins: 5 }).expect(409);
      expect(response.body.errors[0]).toBe(`Team ${taken.name} already exists`);
      expect(await teams().findOneByOrFail({ id: team.id })).toEqual(team);
    });

    it('answers 404 for an unknown team', async () => {
      expect((await t.http.patch('/api/teams/999999').set(bearer(admin)).send({ wins: 1 }).expect(404)).body.errors[0]).toBe('Team not found');
    });
  });

  describe('delete', () => {
    it('deletes a team nothing refers to', async () => {
      const team = await createTeam(t.dataSource);
      await t.http.delete(`/api/teams/${team.id}`).set(bearer(admin)).expect(204);
      expect(await teams().existsBy({ id: team.id })).toBe(false);
      await t.http.delete(`/api/teams/${team.id}`).set(bearer(admin)).expect(404);
    });

    it.each(['home', 'away'] as const)('refuses to delete a team playing a game as the %s team, changing nothing', async (side) => {
      const team = await createTeam(t.dataSource);
      const game = await createGame(t.dataSource, { [`${side}_team_id`]: team.id });
      const response = await t.http.delete(`/api/teams/${team.id}`).set(bearer(admin)).expect(409);
      expect(response.body.errors[0]).toBe(`Team ${team.name} is still used by 1 game`);
      expect(await teams().existsBy({ id: team.id })).toBe(true);
      expect(await t.dataSource.getRepository(Game).existsBy({ id: game.id })).toBe(true);
    });

    it('counts games and picks that hold a team', async () => {
      const team = await createTeam(t.dataSource);
      const won = await createGame(t.dataSource, { home_team_id: team.id, winner_team_id: team.id, status: 'completed' });
      await createGame(t.dataSource, { away_team_id: team.id });
      const { user } = await t.member();
      await createPick(t.dataSource, won, user.id, { selected_team_id: team.id });
      const response = await t.http.delete(`/api/teams/${team.id}`).set(bearer(admin)).expect(409);
      expect(response.body.errors[0]).toBe(`Team ${team.name} is still used by 2 games and 1 pick`);
      expect(await teams().existsBy({ id: team.id })).toBe(true);
    });

    it("refuses to delete a member's favorite team, changing nothing", async () => {
      const team = await createTeam(t.dataSource);
      const { user } = await t.member({ favorite_team_id: team.id });
      const response = await t.http.delete(`/api/teams/${team.id}`).set(bearer(admin)).expect(409);
      expect(response.body.errors[0]).toBe(`Team ${team.name} is still used by 1 member as their favorite team`);
      expect(await teams().existsBy({ id: team.id })).toBe(true);
      expect((await t.dataSource.getRepository(User).findOneByOrFail({ id: user.id })).favorite_team_id).toBe(team.id);
    });
  });

  describe('permissions', () => {
    it('lets members read but not write, and answers 401 without a session', async () => {
      const team = await createTeam(t.dataSource, { conference_id: conference.id });
      await t.http.get('/api/teams').set(bearer(member)).expect(200);
      await t.http.get(`/api/teams/${team.id}`).set(bearer(member)).expect(200);
      await t.http.get('/api/teams').expect(401);
      await t.http.get(`/api/teams/${team.id}`).expect(401);
      const before = await teams().count();
      for (const [method, path] of [
        ['post', '/api/teams'],
        ['patch', `/api/teams/${team.id}`],
        ['put', `/api/teams/${team.id}`],
        ['delete', `/api/teams/${team.id}`],
      ] as const) {
        await t.http[method](path).set(bearer(member)).send(validBody({ wins: 99 })).expect(403);
        await t.http[method](path).send(validBody({ wins: 99 })).expect(401);
      }
      expect(await teams().count()).toBe(before);
      expect(await teams().findOneByOrFail({ id: team.id })).toEqual(team);
    });
  });

  describe('list', () => {
    let listed: Conference;
    let other: Conference;

    beforeAll(async () => {
      listed = await createConference(t.dataSource, { name: unique('Alpha Listed') });
      other = await createConference(t.dataSource, { name: unique('Zulu Listed') });
    });

    const ids = (body: { id: number }[]) => body.map((team) => team.id);

    it('answers a plain array ordered by name, without Content-Range, when react-admin parameters are absent', async () => {
      const charlie = await createTeam(t.dataSource, { name: unique('Charlie'), conference_id: listed.id });
      const able = await createTeam(t.dataSource, { name: unique('Able'), conference_id: listed.id });
      const baker = await createTeam(t.dataSource, { name: unique('Baker'), conference_id: listed.id });
      const response = await t.http.get(`/api/teams?conference_id=${listed.id}`).set(bearer(member)).expect(200);
      expect(response.headers['content-range']).toBeUndefined();
      expect(ids(response.body)).toEqual([able.id, baker.id, charlie.id]);
      expect(response.body[0].conference).toEqual({ id: listed.id, name: listed.name });

      const all = await t.http.get('/api/teams').set(bearer(member)).expect(200);
      expect(Array.isArray(all.body)).toBe(true);
      expect(all.body.length).toBe(await teams().count());
    });

    it('matches q against name or nickname, ignoring case', async () => {
      const tag = `Qz${process.pid}`;
      const byName = await createTeam(t.dataSource, { name: `North ${tag} State`, nickname: 'Wolves' });
      const byNickname = await createTeam(t.dataSource, { name: unique('South'), nickname: `Big ${tag.toUpperCase()}s` });
      await createTeam(t.dataSource, { name: unique('East'), nickname: 'Unrelated' });
      for (const q of [tag.toLowerCase(), tag.toUpperCase(), `  ${tag} `]) {
        const plain = await t.http.get('/api/teams').query({ q }).set(bearer(member)).expect(200);
        expect(ids(plain.body).sort()).toEqual([byName.id, byNickname.id].sort());
      }
      const ra = await t.http
        .get('/api/teams')
        .query({ filter: JSON.stringify({ q: tag.toLowerCase() }), sort: '["name","ASC"]', range: '[0,24]' })
        .set(bearer(member))
        .expect(200);
      expect(ra.headers['content-range']).toBe('teams 0-1/2');
      expect(ids(ra.body)).toEqual([byName.id, byNickname.id]);
    });

    it('treats % and _ in q as plain characters', async () => {
      const tag = `Pct${process.pid}`;
      const percent = await createTeam(t.dataSource, { name: `${tag} 100% Effort`, nickname: null });
      const underscore = await createTeam(t.dataSource, { name: `${tag} Under_Score`, nickname: null });
      await createTeam(t.dataSource, { name: `${tag} 1000 Effort`, nickname: null });
      await createTeam(t.dataSource, { name: `${tag} UnderXScore`, nickname: null });
      const search = async (q: string) => ids((await t.http.get('/api/teams').query({ q }).set(bearer(member)).expect(200)).body);
      expect(await search(`${tag} 100%`)).toEqual([percent.id]);
      expect(await search('r_S')).toEqual([underscore.id]);
      expect(await search(`${tag}%Effort`)).toEqual([]);
      expect(await search('!')).toEqual([]);
    });

    it("pages with range and answers Content-Range like 'teams 0-9/25'", async () => {
      const paged = await createConference(t.dataSource, { name: unique('Paged') });
      const created: Team[] = [];
      for (let i = 0; i < 25; i++) {
        created.push(await createTeam(t.dataSource, { name: `Paged ${process.pid} ${String(i).padStart(2, '0')}`, conference_id: paged.id }));
      }
      const page = (range: string) =>
        t.http
          .get('/api/teams')
          .query({ sort: '["name","ASC"]', range, filter: JSON.stringify({ conference_id: paged.id }) })
          .set(bearer(admin))
          .expect(200);

      const first = await page('[0,9]');
      expect(first.headers['content-range']).toBe('teams 0-9/25');
      expect(first.headers['access-control-expose-headers']).toContain('Content-Range');
      expect(ids(first.body)).toEqual(created.slice(0, 10).map((team) => team.id));

      const last = await page('[20,29]');
      expect(last.headers['content-range']).toBe('teams 20-24/25');
      expect(ids(last.body)).toEqual(created.slice(20).map((team) => team.id));
    });

    it('sorts by any column, including the conference name, descending too', async () => {
      const zulu1 = await createTeam(t.dataSource, { name: unique('Aardvark'), conference_id: other.id, wins: 3 });
      const alpha1 = await createTeam(t.dataSource, { name: unique('Yak'), conference_id: listed.id, wins: 9 });
      const alpha2 = await createTeam(t.dataSource, { name: unique('Zebra'), conference_id: listed.id, wins: 1 });
      const zulu2 = await createTeam(t.dataSource, { name: unique('Bison'), conference_id: other.id, wins: 7 });
      const filter = JSON.stringify({ id: [zulu1.id, alpha1.id, alpha2.id, zulu2.id] });
      const sorted = async (sort: string, range = '[0,9]') => {
        const response = await t.http.get('/api/teams').query({ sort, range, filter }).set(bearer(admin)).expect(200);
        return { ids: ids(response.body), range: response.headers['content-range'] };
      };
      expect(await sorted('["conference.name","ASC"]')).toEqual({ ids: [alpha1.id, alpha2.id, zulu1.id, zulu2.id], range: 'teams 0-3/4' });
      expect(await sorted('["conference.name","DESC"]', '[0,1]')).toEqual({ ids: [zulu1.id, zulu2.id], range: 'teams 0-1/4' });
      expect(await sorted('["wins","DESC"]')).toEqual({ ids: [alpha1.id, zulu2.id, zulu1.id, alpha2.id], range: 'teams 0-3/4' });
      expect(await sorted('["name","desc"]')).toEqual({ ids: [alpha2.id, alpha1.id, zulu2.id, zulu1.id], range: 'teams 0-3/4' });
      expect(await sorted('["id","DESC"]')).toEqual({ ids: [zulu2.id, alpha2.id, alpha1.id, zulu1.id], range: 'teams 0-3/4' });
    });

    it('combines q with conference_id, and returns the records of getMany', async () => {
      const tag = `Combo${process.pid}`;
      const inListed = await createTeam(t.dataSource, { name: `${tag} One`, conference_id: listed.id });
      await createTeam(t.dataSource, { name: `${tag} Two`, conference_id: other.id });
      const combined = await t.http
        .get('/api/teams')
        .query({ filter: JSON.stringify({ q: tag, conference_id: listed.id }) })
        .set(bearer(member))
        .expect(200);
      expect(ids(combined.body)).toEqual([inListed.id]);
      expect(combined.headers['content-range']).toBe('teams 0-0/1');

      const a = await createTeam(t.dataSource);
      const b = await createTeam(t.dataSource);
      const many = await t.http.get('/api/teams').query({ filter: JSON.stringify({ id: [b.id, a.id, 999999] }) }).set(bearer(member)).expect(200);
      expect(ids(many.body).sort()).toEqual([a.id, b.id].sort());
      expect(many.body[0]).toEqual(expect.objectContaining({ conference: expect.objectContaining({ id: expect.any(Number) }) }));
    });

    it.each([
      [{ sort: 'name' }, 'sort must be JSON'],
      [{ sort: '["name"]' }, 'sort must look like ["name","ASC"]'],
      [{ sort: '["name","UP"]' }, 'sort must look like ["name","ASC"]'],
      [{ sort: '["password","ASC"]' }, 'Cannot sort by password'],
      [{ range: '[0' }, 'range must be JSON'],
      [{ filter: '{q:' }, 'filter must be JSON'],
      [{ filter: '[1,2]' }, 'filter must be a JSON object'],
      [{ filter: '{"conference_id":"ACC"}' }, 'conference_id must be a whole number'],
      [{ conference_id: 'ACC' }, 'conference_id must be a whole number'],
      [{ filter: '{"id":["x"]}' }, 'id must be whole numbers'],
    ])('answers 400 for %j', async (query, message) => {
      const response = await t.http.get('/api/teams').query(query).set(bearer(member)).expect(400);
      expect(response.body.errors[0]).toContain(message);
    });

    it.each([
      [{ range: '[9,0]' }, 'range must be two positions'],
      [{ range: '[-1,5]' }, 'range must be two positions'],
      [{ filter: '{"id":[0]}' }, 'id must be whole numbers from 1'],
    ])('answers 422 for %j, out of its bounds', async (query, message) => {
      const response = await t.http.get('/api/teams').query(query).set(bearer(member)).expect(422);
      expect(response.body.errors[0]).toContain(message);
    });
  });
});
