import { Game } from '../../src/games/entities/game.entity';
import { createPick, hoursFromNow } from '../support/factories';
import { bearer, TestApp } from '../support/test-app';
import { liveSuite, Row } from '../support/live-suite';

/** The live board (docs/saturday.md#the-live-board). */
describe('Live board', () => {
  const s = liveSuite();
  const { teamOf, live, rowOf, cellOf, week } = s;
  let t: TestApp, admin: string;
  beforeAll(() => ({ t, admin } = s));

  describe("a phone's answer: the top rows, the reader's own row, the rest page by page", () => {
    /** A week with two locked games and 12 members: member i picked the first game's home team when i < 4. */
    async function pool() {
      const setup = await week();
      const extra = [];
      for (let i = 0; i < 10; i++) extra.push(await t.member({ name: `Live ${s.run} Extra ${String(i).padStart(2, '0')}` }));
      const members = [setup.ann, setup.bob, ...extra];
      const repository = t.dataSource.getRepository(Game);
      await repository.update(setup.open.id, { game_date: hoursFromNow(-1), status: 'completed', home_score: 21, away_score: 7 });
      const first = await repository.findOneByOrFail({ id: setup.open.id });
      await repository.update(first.id, { winner_team_id: first.home_team_id });
      for (const [i, member] of members.entries()) {
        await createPick(t.dataSource, first, member.user.id, { selected_team_id: i < 4 ? first.home_team_id : first.away_team_id, tiebreaker_home_score: 20, tiebreaker_away_score: 10 });
      }
      return { ...setup, members, first };
    }

    it('sends the first 10 rows, how many there are, and the own row; rows=all sends them all', async () => {
      const { week_id, members } = await pool();
      // The last by name and record: not in the top 10.
      const last = members[11];
      const response = await live(week_id, last.token).expect(200);
      const body = response.body;
      const all = (await live(week_id, last.token).query({ rows: 'all' }).expect(200)).body;
      expect(body.members).toHaveLength(10);
      expect(body.member_count).toBe(all.members.length);
      expect(all.members.length).toBeGreaterThanOrEqual(12);
      expect(body.members.map((row: Row) => row.user.id)).not.toContain(last.user.id);
      expect(body.me.row).toEqual(expect.objectContaining({ user: { id: last.user.id, name: last.user.name }, rank: 5, wins: 0, losses: 1 }));
      expect(body.version).toBe(response.headers.etag);

      expect(all.members.slice(0, 10)).toEqual(body.members);
      expect(all.members.find((row: Row) => row.user.id === last.user.id)).toEqual(body.me.row);
      expect(all.contention.week.contenders).toHaveLength(all.members.length);
      expect(all.version).not.toBe(body.version);

      await live(week_id, last.token).query({ rows: 'some' }).expect(400, { errors: ['rows must be one of: top, all'] });
    });

    it("trims each race to its first 10 contenders, counts them all, and gives the reader their own", async () => {
      const { week_id, members } = await pool();
      const body = (await live(week_id, members[11].token).expect(200)).body;
      const all = (await live(week_id, members[11].token).query({ rows: 'all' }).expect(200)).body;
      expect(body.contention.week.contenders).toEqual(all.contention.week.contenders.slice(0, 10));
      expect(body.contention.week_contenders).toBe(all.contention.week.contenders.length);
      expect(body.contention.season_contenders).toBe(all.contention.season.contenders.length);
      expect(body.contention.week_contenders).toBeGreaterThanOrEqual(12);
      expect(body.me.week).toEqual(expect.objectContaining({ user: { id: members[11].user.id, name: members[11].user.name } }));
      expect(body.me.season).toEqual(expect.objectContaining({ user: { id: members[11].user.id, name: members[11].user.name } }));
    });

    it("gives each reader a tag of their own, and moves only theirs when they change a pick others cannot see yet", async () => {
      const { week_id, locked, ann, bob } = await pool();
      const annBefore = await live(week_id, ann.token).expect(200);
      const bobBefore = await live(week_id, bob.token).expect(200);
      expect(annBefore.headers.etag).not.toBe(bobBefore.headers.etag);
      // An admin who does not play has no row of their own.
      expect((await live(week_id, admin).expect(200)).body.me).toBeNull();

      // Ann picks the game locking in 30 minutes... which is locked already: move it later so it is open.
      await t.dataSource.getRepository(Game).update(locked.id, { game_date: hoursFromNow(48) });
      s.now += 6_000;
      const annOpen = await live(week_id, ann.token).expect(200);
      const bobOpen = await live(week_id, bob.token).expect(200);
      const team = await teamOf(locked.home_team_id);
      await t.http.post('/api/picks').set(bearer(ann.token)).send({ game_id: locked.id, week_id, selected_winner: team.name }).expect(201);
      s.now += 6_000;
      const annAfter = await live(week_id, ann.token).set('If-None-Match', annOpen.headers.etag).expect(200);
      expect(cellOf(annAfter.body.me.row, locked)).toEqual(expect.objectContaining({ status: 'shown', selected_winner: team.name }));
      // The board everyone shares only says she picked: Bob's answer is as it was... but for her count of picks.
      const bobAfter = await live(week_id, bob.token).expect(200);
      expect(cellOf(rowOf(bobAfter.body, ann.user.id), locked)).toEqual({ game_id: locked.id, status: 'hidden' });
      expect(bobAfter.body.me).toEqual(bobOpen.body.me);
    });

    it('answers the rest of the rows page by page, with a tag of their own, the same for every reader', async () => {
      const { week_id, members } = await pool();
      const all = (await live(week_id, members[0].token).query({ rows: 'all' }).expect(200)).body;
      const page = await t.http.get(`/api/weeks/${week_id}/live/members`).query({ offset: 10, limit: 5 }).set(bearer(members[0].token)).expect(200);
      expect(page.body).toEqual({ version: page.headers.etag, offset: 10, total: all.members.length, members: all.members.slice(10, 15) });
      const other = await t.http.get(`/api/weeks/${week_id}/live/members`).query({ offset: 10, limit: 5 }).set(bearer(members[5].token)).expect(200);
      expect(other.headers.etag).toBe(page.headers.etag);
      await t.http.get(`/api/weeks/${week_id}/live/members`).query({ offset: 10, limit: 5 }).set(bearer(members[5].token)).set('If-None-Match', page.headers.etag).expect(304);
      // By default the first 50.
      expect((await t.http.get(`/api/weeks/${week_id}/live/members`).set(bearer(members[0].token)).expect(200)).body.members).toEqual(all.members.slice(0, 50));

      for (const query of [{ offset: -1 }, { offset: 'x' }, { limit: 0 }, { limit: 201 }, { limit: 2.5 }]) {
        const answer = await t.http.get(`/api/weeks/${week_id}/live/members`).query(query).set(bearer(members[0].token)).expect(400);
        expect(answer.body.errors).toEqual([expect.stringMatching(/^(offset must be a whole number from 0|limit must be a whole number from 1 to 200)$/)]);
      }
      await t.http.get(`/api/weeks/${week_id}/live/members`).expect(401);
      await t.http.get(`/api/weeks/${week_id + 100_000}/live/members`).set(bearer(members[0].token)).expect(404);
    });
  });
});
