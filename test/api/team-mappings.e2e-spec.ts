import { Conference } from '../../src/teams/entities/conference.entity';
import { TeamProviderId } from '../../src/teams/entities/team-provider-id.entity';
import { Team } from '../../src/teams/entities/team.entity';
import { createConference, createTeam } from '../support/factories';
import { bearer, TestApp } from '../support/test-app';

jest.setTimeout(60_000);

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('Team mappings (docs/imports.md#team-matching)', () => {
  let t: TestApp;
  let admin: string;
  let member: string;

  beforeAll(async () => {
    t = await TestApp.start();
    admin = await t.adminToken();
    ({ token: member } = await t.member());
  });
  afterAll(() => t.close());

  const save = (body: Json) => t.http.post('/api/team_mappings').set(bearer(admin)).send(body);
  const counts = async () => ({
    mappings: await t.dataSource.getRepository(TeamProviderId).count(),
    teams: await t.dataSource.getRepository(Team).count(),
    conferences: await t.dataSource.getRepository(Conference).count(),
  });
  let ids = 0;
  const externalId = () => `ext-${process.pid}-${++ids}`;

  it('maps a provider team to one of ours, and mapping it again to the same team changes nothing', async () => {
    const team = await createTeam(t.dataSource);
    const external_id = externalId();
    const first = await save({ provider: 'scoreboard', mappings: [{ external_id, external_name: 'Springfield St.', team_id: team.id }] }).expect(201);
    expect(first.body.mappings).toEqual([
      { id: expect.any(Number), provider: 'scoreboard', external_id, external_name: 'Springfield St.', team_id: team.id, team: { id: team.id, name: team.name }, created_at: expect.any(String), team_created: false },
    ]);
    const again = await save({ provider: 'scoreboard', mappings: [{ external_id, external_name: 'Springfield St.', team_id: team.id }] }).expect(201);
    expect(again.body.mappings[0].id).toBe(first.body.mappings[0].id);
    expect(await t.dataSource.getRepository(TeamProviderId).countBy({ provider: 'scoreboard', external_id })).toBe(1);
  });

  it('creates FCS opponents in the FCS conference, made once, and other teams where the admin says', async () => {
    const conference = await createConference(t.dataSource);
    const [a, b, c] = [externalId(), externalId(), externalId()];
    const { body } = await save({
      provider: 'cfbd',
      mappings: [
        { external_id: a, external_name: `Created A ${a}`, create: {} },
        { external_id: b, external_name: `Created B ${b}`, create: { classification: 'ii' } },
        { external_id: c, external_name: `Created C ${c}`, create: { conference_id: conference.id, classification: 'fbs' } },
      ],
    }).expect(201);
    expect(body.mappings.map((mapping: Json) => mapping.team_created)).toEqual([true, true, true]);
    const fcs = await t.dataSource.getRepository(Conference).findBy({ name: 'FCS' });
    expect(fcs).toHaveLength(1);
    const teams = t.dataSource.getRepository(Team);
    expect(await teams.findOneByOrFail({ name: `Created A ${a}` })).toMatchObject({ conference_id: fcs[0].id, classification: 'fcs', city: '', state: '', webpage_url: '' });
    expect(await teams.findOneByOrFail({ name: `Created B ${b}` })).toMatchObject({ conference_id: fcs[0].id, classification: 'ii' });
    expect(await teams.findOneByOrFail({ name: `Created C ${c}` })).toMatchObject({ conference_id: conference.id, classification: 'fbs' });
    const d = externalId();
    await save({ provider: 'cfbd', mappings: [{ external_id: d, external_name: `Created D ${d}`, create: {} }] }).expect(201);
    expect(await t.dataSource.getRepository(Conference).countBy({ name: 'FCS' })).toBe(1);
  });

  it('refuses, writing nothing: a name that exists, an id mapped to another team, unknown teams and conferences, bad bodies', async () => {
    const team = await createTeam(t.dataSource);
    const other = await createTeam(t.dataSource);
    const mapped = externalId();
    await save({ provider: 'cfbd', mappings: [{ external_id: mapped, external_name: 'Mapped', team_id: team.id }] }).expect(201);
    const fresh = externalId();
    const good = { external_id: fresh, external_name: `Fresh ${fresh}`, create: {} };
    const cases: [Json, number, RegExp][] = [
      [{ provider: 'cfbd', mappings: [good, { external_id: externalId(), external_name: team.name.toUpperCase(), create: {} }] }, 422, new RegExp(`A team named ${team.name} exists already \\(id ${team.id}\\): map`)],
      [{ provider: 'cfbd', mappings: [good, { external_id: mapped, external_name: 'Mapped', team_id: other.id }] }, 409, new RegExp(`is mapped to team ${team.id} already`)],
      [{ provider: 'cfbd', mappings: [good, { external_id: mapped, external_name: 'Mapped', create: {} }] }, 409, /mapped to team/],
      [{ provider: 'cfbd', mappings: [good, { external_id: externalId(), external_name: 'X', team_id: 99999999 }] }, 422, /team_id 99999999 does not match any team/],
      [{ provider: 'cfbd', mappings: [{ ...good, create: { conference_id: 99999999 } }] }, 422, /conference_id 99999999 does not match any conference/],
      [{ provider: 'cfbd', mappings: [good, { ...good, external_name: 'Other' }] }, 422, /is listed twice/],
      [{ provider: 'cfbd', mappings: [{ external_id: externalId(), external_name: 'Both', team_id: team.id, create: {} }] }, 422, /team_id or create, not both/],
      [{ provider: 'cfbd', mappings: [{ external_id: externalId(), external_name: 'Neither' }] }, 422, /needs team_id or create/],
      [{ provider: 'cfbd', mappings: [] }, 422, /mappings must not be empty/],
      [{ provider: 'espn', mappings: [good] }, 422, /provider must be one of/],
      [{ provider: 'cfbd', mappings: [{ ...good, create: { classification: 'nfl' } }] }, 422, /classification must be one of/],
    ];
    for (const [body, status, message] of cases) {
      const before = await counts();
      const response = await save(body).expect(status);
      expect(response.body.errors[0]).toMatch(message);
      expect(await counts()).toEqual(before);
    }
  });

  it('lists mappings for react-admin with provider and team filters, and deletes one', async () => {
    const team = await createTeam(t.dataSource);
    const [a, b] = [externalId(), externalId()];
    await save({ provider: 'cfbd', mappings: [{ external_id: a, external_name: 'A', team_id: team.id }] }).expect(201);
    await save({ provider: 'scoreboard', mappings: [{ external_id: b, external_name: 'B', team_id: team.id }] }).expect(201);
    const filter = encodeURIComponent(JSON.stringify({ team_id: team.id, provider: 'scoreboard' }));
    const listed = await t.http.get(`/api/team_mappings?filter=${filter}&range=[0,9]&sort=["external_name","ASC"]`).set(bearer(admin)).expect(200);
    expect(listed.body.map((mapping: Json) => mapping.external_id)).toEqual([b]);
    expect(listed.headers['content-range']).toBe('team_mappings 0-0/1');
    const all = await t.http.get(`/api/team_mappings?team_id=${team.id}`).set(bearer(admin)).expect(200);
    expect(all.body).toHaveLength(2);

    await t.http.delete(`/api/team_mappings/${listed.body[0].id}`).set(bearer(admin)).expect(204);
    await t.http.delete(`/api/team_mappings/${listed.body[0].id}`).set(bearer(admin)).expect(404);
    expect(await t.dataSource.getRepository(TeamProviderId).countBy({ team_id: team.id })).toBe(1);
    expect(await t.dataSource.getRepository(Team).countBy({ id: team.id })).toBe(1);
  });

  it.each([
    ['GET', '/api/team_mappings'],
    ['POST', '/api/team_mappings'],
    ['DELETE', '/api/team_mappings/1'],
  ])('answers 403 to a member: %s %s', async (method, url) => {
    const call = method === 'GET' ? t.http.get(url) : method === 'POST' ? t.http.post(url).send({}) : t.http.delete(url);
    await call.set(bearer(member)).expect(403);
  });
});
