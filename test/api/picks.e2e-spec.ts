import { Game } from '../../src/games/entities/game.entity';
import { PickAudit } from '../../src/picks/entities/pick-audit.entity';
import { Pick } from '../../src/picks/entities/pick.entity';
import { Team } from '../../src/teams/entities/team.entity';
import { User } from '../../src/users/entities/user.entity';
import { createGame, createPick, createSeason, createWeek, dateFromNow, hoursFromNow } from '../support/factories';
import { TestSmtpServer } from '../support/smtp';
import { bearer, TestApp } from '../support/test-app';

const REFUSALS = {
  weekPast: 'Week completed - no changes allowed',
  deadlinePassed: 'Pick deadline has passed - no changes allowed',
  disabled: 'Picks are currently disabled',
};

describe('Picks', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let admin: string;
  let adminUser: User;

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    t = await TestApp.start({ SMTP_URL: smtp.url, APP_NAME: 'Saturday Pool' });
    admin = await t.adminToken();
    adminUser = await t.dataSource.getRepository(User).findOneByOrFail({ id: (await t.http.get('/api/me').set(bearer(admin))).body.id });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const picks = () => t.dataSource.getRepository(Pick);
  const audits = () => t.dataSource.getRepository(PickAudit);

  /** A game (by default open for picks, kicking off in three days) with its two teams. */
  async function gameWithTeams(fields: Partial<Game> = {}) {
    const game = await createGame(t.dataSource, fields);
    const teams = t.dataSource.getRepository(Team);
    return { game, home: await teams.findOneByOrFail({ id: game.home_team_id }), away: await teams.findOneByOrFail({ id: game.away_team_id }) };
  }
  const post = (token: string, body: object) => t.http.post('/api/picks').set(bearer(token)).send(body);

  describe('a member', () => {
    it('makes a pick (201), and a second POST for the game updates it (200)', async () => {
      const { user, token } = await t.member();
      const { game, home, away } = await gameWithTeams();

      const created = await post(token, { game_id: game.id, selected_winner: home.name, week_id: game.week_id }).expect(201);
      expect(created.body).toEqual({
        id: expect.any(Number),
        user_id: user.id,
        user: { id: user.id, name: user.name, email: user.email },
        game_id: game.id,
        game: {
          id: game.id,
          home_team: { id: home.id, name: home.name, nickname: home.nickname },
          away_team: { id: away.id, name: away.name, nickname: away.nickname },
          game_date: expect.any(String),
          is_tiebreaker: false,
        },
        week_id: game.week_id,
        selected_winner: home.name,
        selected_team_id: home.id,
        is_correct: null,
        tiebreaker_home_score: null,
        tiebreaker_away_score: null,
        confidence: null,
        is_lock: false,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });

      // The answer is what is stored: the same as reading the pick afterwards.
      const read = (id: number) => t.http.get(`/api/picks/${id}`).set(bearer(token)).expect(200);
      expect((await read(created.body.id)).body).toEqual(created.body);

      const updated = await post(token, { game_id: game.id, selected_winner: away.name, week_id: game.week_id }).expect(200);
      expect(updated.body).toEqual(expect.objectContaining({ id: created.body.id, selected_winner: away.name, selected_team_id: away.id }));
      expect((await read(created.body.id)).body).toEqual(updated.body);
      const stored = await picks().findBy({ user_id: user.id, game_id: game.id });
      expect(stored).toEqual([expect.objectContaining({ id: created.body.id, selected_team_id: away.id, week_id: game.week_id })]);
      // Members' own changes are not admin changes: no audit trail.
      expect(await audits().countBy({ pick_id: created.body.id })).toBe(0);
    });

    it('changes their pick with PUT and deletes it while the window is open', async () => {
      const { token } = await t.member();
      const { game, home, away } = await gameWithTeams();
      const created = await post(token, { game_id: game.id, selected_winner: home.name, week_id: game.week_id }).expect(201);

      const put = await t.http
        .put(`/api/picks/${created.body.id}`)
        .set(bearer(token))
        .send({ game_id: game.id, selected_winner: away.name, week_id: game.week_id })
        .expect(200);
      expect(put.body.selected_winner).toBe(away.name);
      expect((await picks().findOneByOrFail({ id: created.body.id })).selected_team_id).toBe(away.id);
      expect((await t.http.get(`/api/picks/${created.body.id}`).set(bearer(token)).expect(200)).body.selected_winner).toBe(away.name);

      await t.http.delete(`/api/picks/${created.body.id}`).set(bearer(token)).expect(204);
      expect(await picks().existsBy({ id: created.body.id })).toBe(false);
    });

    type Teams = { home: Team; away: Team };
    it.each<[string, (g: Teams) => object, (g: Teams) => string]>([
      ['a team that does not play in the game', () => ({ selected_winner: 'Nobody U' }), (g) => `selected_winner must be ${g.away.name} or ${g.home.name}`],
      ['another week', (g) => ({ selected_winner: g.home.name, week_id: 999999 }), () => "week_id does not match the game's week"],
      ['an unknown game', (g) => ({ selected_winner: g.home.name, game_id: 999999 }), () => 'game_id does not match any game'],
      ['no game', (g) => ({ selected_winner: g.home.name, game_id: undefined }), () => 'game_id is required'],
      ['no winner', () => ({ selected_winner: undefined }), () => 'selected_winner is required'],
      ['a winner that is no text', () => ({ selected_winner: 7 }), () => 'selected_winner must be a team name'],
      ['a score above 199', (g) => ({ selected_winner: g.home.name, tiebreaker_home_score: 200, tiebreaker_away_score: 3 }), () => 'tiebreaker_home_score must be a whole number from 0 to 199'],
      ['a negative score', (g) => ({ selected_winner: g.home.name, tiebreaker_home_score: 3, tiebreaker_away_score: -1 }), () => 'tiebreaker_away_score must be a whole number from 0 to 199'],
      ['a fractional score', (g) => ({ selected_winner: g.home.name, tiebreaker_home_score: 1.5, tiebreaker_away_score: 3 }), () => 'tiebreaker_home_score must be a whole number from 0 to 199'],
      ['a score that is text', (g) => ({ selected_winner: g.home.name, tiebreaker_home_score: '21', tiebreaker_away_score: 3 }), () => 'tiebreaker_home_score must be a whole number from 0 to 199'],
    ])('is refused a pick of %s with 422, and nothing is written', async (_case, body, message) => {
      const { user, token } = await t.member();
      const g = await gameWithTeams({ is_tiebreaker: true });
      const response = await post(token, { game_id: g.game.id, week_id: g.game.week_id, ...body(g) }).expect(422);
      expect(response.body.errors[0]).toBe(message(g));
      expect(await picks().countBy({ user_id: user.id })).toBe(0);
    });

    it('gives tiebreaker scores only on the tiebreaker game, both or neither', async () => {
      const { user, token } = await t.member();
      const tiebreaker = await gameWithTeams({ is_tiebreaker: true });
      const plain = await gameWithTeams({ week_id: tiebreaker.game.week_id });
      const pickOn = (g: typeof tiebreaker, scores: object) => post(token, { game_id: g.game.id, week_id: g.game.week_id, selected_winner: g.home.name, ...scores });

      expect((await pickOn(tiebreaker, { tiebreaker_home_score: 24 }).expect(422)).body.errors).toEqual(['Both scores required for tiebreaker']);
      expect((await pickOn(tiebreaker, { tiebreaker_home_score: null, tiebreaker_away_score: 10 }).expect(422)).body.errors).toEqual([
        'Both scores required for tiebreaker',
      ]);
      expect((await pickOn(plain, { tiebreaker_home_score: 24, tiebreaker_away_score: 17 }).expect(422)).body.errors).toEqual([
        'Tiebreaker scores are only accepted on the tiebreaker game',
      ]);
      expect(await picks().countBy({ user_id: user.id })).toBe(0);

      // A winner without scores is saved (the UI reminds the member to add them), then the scores join it.
      const first = await pickOn(tiebreaker, {}).expect(201);
      expect(first.body).toEqual(expect.objectContaining({ tiebreaker_home_score: null, tiebreaker_away_score: null }));
      await pickOn(tiebreaker, { tiebreaker_home_score: 0, tiebreaker_away_score: 199 }).expect(200);
      expect(await picks().findOneByOrFail({ id: first.body.id })).toEqual(expect.objectContaining({ tiebreaker_home_score: 0, tiebreaker_away_score: 199 }));
      // Left out, they stay; both null clears them.
      await pickOn(tiebreaker, {}).expect(200);
      expect((await picks().findOneByOrFail({ id: first.body.id })).tiebreaker_home_score).toBe(0);
      await pickOn(tiebreaker, { tiebreaker_home_score: null, tiebreaker_away_score: null }).expect(200);
      expect((await picks().findOneByOrFail({ id: first.body.id })).tiebreaker_home_score).toBeNull();
      await pickOn(plain, { tiebreaker_home_score: null, tiebreaker_away_score: null }).expect(201);
    });

    describe.each([
      ['the week is past', async () => createWeek(t.dataSource, { start_date: dateFromNow(-14), end_date: dateFromNow(-8) }).then((week) => ({ week_id: week.id })), REFUSALS.weekPast],
      ['the deadline has passed', async () => ({ game_date: hoursFromNow(0.5) }), REFUSALS.deadlinePassed],
      ['the game has kicked off', async () => ({ game_date: hoursFromNow(-2), status: 'in_progress' as const }), REFUSALS.deadlinePassed],
      // A final closes the game at once, kickoff days ahead or not (docs/results-integrity.md).
      ['the game is completed', async () => ({ status: 'completed' as const }), REFUSALS.deadlinePassed],
      ['the game is cancelled', async () => ({ status: 'cancelled' as const }), REFUSALS.disabled],
    ])('while %s', (_case, fields, refusal) => {
      it(`refuses to create, change or delete a pick with "${refusal}" first, and changes nothing`, async () => {
        const { user, token } = await t.member();
        const { game, home, away } = await gameWithTeams(await fields());

        const created = await post(token, { game_id: game.id, selected_winner: home.name, week_id: game.week_id }).expect(422);
        expect(created.body.errors[0]).toBe(refusal);
        // The refusal comes first even when the request has faults of its own.
        const faulty = await post(token, { game_id: game.id, selected_winner: 'Nobody U', tiebreaker_home_score: 3, tiebreaker_away_score: 4 }).expect(422);
        expect(faulty.body.errors[0]).toBe(refusal);
        expect(faulty.body.errors.length).toBeGreaterThan(1);
        expect(await picks().countBy({ user_id: user.id })).toBe(0);

        const existing = await createPick(t.dataSource, game, user.id);
        const put = await t.http.put(`/api/picks/${existing.id}`).set(bearer(token)).send({ game_id: game.id, selected_winner: away.name }).expect(422);
        expect(put.body.errors[0]).toBe(refusal);
        const again = await post(token, { game_id: game.id, selected_winner: away.name }).expect(422);
        expect(again.body.errors[0]).toBe(refusal);
        const removed = await t.http.delete(`/api/picks/${existing.id}`).set(bearer(token)).expect(422);
        expect(removed.body.errors[0]).toBe(refusal);
        expect(await picks().findOneByOrFail({ id: existing.id })).toEqual(expect.objectContaining({ selected_team_id: home.id }));
      });
    });

    it("sees only their own picks: another member's list is a 403, their picks a 404", async () => {
      const ann = await t.member();
      const bob = await t.member();
      const { game } = await gameWithTeams();
      const other = await gameWithTeams({ week_id: game.week_id });
      const annPick = await createPick(t.dataSource, game, ann.user.id);
      const annOther = await createPick(t.dataSource, other.game, ann.user.id);
      const bobPick = await createPick(t.dataSource, game, bob.user.id);

      const ids = (body: { id: number }[]) => body.map((pick) => pick.id).sort((a, b) => a - b);
      expect(ids((await t.http.get(`/api/picks?week_id=${game.week_id}`).set(bearer(ann.token)).expect(200)).body)).toEqual([annPick.id, annOther.id]);
      expect(ids((await t.http.get(`/api/picks?week_id=${game.week_id}&user_id=${ann.user.id}`).set(bearer(ann.token)).expect(200)).body)).toEqual([
        annPick.id,
        annOther.id,
      ]);
      expect(ids((await t.http.get('/api/picks').set(bearer(bob.token)).expect(200)).body)).toEqual([bobPick.id]);
      expect(ids((await t.http.get(`/api/picks?filter=${encodeURIComponent(JSON.stringify({ id: [annPick.id, bobPick.id] }))}`).set(bearer(bob.token)).expect(200)).body)).toEqual([
        bobPick.id,
      ]);

      const forbidden = await t.http.get(`/api/picks?week_id=${game.week_id}&user_id=${ann.user.id}`).set(bearer(bob.token)).expect(403);
      expect(forbidden.body.errors[0]).toBe('You can only see your own picks');
      await t.http.get(`/api/picks?filter=${encodeURIComponent(JSON.stringify({ user_id: ann.user.id }))}`).set(bearer(bob.token)).expect(403);

      await t.http.get(`/api/picks/${annPick.id}`).set(bearer(bob.token)).expect(404);
      await t.http.put(`/api/picks/${annPick.id}`).set(bearer(bob.token)).send({ selected_winner: other.away.name }).expect(404);
      await t.http.patch(`/api/picks/${annPick.id}`).set(bearer(bob.token)).send({ is_correct: true }).expect(404);
      await t.http.delete(`/api/picks/${annPick.id}`).set(bearer(bob.token)).expect(404);
      await t.http.get(`/api/picks/${annPick.id}/history`).set(bearer(bob.token)).expect(403);
      const sneaky = await post(bob.token, { game_id: other.game.id, selected_winner: other.home.name, user_id: ann.user.id }).expect(403);
      expect(sneaky.body.errors[0]).toBe('You can only make your own picks');
      expect(await picks().findOneByOrFail({ id: annPick.id })).toEqual(expect.objectContaining({ user_id: ann.user.id, selected_team_id: game.home_team_id }));
      expect(await picks().countBy({ user_id: bob.user.id })).toBe(1);
    });

    it('cannot mark a pick correct or move it to another game', async () => {
      const { token } = await t.member();
      const { game, home } = await gameWithTeams();
      const other = await gameWithTeams();
      const created = await post(token, { game_id: game.id, selected_winner: home.name }).expect(201);
      const response = await t.http.patch(`/api/picks/${created.body.id}`).set(bearer(token)).send({ is_correct: true }).expect(200);
      expect(response.body.is_correct).toBeNull();
      const moved = await t.http.put(`/api/picks/${created.body.id}`).set(bearer(token)).send({ game_id: other.game.id, selected_winner: other.home.name }).expect(422);
      expect(moved.body.errors).toContain("game_id does not match this pick's game");
      expect(await picks().findOneByOrFail({ id: created.body.id })).toEqual(expect.objectContaining({ game_id: game.id, is_correct: null }));
    });

    it('ends up with exactly one pick when POSTs for the same game race each other', async () => {
      const { user, token } = await t.member();
      const { game, home, away } = await gameWithTeams({ is_tiebreaker: true });
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? away : home)).map((team, i) =>
          post(token, { game_id: game.id, selected_winner: team.name, week_id: game.week_id, tiebreaker_home_score: i, tiebreaker_away_score: 10 + i }),
        ),
      );
      // One creates the pick; every other one finds it (or loses the race for the unique key and retries) and updates it.
      expect(responses.map((response) => response.status).sort()).toEqual([...Array(9).fill(200), 201]);
      expect(new Set(responses.map((response) => response.body.id)).size).toBe(1);
      const stored = await picks().findBy({ user_id: user.id, game_id: game.id });
      expect(stored).toHaveLength(1);
      expect([home.id, away.id]).toContain(stored[0].selected_team_id);
    });

    it('merges saves of the same pick one after the other: a save that leaves the scores out keeps the other save\'s scores', async () => {
      const { user, token } = await t.member();
      const { game, home, away } = await gameWithTeams({ is_tiebreaker: true });
      await post(token, { game_id: game.id, selected_winner: home.name, week_id: game.week_id }).expect(201);
      for (let round = 0; round < 10; round++) {
        const scores = { tiebreaker_home_score: round, tiebreaker_away_score: 20 + round };
        const [withScores, teamOnly] = await Promise.all([
          post(token, { game_id: game.id, selected_winner: home.name, week_id: game.week_id, ...scores }),
          post(token, { game_id: game.id, selected_winner: away.name, week_id: game.week_id }),
        ]);
        expect([withScores.status, teamOnly.status]).toEqual([200, 200]);
        // Either order is a fair outcome, but the scores both saves agree on (the first set them, the second kept them) stand.
        expect(await picks().findOneByOrFail({ user_id: user.id, game_id: game.id })).toEqual(expect.objectContaining(scores));
        await t.dataSource.getRepository(Pick).update({ user_id: user.id, game_id: game.id }, { tiebreaker_home_score: null, tiebreaker_away_score: null });
      }
    });
  });

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
