import { Pick } from '../../src/picks/entities/pick.entity';
import { Team } from '../../src/teams/entities/team.entity';
import { createPick, createWeek, dateFromNow, hoursFromNow } from '../support/factories';
import { bearer, TestApp } from '../support/test-app';
import { picksSuite, REFUSALS } from '../support/picks-suite';

describe('Picks', () => {
  const s = picksSuite();
  const { picks, audits, gameWithTeams, post } = s;
  let t: TestApp;
  beforeAll(() => ({ t } = s));

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
});
