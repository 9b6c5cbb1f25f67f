import { GAME_RULES } from '../../src/games/game-rules';
import { Pick } from '../../src/picks/entities/pick.entity';
import { createPick, createTeam, createWeek, dateFromNow } from '../support/factories';
import { bearer, TestApp } from '../support/test-app';
import { DAY, gamesSuite } from '../support/games-suite';

describe('Games', () => {
  const s = gamesSuite();
  const { fromNow, stored, fixture, post, patch, put, get } = s;
  let t: TestApp, admin: string, member: string, memberId: number;
  beforeAll(() => ({ t, admin, member, memberId } = s));

  describe('winner from scores', () => {
    it('makes the higher score the winner of a completed game when no winner is given', async () => {
      const f = await fixture();
      const created = await post({ ...f.body, status: 'completed', home_score: 28, away_score: 21 }).expect(201);
      expect(created.body).toEqual(
        expect.objectContaining({ winner_team_id: f.home.id, winner_team: { id: f.home.id, name: f.home.name, nickname: 'Hosts' } }),
      );
      expect((await stored(created.body.id)).winner_team_id).toBe(f.home.id);
    });

    it('records final scores on an existing game (PUT with "No Winner/TBD") and follows corrected scores', async () => {
      const f = await fixture();
      const { body: game } = await post(f.body).expect(201);
      const final = await put(game.id, { ...f.body, status: 'completed', home_score: 10, away_score: 17, winner_team_id: null }).expect(200);
      expect(final.body.winner_team_id).toBe(f.away.id);
      const corrected = await patch(game.id, { home_score: 20 }).expect(200);
      expect(corrected.body.winner_team_id).toBe(f.home.id);
      expect((await stored(game.id)).winner_team_id).toBe(f.home.id);
    });

    it('refuses a winner that contradicts the score without a forfeit, naming the teams, the score and the way out', async () => {
      const f = await fixture();
      const { body: game } = await post({ ...f.body, status: 'completed', home_score: 28, away_score: 21 }).expect(201);
      const before = await stored(game.id);
      for (const send of [patch, put]) {
        const refused = await send(game.id, { winner_team_id: f.away.id }).expect(422);
        expect(refused.body).toEqual({
          errors: [
            `The score is ${f.home.name} 28, ${f.away.name} 21, so the winner is ${f.home.name}, not ${f.away.name}. ` +
              `Correct the score, or to award the game to ${f.away.name} anyway, set forfeit to true with a forfeit_reason.`,
          ],
        });
      }
      await post({ ...f.body, status: 'completed', home_score: 28, away_score: 21, winner_team_id: f.away.id }).expect(422);
      expect(await stored(game.id)).toEqual(before);
    });

    it('awards a game against the score as a forfeit with a reason, keeps it through edits, and gives it back to the score when lifted', async () => {
      const f = await fixture();
      const { body: game } = await post({ ...f.body, status: 'completed', home_score: 28, away_score: 21 }).expect(201);
      const awarded = await patch(game.id, { winner_team_id: f.away.id, forfeit: true, forfeit_reason: ' Ineligible player ' }).expect(200);
      expect(awarded.body).toEqual(expect.objectContaining({ winner_team_id: f.away.id, forfeit: true, forfeit_reason: 'Ineligible player', status: 'completed' }));
      expect(await stored(game.id)).toEqual(expect.objectContaining({ winner_team_id: f.away.id, forfeit: true, forfeit_reason: 'Ineligible player' }));
      // The edit form sends the whole record back: the forfeit and its winner stand.
      expect((await put(game.id, { ...awarded.body, name: 'Awarded', home_score: 35 }).expect(200)).body).toEqual(
        expect.objectContaining({ winner_team_id: f.away.id, forfeit: true, home_score: 35 }),
      );
      const lifted = await patch(game.id, { forfeit: false }).expect(200);
      expect(lifted.body).toEqual(expect.objectContaining({ winner_team_id: f.home.id, forfeit: false, forfeit_reason: null }));
    });

    it('refuses a forfeit without a reason, changing nothing', async () => {
      const f = await fixture();
      const { body: game } = await post({ ...f.body, status: 'completed', home_score: 28, away_score: 21 }).expect(201);
      const before = await stored(game.id);
      const refused = await patch(game.id, { winner_team_id: f.away.id, forfeit: true, forfeit_reason: '' }).expect(422);
      expect(refused.body).toEqual({ errors: [GAME_RULES.forfeitWithoutReason] });
      expect(await stored(game.id)).toEqual(before);
    });

    it('re-derives the winner when the edit form sends the stored record back with the old winner and new scores', async () => {
      const f = await fixture();
      const { body: game } = await post({ ...f.body, status: 'completed', home_score: 42, away_score: 26 }).expect(201);
      expect(game.winner_team_id).toBe(f.home.id);
      const corrected = await put(game.id, { ...game, home_score: 42, away_score: 45 }).expect(200);
      expect(corrected.body).toEqual(expect.objectContaining({ winner_team_id: f.away.id, status: 'completed', home_score: 42, away_score: 45 }));
      expect((await stored(game.id)).winner_team_id).toBe(f.away.id);
    });

    it('marks a game completed when both scores are entered without a status, with the winner from them', async () => {
      const f = await fixture();
      const { body: game } = await post(f.body).expect(201);
      const half = await patch(game.id, { home_score: 17 }).expect(200);
      expect(half.body).toEqual(expect.objectContaining({ status: 'scheduled', winner_team_id: null }));
      const scored = await patch(game.id, { away_score: 20 }).expect(200);
      expect(scored.body).toEqual(expect.objectContaining({ status: 'completed', winner_team_id: f.away.id, winner_team: expect.objectContaining({ id: f.away.id }) }));

      // The edit form sends the status it loaded ("scheduled") along with the scores: the game is completed too.
      const { body: other } = await post(f.body).expect(201);
      expect((await put(other.id, { ...other, home_score: 31, away_score: 3 }).expect(200)).body).toEqual(
        expect.objectContaining({ status: 'completed', winner_team_id: f.home.id }),
      );
      expect(await stored(other.id)).toEqual(expect.objectContaining({ status: 'completed', winner_team_id: f.home.id }));
      expect((await post({ ...f.body, home_score: 7, away_score: 10 }).expect(201)).body).toEqual(
        expect.objectContaining({ status: 'completed', winner_team_id: f.away.id }),
      );
    });

    it('respects a status the request names: live scores stay in progress without a winner', async () => {
      const f = await fixture();
      const { body: game } = await post(f.body).expect(201);
      const live = await patch(game.id, { status: 'in_progress', home_score: 14, away_score: 3 }).expect(200);
      expect(live.body).toEqual(expect.objectContaining({ status: 'in_progress', winner_team_id: null }));
      const cancelled = await put(game.id, { ...live.body, status: 'cancelled' }).expect(200);
      expect(cancelled.body).toEqual(expect.objectContaining({ status: 'cancelled', winner_team_id: null }));
    });

    it('refuses to clear the score of a completed game, and reopens it when the status says so', async () => {
      const f = await fixture();
      const { body: game } = await post({ ...f.body, status: 'completed', home_score: 28, away_score: 21 }).expect(201);
      expect((await patch(game.id, { home_score: null }).expect(422)).body.errors).toEqual([GAME_RULES.scoreCleared]);
      const reopened = await patch(game.id, { status: 'scheduled', home_score: null, away_score: null }).expect(200);
      expect(reopened.body).toEqual(expect.objectContaining({ status: 'scheduled', winner_team_id: null, home_score: null, away_score: null }));
    });
  });

  describe('outcome history', () => {
    const history = (id: number, token = admin) => t.http.get(`/api/games/${id}/history`).set(bearer(token));

    it('records who changed the outcome, when, and the outcome before and after, newest first', async () => {
      const f = await fixture();
      const none = { status: 'scheduled', winner_team_id: null, home_score: null, away_score: null, forfeit: false, forfeit_reason: null };
      const { body: game } = await post(f.body).expect(201);
      expect((await history(game.id).expect(200)).body).toEqual([]);
      await patch(game.id, { name: 'Not an outcome', betting_line: 3, betting_line_team: 'home' }).expect(200);
      expect((await history(game.id).expect(200)).body).toEqual([]);

      await patch(game.id, { home_score: 28, away_score: 21 }).expect(200);
      await patch(game.id, { winner_team_id: f.away.id, forfeit: true, forfeit_reason: 'Ineligible player' }).expect(200);
      const entries = (await history(game.id).expect(200)).body;
      const scored = { ...none, status: 'completed', winner_team_id: f.home.id, home_score: 28, away_score: 21 };
      expect(entries).toEqual([
        {
          id: expect.any(Number),
          action: 'update',
          admin: { id: expect.any(Number), name: expect.any(String) },
          by: expect.any(String),
          previous_value: scored,
          new_value: { ...scored, winner_team_id: f.away.id, forfeit: true, forfeit_reason: 'Ineligible player' },
          created_at: expect.any(String),
        },
        expect.objectContaining({ action: 'update', previous_value: none, new_value: scored }),
      ]);
      expect(entries[0].id).toBeGreaterThan(entries[1].id);

      // Refused changes leave no trace.
      await patch(game.id, { forfeit_reason: null }).expect(422);
      expect((await history(game.id).expect(200)).body).toHaveLength(2);
    });

    it('records a game created with its outcome', async () => {
      const f = await fixture();
      const { body: game } = await post({ ...f.body, home_score: 3, away_score: 0 }).expect(201);
      expect((await history(game.id).expect(200)).body).toEqual([
        expect.objectContaining({
          action: 'create',
          previous_value: null,
          new_value: { status: 'completed', winner_team_id: f.home.id, home_score: 3, away_score: 0, forfeit: false, forfeit_reason: null },
        }),
      ]);
    });

    it('is for admins only, and 404 for an unknown game', async () => {
      const f = await fixture();
      const { body: game } = await post(f.body).expect(201);
      await history(game.id, member).expect(403);
      await t.http.get(`/api/games/${game.id}/history`).expect(401);
      expect((await history(999999).expect(404)).body).toEqual({ errors: ['Game not found'] });
    });
  });

  describe('results follow the score', () => {
    it("flips the winner and the week's results when a final score is corrected through the edit form", async () => {
      const week = await createWeek(t.dataSource, { start_date: dateFromNow(-8), end_date: dateFromNow(-2) });
      const ohio = await createTeam(t.dataSource, { name: `Ohio State ${week.id}` });
      const rutgers = await createTeam(t.dataSource, { name: `Rutgers ${week.id}` });
      const body = { week_id: week.id, home_team_id: ohio.id, away_team_id: rutgers.id, game_date: fromNow(-3 * DAY).toISOString() };
      const { body: game } = await post({ ...body, status: 'completed', home_score: 42, away_score: 26 }).expect(201);
      const pick = await createPick(t.dataSource, await stored(game.id), memberId, { selected_team_id: rutgers.id });
      // Results as they stood before the correction.
      await t.http.post(`/api/weekly_results/calculate/${week.id}`).set(bearer(admin)).expect(200);
      const results = async () => (await get(`/api/weekly_results?week_id=${week.id}`).expect(200)).body as { user: { id: number }; wins: number; losses: number }[];
      expect(await results()).toEqual([expect.objectContaining({ user: expect.objectContaining({ id: memberId }), wins: 0, losses: 1 })]);
      expect((await t.dataSource.getRepository(Pick).findOneByOrFail({ id: pick.id })).is_correct).toBe(false);

      const corrected = await put(game.id, { ...game, home_score: 42, away_score: 45 }).expect(200);
      expect(corrected.body).toEqual(expect.objectContaining({ winner_team_id: rutgers.id, winner_team: expect.objectContaining({ name: rutgers.name }) }));
      expect(await results()).toEqual([expect.objectContaining({ user: expect.objectContaining({ id: memberId }), wins: 1, losses: 0 })]);
      expect((await t.dataSource.getRepository(Pick).findOneByOrFail({ id: pick.id })).is_correct).toBe(true);

      // Lifting the score back through a forfeit recalculates too.
      await patch(game.id, { winner_team_id: ohio.id, forfeit: true, forfeit_reason: 'Rutgers used an ineligible player' }).expect(200);
      expect(await results()).toEqual([expect.objectContaining({ wins: 0, losses: 1 })]);
    });
  });
});
