import { SeasonStanding } from '../../src/results/entities/season-standing.entity';
import { WeeklyResult } from '../../src/results/entities/weekly-result.entity';
import type { User } from '../../src/users/entities/user.entity';
import { createSeason, createWeek } from '../support/factories';
import { bearer, TestApp } from '../support/test-app';

/** docs/pool-formats.md#entry-fees-and-payouts over HTTP: the season's money settings, who paid, and the pot. */
describe('Entry fees and payouts', () => {
  let t: TestApp;
  let admin: string;
  let adminId: number;

  beforeAll(async () => {
    t = await TestApp.start();
    admin = await t.adminToken();
    adminId = (await t.http.get('/api/me').set(bearer(admin)).expect(200)).body.id;
  });
  afterAll(() => t.close());

  const unique = () => Math.random().toString(36).slice(2, 8);
  const createBody = (fields: object) => ({ name: `Fees ${unique()}`, start_date: '2031-08-30', end_date: '2032-01-12', ...fields });
  const memberCount = async () => Number((await t.dataSource.query("SELECT COUNT(*) AS count FROM users WHERE role = 'user'"))[0].count);
  const events = (type: string, userId: number): Promise<{ actor_id: number | string; details: string }[]> =>
    t.dataSource.query('SELECT actor_id, details FROM security_events WHERE type = ? AND user_id = ? ORDER BY id', [type, userId]);
  const mark = (seasonId: number, user_ids: number[], paid: boolean, token = admin) =>
    t.http.patch(`/api/seasons/${seasonId}/entry_payments`).set(bearer(token)).send({ user_ids, paid });
  const listOf = (seasonId: number, token = admin) =>
    t.http.get(`/api/entry_payments?filter=${encodeURIComponent(JSON.stringify({ football_season_id: seasonId }))}&range=[0,999]&sort=["name","ASC"]`).set(bearer(token));

  describe('the season settings', () => {
    it('a season without them has no fee, and takes and shows them on create and edit', async () => {
      const plain = await t.http.post('/api/football_seasons').set(bearer(admin)).send(createBody({})).expect(201);
      expect(plain.body).toEqual(expect.objectContaining({ entry_fee_cents: 0, weekly_winner_cents: 0, payout_percentages: [] }));

      const fees = { entry_fee_cents: 2500, weekly_winner_cents: 500, payout_percentages: [50, 30, 20] };
      const { body } = await t.http.post('/api/football_seasons').set(bearer(admin)).send(createBody(fees)).expect(201);
      expect(body).toEqual(expect.objectContaining(fees));
      const edited = await t.http.patch(`/api/football_seasons/${body.id}`).set(bearer(admin)).send({ payout_percentages: [70, 30] }).expect(200);
      expect(edited.body).toEqual(expect.objectContaining({ entry_fee_cents: 2500, weekly_winner_cents: 500, payout_percentages: [70, 30] }));
      const { member } = { member: (await t.member()).token };
      const shown = await t.http.get(`/api/football_seasons/${body.id}`).set(bearer(member)).expect(200);
      expect(shown.body).toEqual(expect.objectContaining({ entry_fee_cents: 2500, payout_percentages: [70, 30] }));
      // Back to no fee: everything cleared together.
      const cleared = await t.http
        .patch(`/api/football_seasons/${body.id}`)
        .set(bearer(admin))
        .send({ entry_fee_cents: 0, weekly_winner_cents: 0, payout_percentages: [] })
        .expect(200);
      expect(cleared.body).toEqual(expect.objectContaining({ entry_fee_cents: 0, weekly_winner_cents: 0, payout_percentages: [] }));
    });

    it.each([
      { fields: { entry_fee_cents: -1, payout_percentages: [100] }, message: 'entry_fee_cents must be between 0 and 10000000' },
      { fields: { entry_fee_cents: 12.5, payout_percentages: [100] }, message: 'entry_fee_cents must be a whole number of cents' },
      { fields: { entry_fee_cents: 1000, weekly_winner_cents: -5, payout_percentages: [100] }, message: 'weekly_winner_cents must be between 0 and 10000000' },
      { fields: { entry_fee_cents: 1000, payout_percentages: [50, 0, 50] }, message: 'payout_percentages must each be between 1 and 100' },
      { fields: { entry_fee_cents: 1000, payout_percentages: [101] }, message: 'payout_percentages must each be between 1 and 100' },
      { fields: { entry_fee_cents: 1000, payout_percentages: [60.5, 39.5] }, message: 'payout_percentages must be whole numbers' },
      { fields: { entry_fee_cents: 1000, payout_percentages: '100' }, message: 'payout_percentages must be a list of percentages' },
      { fields: { entry_fee_cents: 1000, payout_percentages: [50, 30] }, message: 'payout_percentages must add up to 100 (they add up to 80)' },
      { fields: { entry_fee_cents: 1000 }, message: 'payout_percentages are required when there is an entry fee (for example [100])' },
      { fields: { payout_percentages: [100] }, message: 'payout_percentages must be empty when there is no entry fee' },
      { fields: { weekly_winner_cents: 500 }, message: 'weekly_winner_cents needs an entry fee: set entry_fee_cents first' },
    ])('refuses $fields: "$message", writing nothing', async ({ fields, message }) => {
      const body = createBody(fields);
      const response = await t.http.post('/api/football_seasons').set(bearer(admin)).send(body);
      expect([400, 422]).toContain(response.status);
      expect(response.body).toEqual({ errors: [message] });
      expect(await t.dataSource.query('SELECT id FROM football_seasons WHERE name = ?', [body.name])).toEqual([]);
    });

    it('checks an edit against the fields it leaves as they are', async () => {
      const { body } = await t.http.post('/api/football_seasons').set(bearer(admin)).send(createBody({ entry_fee_cents: 1000, payout_percentages: [100] })).expect(201);
      const refused = await t.http.patch(`/api/football_seasons/${body.id}`).set(bearer(admin)).send({ entry_fee_cents: 0 }).expect(422);
      expect(refused.body).toEqual({ errors: ['payout_percentages must be empty when there is no entry fee'] });
      const stored = await t.http.get(`/api/football_seasons/${body.id}`).set(bearer(admin)).expect(200);
      expect(stored.body).toEqual(expect.objectContaining({ entry_fee_cents: 1000, payout_percentages: [100] }));
    });
  });

  describe('who paid', () => {
    let seasonId: number;
    let members: { user: User; token: string }[];

    beforeAll(async () => {
      seasonId = (await createSeason(t.dataSource, { entry_fee_cents: 2000, payout_percentages: [100] })).id;
      members = [await t.member({ name: 'Aaron Paid' }), await t.member({ name: 'Beth Paid' }), await t.member({ name: 'Carl Unpaid' })];
    });

    it('lists every member of the season, unpaid until marked', async () => {
      const { body, headers } = await listOf(seasonId).expect(200);
      expect(body).toHaveLength(await memberCount());
      expect(headers['content-range']).toMatch(/^entry_payments 0-\d+\/\d+$/);
      const aaron = body.find((row: { id: number }) => row.id === members[0].user.id);
      expect(aaron).toEqual({
        id: members[0].user.id,
        football_season_id: seasonId,
        user_id: members[0].user.id,
        name: 'Aaron Paid',
        email: members[0].user.email,
        paid: false,
        paid_at: null,
        marked_by: null,
      });
      expect(body.some((row: { id: number }) => row.id === adminId)).toBe(false);
    });

    it('refuses a member marking anyone paid (403), themselves included, and writes nothing', async () => {
      await mark(seasonId, [members[0].user.id], true, members[0].token).expect(403);
      await listOf(seasonId, members[0].token).expect(403);
      expect(await events('entry_paid', members[0].user.id)).toEqual([]);
    });

    it('marks members paid in bulk, logs each change with the admin, and leaves those already paid as they are', async () => {
      const [aaron, beth, carl] = members.map((member) => member.user.id);
      const first = await mark(seasonId, [aaron, beth], true).expect(200);
      expect(first.body).toEqual({ changed: 2, paid_count: 2, member_count: await memberCount() });
      const rows: { id: number; paid: boolean; paid_at: string | null; marked_by: string | null }[] = (await listOf(seasonId).expect(200)).body;
      const byId = new Map(rows.map((row) => [row.id, row]));
      expect(byId.get(aaron)).toEqual(expect.objectContaining({ paid: true, marked_by: 'Admin' }));
      expect(Date.parse(byId.get(beth)!.paid_at!)).toBeGreaterThan(Date.now() - 60_000);
      expect(byId.get(carl)).toEqual(expect.objectContaining({ paid: false, paid_at: null }));
      for (const id of [aaron, beth]) {
        const logged = await events('entry_paid', id);
        expect(logged).toHaveLength(1);
        expect(Number(logged[0].actor_id)).toBe(adminId);
        expect(logged[0].details).toMatch(new RegExp(`marked paid$`));
      }

      const again = await mark(seasonId, [aaron, carl], true).expect(200);
      expect(again.body).toEqual(expect.objectContaining({ changed: 1, paid_count: 3 }));
      expect(await events('entry_paid', aaron)).toHaveLength(1);

      const unpaid = await mark(seasonId, [carl], false).expect(200);
      expect(unpaid.body).toEqual(expect.objectContaining({ changed: 1, paid_count: 2 }));
      expect(await events('entry_unpaid', carl)).toHaveLength(1);
    });

    it.each([
      { body: { user_ids: [], paid: true }, message: 'user_ids must be a list of 1 to 1000 member ids' },
      { body: { user_ids: [1], paid: 'yes' }, message: 'paid must be true or false' },
      { body: { user_ids: ['x'], paid: true }, message: 'user_ids must be whole numbers' },
      { body: { user_ids: [1] }, message: 'paid is required' },
    ])('refuses $body: "$message"', async ({ body, message }) => {
      const response = await t.http.patch(`/api/seasons/${seasonId}/entry_payments`).set(bearer(admin)).send(body);
      expect([400, 422]).toContain(response.status);
      expect(response.body).toEqual({ errors: [message] });
    });

    it('refuses an id that is no member of the season, marking none of the others (422)', async () => {
      const carl = members[2].user.id;
      const response = await mark(seasonId, [carl, adminId], true).expect(422);
      expect(response.body.errors[0]).toBe(`1 user is not a member of ${(await t.http.get(`/api/football_seasons/${seasonId}`).set(bearer(admin))).body.name}: ${adminId}`);
      const rows: { id: number; paid: boolean }[] = (await listOf(seasonId).expect(200)).body;
      expect(rows.find((row) => row.id === carl)!.paid).toBe(false);
    });

    it('answers 404 for a season that does not exist, and asks for a season on the list', async () => {
      await mark(999999, [members[0].user.id], true).expect(404);
      await t.http.get('/api/seasons/999999/pot').set(bearer(members[0].token)).expect(404);
      const response = await t.http.get('/api/entry_payments').set(bearer(admin));
      expect([400, 422]).toContain(response.status);
      expect(response.body).toEqual({ errors: ['Please select a football season'] });
    });
  });

  describe('the pot', () => {
    it('pays the weekly winners and the places from calculated results, paid members only, and tells each member whether they paid', async () => {
      // $10 entry, $5 a week over 2 weeks, 60/40. Paid: Ann, Ben, Cat (pot $30; $10 reserved for the weeks; places
      // share $20: $12 and $8). Dan did not pay.
      const season = await createSeason(t.dataSource, { entry_fee_cents: 1000, weekly_winner_cents: 500, payout_percentages: [60, 40] });
      const weeks = [await createWeek(t.dataSource, { football_season_id: season.id, number: 1 }), await createWeek(t.dataSource, { football_season_id: season.id, number: 2 })];
      const [ann, ben, cat, dan] = [await t.member({ name: 'Ann' }), await t.member({ name: 'Ben' }), await t.member({ name: 'Cat' }), await t.member({ name: 'Dan' })];
      await mark(season.id, [ann.user.id, ben.user.id, cat.user.id], true).expect(200);

      // Week 1 is calculated: Dan won it but did not pay, so Ann and Ben, tied next, share the $5.
      const calculated_at = new Date();
      const result = (user: User, rank: number) => ({ week_id: weeks[0].id, user_id: user.id, rank, calculated_at });
      await t.dataSource.getRepository(WeeklyResult).save([result(dan.user, 1), result(ann.user, 2), result(ben.user, 2), result(cat.user, 4)]);
      // The standings so far: Ann and Cat tied first share places 1 and 2 ($20 → $10 each); Dan, unpaid, gets nothing.
      const standing = (user: User, rank: number) => ({ football_season_id: season.id, user_id: user.id, rank, calculated_at });
      await t.dataSource.getRepository(SeasonStanding).save([standing(dan.user, 1), standing(ann.user, 2), standing(cat.user, 2), standing(ben.user, 4)]);

      const { body } = await t.http.get(`/api/seasons/${season.id}/pot`).set(bearer(ben.token)).expect(200);
      expect(body).toEqual({
        season_id: season.id,
        entry_fee_cents: 1000,
        weekly_winner_cents: 500,
        member_count: await memberCount(),
        paid_count: 3,
        pot_cents: 3000,
        payouts: [
          { place: 1, percent: 60, amount_cents: 1200 },
          { place: 2, percent: 40, amount_cents: 800 },
        ],
        me: { paid: true },
        winnings: [
          { user_id: ann.user.id, name: 'Ann', season_cents: 1000, weekly_cents: 250, total_cents: 1250 },
          { user_id: cat.user.id, name: 'Cat', season_cents: 1000, weekly_cents: 0, total_cents: 1000 },
          { user_id: ben.user.id, name: 'Ben', season_cents: 0, weekly_cents: 250, total_cents: 250 },
        ],
      });
      const unpaid = await t.http.get(`/api/seasons/${season.id}/pot`).set(bearer(dan.token)).expect(200);
      expect(unpaid.body.me).toEqual({ paid: false });
    });

    it('is empty for a season without a fee', async () => {
      const season = await createSeason(t.dataSource);
      const { token } = await t.member();
      const { body } = await t.http.get(`/api/seasons/${season.id}/pot`).set(bearer(token)).expect(200);
      expect(body).toEqual(expect.objectContaining({ entry_fee_cents: 0, pot_cents: 0, paid_count: 0, payouts: [], winnings: [], me: { paid: false } }));
    });
  });
});
