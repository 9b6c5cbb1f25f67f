import { SurvivorContest } from '../../src/survivor/entities/survivor-contest.entity';
import { bearer } from '../support/test-app';
import { survivorSuite } from '../support/survivor-suite';

/** docs/pool-formats.md#survivor over HTTP: a season's contest, its rules and their lock, and who is in it. */
describe('Survivor contests', () => {
  const s = survivorSuite();
  const post = (body: object) => s.t.http.post('/api/survivor_contests').set(bearer(s.admin)).send(body);
  const patch = (id: number, body: object) => s.t.http.patch(`/api/survivor_contests/${id}`).set(bearer(s.admin)).send(body);

  describe('create', () => {
    it('starts on the first week whose first deadline has not passed, on the default rules, with every field', async () => {
      const { seasonId, weeks } = await s.season([[-2, 48], [72], [240]]);
      const { body } = await post({ football_season_id: seasonId }).expect(201);
      expect(body).toEqual({
        id: expect.any(Number),
        football_season_id: seasonId,
        name: 'Survivor',
        first_week_id: weeks[1].week.id,
        first_week_number: 2,
        pick_mode: 'winner',
        reuse: 'never',
        lives: 1,
        ties: 'win',
        missed: 'loss',
        all_lose: 'stay_alive',
        entry_fee_cents: 0,
        payout_percentages: [],
        rules_locked: false,
        entry_closes_at: new Date(weeks[1].games[0].game.game_date.getTime() - 3600_000).toISOString(),
        rules_summary: [],
        entrant_count: 0,
        alive_count: 0,
        finished: false,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      expect((await s.t.http.get(`/api/survivor_contests/${body.id}`).set(bearer(s.admin)).expect(200)).body).toEqual(body);
      const listed = await s.list('survivor_contests', { football_season_id: seasonId }).expect(200);
      expect(listed.body).toEqual([body]);
      expect(listed.headers['content-range']).toBe('survivor_contests 0-0/1');
    });

    it('describes the rules that differ from the defaults in plain sentences', async () => {
      const { seasonId, weeks } = await s.season([[72]]);
      const rules = { pick_mode: 'spread', reuse: 'half', lives: 2, ties: 'loss', missed: 'favourite', all_lose: 'share_win', name: 'Last One Standing' };
      const body = await s.contest(seasonId, weeks[0].week.id, { ...rules, entry_fee_cents: 1000, payout_percentages: [70, 30] });
      expect(body).toEqual(expect.objectContaining({ ...rules, entry_fee_cents: 1000, payout_percentages: [70, 30] }));
      expect(body.rules_summary).toEqual([
        "Your team must cover the game's line, not just win.",
        'You may use each team once in each half of the season.',
        'Everyone starts with 2 lives; each loss costs one.',
        'A tie, or a game landing exactly on the line, counts as a loss.',
        'A week without a pick gives you the biggest favourite you may still use.',
        'If everyone still alive loses in the same week, they are all out and share the win.',
      ]);
    });

    it.each([
      [{ lives: 0 }, 'lives must be between 1 and 3'],
      [{ lives: 4 }, 'lives must be between 1 and 3'],
      [{ lives: 1.5 }, 'lives must be a whole number'],
      [{ reuse: 'always' }, 'reuse must be one of: never, half'],
      [{ pick_mode: 'margin' }, 'pick_mode must be one of: winner, spread'],
      [{ ties: 'push' }, 'ties must be one of: win, loss'],
      [{ missed: 'skip' }, 'missed must be one of: loss, favourite'],
      [{ all_lose: 'nobody' }, 'all_lose must be one of: stay_alive, share_win'],
      [{ name: '  ' }, 'name must not be empty'],
      [{ name: 'x'.repeat(101) }, 'name must be at most 100 characters'],
      [{ payout_percentages: [100] }, 'payout_percentages must be empty when there is no entry fee'],
      [{ entry_fee_cents: 500 }, 'payout_percentages are required when there is an entry fee (for example [100])'],
      [{ entry_fee_cents: -1 }, 'entry_fee_cents must be between 0 and 10000000'],
      [{ first_week_id: 'two' }, 'first_week_id must be a whole number'],
    ])('refuses %j with 422 "%s", writing nothing', async (fields, message) => {
      const { seasonId } = await s.season([[72]]);
      const response = await post({ football_season_id: seasonId, ...fields });
      expect([400, 422]).toContain(response.status);
      expect(response.body).toEqual({ errors: [message] });
      expect(await s.ds().getRepository(SurvivorContest).countBy({ football_season_id: seasonId })).toBe(0);
    });

    it('refuses a first week of another season, a season without weeks or whose weeks have all locked, and a second contest', async () => {
      const { seasonId } = await s.season([[72]]);
      const other = await s.season([[72]]);
      expect((await post({ football_season_id: seasonId, first_week_id: other.weeks[0].week.id }).expect(422)).body).toEqual({ errors: ['first_week_id must be a week of this season'] });
      const locked = await s.season([[-5], [-3]]);
      expect((await post({ football_season_id: locked.seasonId }).expect(422)).body).toEqual({
        errors: ['Every week of this season has locked: there is no week left to start the contest'],
      });
      const empty = await s.season([]);
      expect((await post({ football_season_id: empty.seasonId }).expect(422)).body).toEqual({ errors: ['This season has no weeks yet'] });
      expect((await post({}).expect(422)).body).toEqual({ errors: ['football_season_id is required'] });
      expect((await post({ football_season_id: 99999999 }).expect(422)).body).toEqual({ errors: ['football_season_id does not match any season'] });

      await post({ football_season_id: seasonId }).expect(201);
      const second = await post({ football_season_id: seasonId }).expect(409);
      expect(second.body.errors[0]).toMatch(/already has a survivor contest$/);
      // Two at once: the season's unique key lets one in, the other is told so.
      const race = await s.season([[72]]);
      const statuses = (await Promise.all([post({ football_season_id: race.seasonId }), post({ football_season_id: race.seasonId })])).map((r) => r.status).sort();
      expect(statuses).toEqual([201, 409]);
    });
  });

  describe('edit', () => {
    it('changes the rules until the first week\'s first deadline passes; after it only the name and the money', async () => {
      const open = await s.season([[72], [240]]);
      const contest = await s.contest(open.seasonId, open.weeks[0].week.id);
      const edited = await patch(contest.id, { lives: 3, reuse: 'half', first_week_id: open.weeks[1].week.id }).expect(200);
      expect(edited.body).toEqual(expect.objectContaining({ lives: 3, reuse: 'half', first_week_id: open.weeks[1].week.id, first_week_number: 2 }));
      // PUT is the same partial edit (react-admin sends it).
      await s.t.http.put(`/api/survivor_contests/${contest.id}`).set(bearer(s.admin)).send({ lives: 2 }).expect(200);

      const locked = await s.season([[-0.5, 72], [240]]);
      const started = await s.contest(locked.seasonId, locked.weeks[0].week.id, { lives: 2 });
      expect(started.rules_locked).toBe(true);
      for (const change of [{ lives: 3 }, { reuse: 'half' }, { ties: 'loss' }, { first_week_id: locked.weeks[1].week.id }]) {
        const refused = await patch(started.id, change).expect(409);
        expect(refused.body).toEqual({ errors: ["The survivor contest's rules can't change once its first week has locked"] });
      }
      // The same values sent back are not a change; the name and the money may still change.
      const same = await patch(started.id, { ...started, name: 'Renamed', entry_fee_cents: 500, payout_percentages: [100] }).expect(200);
      expect(same.body).toEqual(expect.objectContaining({ lives: 2, name: 'Renamed', entry_fee_cents: 500, rules_locked: true }));
      expect((await patch(started.id, { entry_fee_cents: 0 }).expect(422)).body).toEqual({ errors: ['payout_percentages must be empty when there is no entry fee'] });
    });

    it('deletes a contest without picks, and refuses one with a pick (409)', async () => {
      const { seasonId, weeks } = await s.season([[72]]);
      const contest = await s.contest(seasonId, weeks[0].week.id);
      const { user } = await s.t.member();
      await s.enter(contest.id, user.id);
      await s.pick(contest.id, user.id, weeks[0], weeks[0].games[0].home);
      expect((await s.t.http.delete(`/api/survivor_contests/${contest.id}`).set(bearer(s.admin)).expect(409)).body).toEqual({
        errors: ["This survivor contest has picks; it can't be deleted"],
      });
      await s.ds().query('DELETE FROM survivor_picks WHERE survivor_contest_id = ?', [contest.id]);
      await s.t.http.delete(`/api/survivor_contests/${contest.id}`).set(bearer(s.admin)).expect(204);
      expect(await s.ds().getRepository(SurvivorContest).existsBy({ id: contest.id })).toBe(false);
      await s.t.http.get(`/api/survivor_contests/${contest.id}`).set(bearer(s.admin)).expect(404);
    });
  });

  describe('entry', () => {
    it('members opt in and out until entry closes, and admins enter, list and mark them paid', async () => {
      const { seasonId, weeks } = await s.season([[72]]);
      const contest = await s.contest(seasonId, weeks[0].week.id);
      const one = await s.t.member();
      const two = await s.t.member();

      const entered = await s.t.http.post(`/api/survivor/${contest.id}/entry`).set(bearer(one.token)).expect(201);
      expect(entered.body.me).toEqual({ entered: true, alive: true, lives_left: 1, weeks_survived: 0, rank: 1 });
      expect((await s.t.http.post(`/api/survivor/${contest.id}/entry`).set(bearer(one.token)).expect(409)).body).toEqual({
        errors: ['You have already entered this survivor contest'],
      });
      const byAdmin = await s.t.http.post('/api/survivor_entries').set(bearer(s.admin)).send({ survivor_contest_id: contest.id, user_id: two.user.id }).expect(201);
      expect(byAdmin.body).toEqual({
        id: expect.any(Number),
        survivor_contest_id: contest.id,
        user_id: two.user.id,
        name: two.user.name,
        entered_at: expect.any(String),
        entered_by: s.adminUser.name,
        paid: false,
        alive: true,
        lives_left: 1,
        weeks_survived: 0,
      });
      const admins = await s.t.http.post('/api/survivor_entries').set(bearer(s.admin)).send({ survivor_contest_id: contest.id, user_id: s.adminUser.id }).expect(422);
      expect(admins.body).toEqual({ errors: ['Admins do not play in this season; enter a member'] });

      const paid = await s.t.http.patch(`/api/survivor_contests/${contest.id}/entries_paid`).set(bearer(s.admin)).send({ user_ids: [two.user.id], paid: true }).expect(200);
      expect(paid.body).toEqual({ changed: 1, paid_count: 1, entrant_count: 2 });
      const stranger = await s.t.member();
      const refused = await s.t.http.patch(`/api/survivor_contests/${contest.id}/entries_paid`).set(bearer(s.admin)).send({ user_ids: [stranger.user.id], paid: true }).expect(422);
      expect(refused.body.errors[0]).toBe(`1 user has not entered Survivor: ${stranger.user.id}`);
      const listed = await s.list('survivor_entries', { survivor_contest_id: contest.id }).expect(200);
      expect(listed.body.map((row: { user_id: number; paid: boolean }) => [row.user_id, row.paid]).sort()).toEqual([[one.user.id, false], [two.user.id, true]].sort());

      await s.t.http.delete(`/api/survivor/${contest.id}/entry`).set(bearer(one.token)).expect(204);
      await s.t.http.delete(`/api/survivor_entries/${byAdmin.body.id}`).set(bearer(s.admin)).expect(204);
      expect((await s.list('survivor_entries', { survivor_contest_id: contest.id }).expect(200)).body).toEqual([]);
    });

    it('closes when the first week\'s first deadline passes: 409 "Entry to this survivor contest has closed"', async () => {
      const { seasonId, weeks } = await s.season([[-0.5, 72]]);
      const contest = await s.contest(seasonId, weeks[0].week.id);
      const member = await s.t.member();
      const closed = { errors: ['Entry to this survivor contest has closed'] };
      expect((await s.t.http.post(`/api/survivor/${contest.id}/entry`).set(bearer(member.token)).expect(409)).body).toEqual(closed);
      expect((await s.t.http.post('/api/survivor_entries').set(bearer(s.admin)).send({ survivor_contest_id: contest.id, user_id: member.user.id }).expect(409)).body).toEqual(closed);
      const entry = await s.enter(contest.id, member.user.id);
      expect((await s.t.http.delete(`/api/survivor/${contest.id}/entry`).set(bearer(member.token)).expect(409)).body).toEqual(closed);
      expect((await s.t.http.delete(`/api/survivor_entries/${entry.id}`).set(bearer(s.admin)).expect(409)).body).toEqual(closed);
      const view = await s.t.http.get(`/api/survivor?season_id=${seasonId}`).set(bearer(member.token)).expect(200);
      expect(view.body.contest).toEqual(expect.objectContaining({ entry_open: false, entry_closes_at: expect.any(String) }));
    });
  });
});
