import { Game } from '../../src/games/entities/game.entity';
import { Conference } from '../../src/teams/entities/conference.entity';
import { User } from '../../src/users/entities/user.entity';
import { createConference, createGame, createPick, createTeam } from '../support/factories';
import { bearer, TestApp } from '../support/test-app';
import { teamsSuite } from '../support/teams-suite';

describe('Teams', () => {
  const s = teamsSuite();
  const { unique, teams, validBody } = s;
  let t: TestApp, admin: string, member: string, conference: Conference;
  beforeAll(() => ({ t, admin, member, conference } = s));

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
});
