import { User } from '../../src/users/entities/user.entity';
import { createGame, createPick, createSeason, createWeek, dateFromNow, hoursFromNow } from '../support/factories';
import { TestSmtpServer } from '../support/smtp';
import { bearer, TestApp } from '../support/test-app';
import { picksSuite } from '../support/picks-suite';

describe('Picks', () => {
  const s = picksSuite();
  const { picks, audits, gameWithTeams, post } = s;
  let smtp: TestSmtpServer, t: TestApp, admin: string, adminUser: User;
  beforeAll(() => ({ smtp, t, admin, adminUser } = s));

  describe('an admin', () => {
    it('does not make picks for themself', async () => {
      const { game, home } = await gameWithTeams();
      const otherAdmin = await t.createUser({ role: 'admin' });
      for (const user_id of [undefined, adminUser.id, otherAdmin.id]) {
        const response = await post(admin, { game_id: game.id, selected_winner: home.name, user_id }).expect(422);
        expect(response.body.errors[0]).toBe('Admins do not make picks; choose a member');
      }
      expect((await post(admin, { game_id: game.id, selected_winner: home.name, user_id: 999999 }).expect(422)).body.errors[0]).toBe(
        'user_id does not match any user',
      );
      expect(await picks().countBy({ game_id: game.id })).toBe(0);
    });

    it("overrides a member's pick after the deadline, audits every change and e-mails the member", async () => {
      const { user } = await t.member({ name: 'Audited Member' });
      const { game, home, away } = await gameWithTeams({ game_date: hoursFromNow(-3), is_tiebreaker: true });

      // Created after the deadline, for the member.
      const created = await post(admin, { user_id: user.id, game_id: game.id, selected_winner: home.name, week_id: game.week_id, reason: 'Phoned in before kickoff' }).expect(201);
      expect(created.body).toEqual(expect.objectContaining({ user_id: user.id, selected_winner: home.name, is_correct: null }));
      const first = await smtp.waitFor(user.email, 1);
      expect(first.subject).toContain('Saturday Pool');
      expect(first.subject).toContain(`${away.name} @ ${home.name}`);
      expect(first.text).toContain(`Picked winner: No pick -> ${home.name}`);
      expect(first.text).toContain('Reason given: Phoned in before kickoff');
      expect(first.text).toContain('http://pool.test/dashboard');
      expect(first.html).toContain(home.name);
      expect(first.html).toContain('Phoned in before kickoff');

      // Replaced through POST again: 200, an update.
      const replaced = await post(admin, { user_id: user.id, game_id: game.id, selected_winner: away.name, tiebreaker_home_score: 28, tiebreaker_away_score: 21 }).expect(200);
      expect(replaced.body).toEqual(expect.objectContaining({ id: created.body.id, selected_winner: away.name, tiebreaker_home_score: 28, tiebreaker_away_score: 21 }));
      const second = await smtp.waitFor(user.email, 2);
      expect(second.text).toContain(`Picked winner: ${home.name} -> ${away.name}`);
      expect(second.text).toContain(`Tiebreaker score: None -> ${home.name} 28 - ${away.name} 21`);
      expect(second.text).not.toContain('Reason given');

      // PATCH and PUT as admin.
      const patched = await t.http.patch(`/api/picks/${created.body.id}`).set(bearer(admin)).send({ is_correct: true, reason: 'Result corrected' }).expect(200);
      expect(patched.body.is_correct).toBe(true);
      expect((await smtp.waitFor(user.email, 3)).text).toContain('Result: Not scored yet -> Correct');
      const put = await t.http.put(`/api/picks/${created.body.id}`).set(bearer(admin)).send({ ...patched.body, selected_winner: home.name, is_correct: false }).expect(200);
      expect(put.body).toEqual(expect.objectContaining({ selected_winner: home.name, is_correct: false, tiebreaker_home_score: 28 }));
      await smtp.waitFor(user.email, 4);

      // Tiebreaker rules still apply to admins.
      const half = await t.http.patch(`/api/picks/${created.body.id}`).set(bearer(admin)).send({ tiebreaker_home_score: 10 }).expect(422);
      expect(half.body.errors).toEqual(['Both scores required for tiebreaker']);

      const history = await t.http.get(`/api/picks/${created.body.id}/history`).set(bearer(admin)).expect(200);
      const adminRef = { id: adminUser.id, name: adminUser.name };
      const value = (selected_winner: string, is_correct: boolean | null, home_score: number | null, away_score: number | null) => ({
        selected_winner,
        is_correct,
        tiebreaker_home_score: home_score,
        tiebreaker_away_score: away_score,
        confidence: null,
        is_lock: false,
      });
      expect(history.body).toEqual([
        { id: expect.any(Number), action: 'update', admin: adminRef, previous_value: value(away.name, true, 28, 21), new_value: value(home.name, false, 28, 21), reason: null, created_at: expect.any(String) },
        { id: expect.any(Number), action: 'update', admin: adminRef, previous_value: value(away.name, null, 28, 21), new_value: value(away.name, true, 28, 21), reason: 'Result corrected', created_at: expect.any(String) },
        { id: expect.any(Number), action: 'update', admin: adminRef, previous_value: value(home.name, null, null, null), new_value: value(away.name, null, 28, 21), reason: null, created_at: expect.any(String) },
        { id: expect.any(Number), action: 'create', admin: adminRef, previous_value: null, new_value: value(home.name, null, null, null), reason: 'Phoned in before kickoff', created_at: expect.any(String) },
      ]);

      // Deleted at any time; the trail outlives the pick.
      await t.http.delete(`/api/picks/${created.body.id}`).set(bearer(admin)).send({ reason: 'Duplicate entry' }).expect(204);
      expect(await picks().existsBy({ id: created.body.id })).toBe(false);
      expect((await smtp.waitFor(user.email, 5)).text).toContain(`Picked winner: ${home.name} -> No pick`);
      const after = await t.http.get(`/api/picks/${created.body.id}/history`).set(bearer(admin)).expect(200);
      expect(after.body).toHaveLength(5);
      expect(after.body[0]).toEqual(expect.objectContaining({ action: 'delete', previous_value: value(home.name, false, 28, 21), new_value: null, reason: 'Duplicate entry' }));
      const rows = await audits().findBy({ pick_id: created.body.id });
      expect(rows.every((row) => row.admin_id === adminUser.id && row.user_id === user.id && row.game_id === game.id)).toBe(true);
    });

    it('keeps the change when the e-mail to the member fails', async () => {
      const { user } = await t.member();
      smtp.refuse.add(user.email);
      const { game, home } = await gameWithTeams({ game_date: hoursFromNow(-3) });
      const created = await post(admin, { user_id: user.id, game_id: game.id, selected_winner: home.name }).expect(201);
      expect(await picks().existsBy({ id: created.body.id })).toBe(true);
      expect(await audits().countBy({ pick_id: created.body.id, action: 'create' })).toBe(1);
      expect(smtp.to(user.email)).toHaveLength(0);
    });

    it('refuses a faulty override with 422 and writes neither pick nor audit', async () => {
      const { user } = await t.member();
      const { game, home } = await gameWithTeams({ game_date: hoursFromNow(-3) });
      const cases: [object, string][] = [
        [{ selected_winner: 'Nobody U' }, 'selected_winner must be'],
        [{ selected_winner: home.name, tiebreaker_home_score: 3, tiebreaker_away_score: 4 }, 'Tiebreaker scores are only accepted on the tiebreaker game'],
        [{ selected_winner: home.name, reason: 'x'.repeat(501) }, 'reason must be at most 500 characters'],
        [{ selected_winner: home.name, user_id: 'someone' }, 'user_id must be a whole number'],
      ];
      for (const [body, message] of cases) {
        const response = await post(admin, { user_id: user.id, game_id: game.id, ...body }).expect(422);
        expect(response.body.errors[0]).toContain(message);
      }
      expect(await picks().countBy({ user_id: user.id })).toBe(0);
      expect(await audits().countBy({ user_id: user.id })).toBe(0);
      const existing = await createPick(t.dataSource, game, user.id);
      await t.http.patch(`/api/picks/${existing.id}`).set(bearer(admin)).send({ is_correct: 'yes' }).expect(422);
      await t.http.patch(`/api/picks/${existing.id}`).set(bearer(admin)).send({ selected_winner: 'Nobody U' }).expect(422);
      expect(await audits().countBy({ pick_id: existing.id })).toBe(0);
      await t.http.get('/api/picks/999999/history').set(bearer(admin)).expect(404);
      await t.http.patch('/api/picks/999999').set(bearer(admin)).send({ is_correct: true }).expect(404);
    });

    it('lists picks with season, week, user and game filters, bare, and in the react-admin dialect', async () => {
      const season = await createSeason(t.dataSource);
      const week1 = await createWeek(t.dataSource, { football_season_id: season.id, number: 1 });
      const week2 = await createWeek(t.dataSource, { football_season_id: season.id, number: 2, start_date: dateFromNow(7), end_date: dateFromNow(13) });
      const g1 = await createGame(t.dataSource, { week_id: week1.id });
      const g2 = await createGame(t.dataSource, { week_id: week2.id });
      const ann = await t.createUser({ name: 'Aaa Lister' });
      const bob = await t.createUser({ name: 'Bbb Lister' });
      const p = [await createPick(t.dataSource, g1, ann.id), await createPick(t.dataSource, g1, bob.id), await createPick(t.dataSource, g2, ann.id)];
      const ids = (body: { id: number }[]) => body.map((pick) => pick.id).sort((a, b) => a - b);
      const list = (query: string) => t.http.get(`/api/picks${query}`).set(bearer(admin)).expect(200);

      expect(ids((await list(`?football_season_id=${season.id}`)).body)).toEqual([p[0].id, p[1].id, p[2].id]);
      expect(ids((await list(`?football_season_id=${season.id}&week_id=${week1.id}`)).body)).toEqual([p[0].id, p[1].id]);
      expect(ids((await list(`?football_season_id=${season.id}&week_id=${week1.id}&user_id=${ann.id}`)).body)).toEqual([p[0].id]);
      expect(ids((await list(`?game_id=${g2.id}`)).body)).toEqual([p[2].id]);
      const bare = (await list('')).body as { id: number }[];
      expect(bare.length).toBeGreaterThanOrEqual(3);
      expect(ids(bare)).toEqual(expect.arrayContaining(p.map((pick) => pick.id)));

      const ra = await t.http
        .get('/api/picks')
        .query({ sort: JSON.stringify(['user.name', 'DESC']), range: JSON.stringify([0, 1]), filter: JSON.stringify({ football_season_id: season.id }) })
        .set(bearer(admin))
        .expect(200);
      expect(ra.headers['content-range']).toBe('picks 0-1/3');
      expect(ra.body.map((pick: { user: { name: string } }) => pick.user.name)).toEqual(['Bbb Lister', 'Aaa Lister']);
      const many = await list(`?filter=${encodeURIComponent(JSON.stringify({ id: [p[0].id, p[2].id] }))}`);
      expect(ids(many.body)).toEqual([p[0].id, p[2].id]);
      await t.http.get('/api/picks?week_id=abc').set(bearer(admin)).expect(400);
      await t.http.get(`/api/picks?sort=${encodeURIComponent('["password_hash","ASC"]')}`).set(bearer(admin)).expect(400);
    });
  });

  it('needs a session on every route', async () => {
    for (const [method, path] of [
      ['get', '/api/picks'],
      ['post', '/api/picks'],
      ['get', '/api/picks/1'],
      ['put', '/api/picks/1'],
      ['patch', '/api/picks/1'],
      ['delete', '/api/picks/1'],
      ['get', '/api/picks/1/history'],
    ] as const) {
      await t.http[method](path).expect(401);
    }
  });
});
