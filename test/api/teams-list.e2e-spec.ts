import { Conference } from '../../src/teams/entities/conference.entity';
import { Team } from '../../src/teams/entities/team.entity';
import { createConference, createTeam } from '../support/factories';
import { bearer, TestApp } from '../support/test-app';
import { teamsSuite } from '../support/teams-suite';

describe('Teams', () => {
  const s = teamsSuite();
  const { unique, teams } = s;
  let t: TestApp, admin: string, member: string;
  beforeAll(() => ({ t, admin, member } = s));

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
