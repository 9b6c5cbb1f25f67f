import { Game } from '../../src/games/entities/game.entity';
import { PickAudit } from '../../src/picks/entities/pick-audit.entity';
import { Pick } from '../../src/picks/entities/pick.entity';
import type { SeasonRules } from '../../src/seasons/season-rules';
import { Team } from '../../src/teams/entities/team.entity';
import { createGame, createPick, createWeek, dateFromNow, hoursFromNow } from '../support/factories';
import { bearer, TestApp } from '../support/test-app';

const DEADLINE_PASSED = 'Pick deadline has passed - no changes allowed';

/** Pool formats on the picks and games side (docs/pool-formats.md#picks, #games), over HTTP. */
describe('Pool formats: picks and games', () => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let seasons = 0;

  beforeAll(async () => {
    t = await TestApp.start();
    admin = await t.adminToken();
    adminId = (await t.http.get('/api/me').set(bearer(admin)).expect(200)).body.id;
  });
  afterAll(() => t.close());

  const picks = () => t.dataSource.getRepository(Pick);
  const post = (token: string, body: object) => t.http.post('/api/picks').set(bearer(token)).send(body);
  const patch = (token: string, id: number, body: object) => t.http.patch(`/api/picks/${id}`).set(bearer(token)).send(body);
  const teamName = async (id: number) => (await t.dataSource.getRepository(Team).findOneByOrFail({ id })).name;
  const matchup = async (game: Game) => `${await teamName(game.away_team_id)} @ ${await teamName(game.home_team_id)}`;
  /** The member's stored confidence points by game. */
  const pointsOf = async (userId: number, games: Game[]) => {
    const rows = await picks().findBy({ user_id: userId });
    return games.map((game) => rows.find((row) => row.game_id === game.id)?.confidence);
  };

  /**
   * A season with `rules` made through the API, and a current week of it with `open` games open for picks
   * (kickoff in 3 days) and `started` games past their deadline (kickoff in 30 minutes).
   */
  async function seasonWith(rules: Partial<SeasonRules>, open = 3, started = 0) {
    const season = await t.http
      .post('/api/football_seasons')
      .set(bearer(admin))
      .send({ name: `Formats ${process.pid} ${++seasons}`, start_date: dateFromNow(-30), end_date: dateFromNow(90), rules })
      .expect(201);
    expect(season.body.rules).toEqual(expect.objectContaining(rules));
    const week = await createWeek(t.dataSource, { football_season_id: season.body.id });
    const games: Game[] = [];
    for (let i = 0; i < open; i++) games.push(await createGame(t.dataSource, { week_id: week.id, game_date: hoursFromNow(72 + i) }));
    const closed: Game[] = [];
    for (let i = 0; i < started; i++) closed.push(await createGame(t.dataSource, { week_id: week.id, game_date: hoursFromNow(0.5) }));
    return { seasonId: season.body.id as number, week, games, closed };
  }
  const pickBody = async (game: Game, fields: object = {}) => ({ game_id: game.id, selected_winner: await teamName(game.home_team_id), ...fields });

  describe('confidence points', () => {
    it('gives a new pick the lowest free number, and a pick saved without one keeps its own', async () => {
      const { games } = await seasonWith({ confidence_points: true });
      const { user, token } = await t.member();
      const first = await post(token, await pickBody(games[0])).expect(201);
      expect(first.body).toEqual(expect.objectContaining({ confidence: 1, is_lock: false }));
      expect((await post(token, await pickBody(games[2], { confidence: 3 })).expect(201)).body.confidence).toBe(3);
      expect((await post(token, await pickBody(games[1])).expect(201)).body.confidence).toBe(2);
      // Saved again without a number (or with null, as a form sends it) the pick keeps its points.
      expect((await post(token, await pickBody(games[0], { tiebreaker_home_score: null, tiebreaker_away_score: null })).expect(200)).body.confidence).toBe(1);
      expect((await patch(token, first.body.id, { confidence: null }).expect(200)).body.confidence).toBe(1);
      expect(await pointsOf(user.id, games)).toEqual([1, 2, 3]);
      expect((await t.http.get(`/api/picks/${first.body.id}`).set(bearer(token)).expect(200)).body).toEqual(expect.objectContaining({ confidence: 1, is_lock: false }));
    });

    it("swaps a number another pick holds: that pick takes this one's old number, or the lowest free one", async () => {
      const { games } = await seasonWith({ confidence_points: true }, 4);
      const { user, token } = await t.member();
      const [a, b] = [(await post(token, await pickBody(games[0])).expect(201)).body, (await post(token, await pickBody(games[1])).expect(201)).body];
      expect(await pointsOf(user.id, games)).toEqual([1, 2, undefined, undefined]);

      expect((await patch(token, b.id, { confidence: 1 }).expect(200)).body.confidence).toBe(1);
      expect(await pointsOf(user.id, games)).toEqual([2, 1, undefined, undefined]);
      expect((await post(token, await pickBody(games[0], { confidence: 1 })).expect(200)).body).toEqual(expect.objectContaining({ id: a.id, confidence: 1 }));
      expect(await pointsOf(user.id, games)).toEqual([1, 2, undefined, undefined]);

      // A new pick taking a held number: the holder had nothing to give back, so it takes the lowest free number.
      expect((await post(token, await pickBody(games[2], { confidence: 2 })).expect(201)).body.confidence).toBe(2);
      expect(await pointsOf(user.id, games)).toEqual([1, 3, 2, undefined]);
      expect((await post(token, await pickBody(games[3], { confidence: 1 })).expect(201)).body.confidence).toBe(1);
      expect(await pointsOf(user.id, games)).toEqual([4, 3, 2, 1]);
    });

    it("swaps the asker's own number to the holder, not the lowest free one: A holds 1, B holds 3, B asks for 1, A gets 3", async () => {
      const { games } = await seasonWith({ confidence_points: true }, 4);
      const { user, token } = await t.member();
      await post(token, await pickBody(games[0], { confidence: 1 })).expect(201);
      const b = (await post(token, await pickBody(games[1], { confidence: 3 })).expect(201)).body;
      expect(await pointsOf(user.id, games)).toEqual([1, 3, undefined, undefined]);

      expect((await patch(token, b.id, { confidence: 1 }).expect(200)).body.confidence).toBe(1);
      expect(await pointsOf(user.id, games)).toEqual([3, 1, undefined, undefined]);
    });

    it.each([0, 4, -1])('refuses confidence %j outside 1..N (N = the games of the week) and writes nothing', async (confidence) => {
      const { games } = await seasonWith({ confidence_points: true });
      const { user, token } = await t.member();
      const response = await post(token, await pickBody(games[0], { confidence })).expect(422);
      expect(response.body).toEqual({ errors: ['confidence must be between 1 and 3'] });
      expect(await picks().countBy({ user_id: user.id })).toBe(0);
    });

    it('refuses a confidence that is not a whole number', async () => {
      const { games } = await seasonWith({ confidence_points: true });
      const { token } = await t.member();
      const response = await post(token, await pickBody(games[0], { confidence: 1.5 })).expect(422);
      expect(response.body).toEqual({ errors: ['confidence must be a whole number'] });
    });

    it("refuses a member's swap with a pick whose game has started; an admin's override swaps it and audits both", async () => {
      const { games, closed } = await seasonWith({ confidence_points: true }, 2, 1);
      const { user, token } = await t.member();
      const started = await createPick(t.dataSource, closed[0], user.id, { confidence: 3 });
      const own = (await post(token, await pickBody(games[0])).expect(201)).body;
      expect(own.confidence).toBe(1);

      const refused = await patch(token, own.id, { confidence: 3 }).expect(422);
      expect(refused.body).toEqual({ errors: [`3 points are on ${await matchup(closed[0])}, which has started`] });
      expect(await pointsOf(user.id, [games[0], closed[0]])).toEqual([1, 3]);
      // A member's change of a started pick itself meets the usual deadline refusal.
      expect((await patch(token, started.id, { confidence: 1 }).expect(422)).body).toEqual({ errors: [DEADLINE_PASSED] });

      await patch(admin, own.id, { confidence: 3, reason: 'Asked by e-mail' }).expect(200);
      expect(await pointsOf(user.id, [games[0], closed[0]])).toEqual([3, 1]);
      const audits = await t.dataSource.getRepository(PickAudit).find({ where: { user_id: user.id }, order: { id: 'ASC' } });
      expect(audits.map((audit) => [audit.pick_id, JSON.parse(audit.previous_value!).confidence, JSON.parse(audit.new_value!).confidence, audit.reason])).toEqual([
        [started.id, 3, 1, 'Asked by e-mail'],
        [own.id, 1, 3, 'Asked by e-mail'],
      ]);
      expect(JSON.parse(audits[1].new_value!)).toEqual(expect.objectContaining({ confidence: 3, is_lock: false }));
    });
  });

  describe('lock of the week', () => {
    it("moves the lock from the member's other pick of the week", async () => {
      const { games } = await seasonWith({ lock_of_week: true });
      const { user, token } = await t.member();
      const a = (await post(token, await pickBody(games[0], { is_lock: true })).expect(201)).body;
      expect(a).toEqual(expect.objectContaining({ is_lock: true, confidence: null }));
      const b = (await post(token, await pickBody(games[1], { is_lock: true })).expect(201)).body;
      expect(b.is_lock).toBe(true);
      const locks = async () => (await picks().findBy({ user_id: user.id })).filter((pick) => pick.is_lock).map((pick) => pick.id);
      expect(await locks()).toEqual([b.id]);
      // Saved without is_lock, a pick keeps it; false gives it up.
      expect((await post(token, await pickBody(games[1])).expect(200)).body.is_lock).toBe(true);
      expect((await patch(token, b.id, { is_lock: false }).expect(200)).body.is_lock).toBe(false);
      expect(await locks()).toEqual([]);
    });

    it('refuses to move a lock that sits on a started game', async () => {
      const { games, closed } = await seasonWith({ lock_of_week: true }, 1, 1);
      const { user, token } = await t.member();
      await createPick(t.dataSource, closed[0], user.id, { is_lock: true });
      const refused = await post(token, await pickBody(games[0], { is_lock: true })).expect(422);
      expect(refused.body).toEqual({ errors: [`Your lock of the week is on ${await matchup(closed[0])}, which has started`] });
      expect(await picks().findBy({ user_id: user.id })).toEqual([expect.objectContaining({ game_id: closed[0].id, is_lock: true })]);
      // Without the lock the pick is fine.
      await post(token, await pickBody(games[0])).expect(201);
    });

    it('both at once: confidence and lock in one season', async () => {
      const { games } = await seasonWith({ confidence_points: true, lock_of_week: true });
      const { token } = await t.member();
      const body = (await post(token, await pickBody(games[0], { confidence: 2, is_lock: true })).expect(201)).body;
      expect(body).toEqual(expect.objectContaining({ confidence: 2, is_lock: true }));
    });
  });

  describe('a season on the spec\'s rules', () => {
    it('refuses confidence and a lock, and accepts their empty values', async () => {
      const { games } = await seasonWith({});
      const { user, token } = await t.member();
      expect((await post(token, await pickBody(games[0], { confidence: 1 })).expect(422)).body).toEqual({ errors: ['Confidence points are not used this season'] });
      expect((await post(token, await pickBody(games[0], { is_lock: true })).expect(422)).body).toEqual({ errors: ['There is no lock of the week this season'] });
      expect(await picks().countBy({ user_id: user.id })).toBe(0);
      const made = await post(token, await pickBody(games[0], { confidence: null, is_lock: false })).expect(201);
      expect(made.body).toEqual(expect.objectContaining({ confidence: null, is_lock: false }));
      expect((await post(token, await pickBody(games[1])).expect(201)).body).toEqual(expect.objectContaining({ confidence: null, is_lock: false }));
    });

    it('a confidence season refuses a lock, a lock season refuses confidence', async () => {
      const { token } = await t.member();
      const confidence = await seasonWith({ confidence_points: true });
      expect((await post(token, await pickBody(confidence.games[0], { is_lock: true })).expect(422)).body).toEqual({ errors: ['There is no lock of the week this season'] });
      const lock = await seasonWith({ lock_of_week: true });
      expect((await post(token, await pickBody(lock.games[0], { confidence: 1 })).expect(422)).body).toEqual({ errors: ['Confidence points are not used this season'] });
    });

    it('admins do not make picks of their own', async () => {
      const { games } = await seasonWith({});
      for (const user_id of [undefined, adminId]) {
        const refused = await post(admin, await pickBody(games[0], { user_id })).expect(422);
        expect(refused.body).toEqual({ errors: ['Admins do not make picks; choose a member'] });
      }
    });
  });

  describe('commissioner plays', () => {
    it("makes an admin's POST without user_id (or with their own) their own pick, under the member rules", async () => {
      const { games, closed } = await seasonWith({ commissioner_plays: true, confidence_points: true }, 2, 1);
      const made = await post(admin, await pickBody(games[0])).expect(201);
      expect(made.body).toEqual(expect.objectContaining({ user_id: adminId, confidence: 1 }));
      const again = await post(admin, await pickBody(games[0], { user_id: adminId, confidence: 2 })).expect(200);
      expect(again.body).toEqual(expect.objectContaining({ id: made.body.id, user_id: adminId, confidence: 2 }));
      // No override of anyone: nothing audited.
      expect(await t.dataSource.getRepository(PickAudit).countBy({ user_id: adminId })).toBe(0);

      // Deadlines included, for a new pick and for a change of their own.
      expect((await post(admin, await pickBody(closed[0])).expect(422)).body).toEqual({ errors: [DEADLINE_PASSED] });
      const late = await createPick(t.dataSource, closed[0], adminId, { confidence: 3 });
      expect((await patch(admin, late.id, { confidence: 1 }).expect(422)).body).toEqual({ errors: [DEADLINE_PASSED] });
      expect((await t.http.delete(`/api/picks/${late.id}`).set(bearer(admin)).expect(422)).body).toEqual({ errors: [DEADLINE_PASSED] });

      // A member's pick is still an override.
      const { user } = await t.member();
      await post(admin, await pickBody(closed[0], { user_id: user.id })).expect(201);
    });
  });

  describe('games', () => {
    const gameBody = (week_id: number, fields: object) => ({ week_id, game_date: hoursFromNow(72).toISOString(), ...fields });
    const newTeams = async () => {
      const game = await createGame(t.dataSource);
      return { home_team_id: game.home_team_id, away_team_id: game.away_team_id };
    };

    it('freezes the line of a spread game once it has a pick (409), and only then', async () => {
      const { games } = await seasonWith({ pick_mode: 'spread' }, 2);
      const line = (id: number, body: object) => t.http.patch(`/api/games/${id}`).set(bearer(admin)).send(body);
      // Without picks the line moves freely.
      await line(games[0].id, { betting_line: 3, betting_line_team: 'away' }).expect(200);
      await line(games[0].id, { betting_line: 3.5, betting_line_team: 'home' }).expect(200);
      const { token } = await t.member();
      await post(token, await pickBody(games[0])).expect(201);
      for (const body of [{ betting_line: 7 }, { betting_line_team: 'away' }, { betting_line: null, betting_line_team: null }]) {
        expect((await line(games[0].id, body).expect(409)).body).toEqual({ errors: ['The line is frozen: members have picked against it'] });
      }
      expect(await t.dataSource.getRepository(Game).findOneByOrFail({ id: games[0].id })).toEqual(expect.objectContaining({ betting_line: 3.5, betting_line_team: 'home' }));
      // The same line sent back (a form) and other fields still change; a game without picks keeps a free line.
      await line(games[0].id, { betting_line: 3.5, betting_line_team: 'home', name: 'Rivalry Week' }).expect(200);
      await line(games[1].id, { betting_line: 10.5, betting_line_team: 'home' }).expect(200);

      const winner = await seasonWith({}, 1);
      await post(token, await pickBody(winner.games[0])).expect(201);
      await line(winner.games[0].id, { betting_line: 7, betting_line_team: 'away' }).expect(200);
    });

    it('requires half-point lines in such a season, on create and update (422)', async () => {
      const { week, games } = await seasonWith({ pick_mode: 'spread', half_point_lines: true }, 1);
      const refused = await t.http.post('/api/games').set(bearer(admin)).send(gameBody(week.id, { ...(await newTeams()), betting_line: 7, betting_line_team: 'home' })).expect(422);
      expect(refused.body).toEqual({ errors: ['This season requires half-point lines (for example 7.5)'] });
      const created = await t.http.post('/api/games').set(bearer(admin)).send(gameBody(week.id, { ...(await newTeams()), betting_line: 7.5, betting_line_team: 'home' })).expect(201);
      expect(created.body.betting_line).toBe(7.5);
      const updated = await t.http.patch(`/api/games/${games[0].id}`).set(bearer(admin)).send({ betting_line: 3, betting_line_team: 'away' }).expect(422);
      expect(updated.body).toEqual({ errors: ['This season requires half-point lines (for example 7.5)'] });
      await t.http.patch(`/api/games/${games[0].id}`).set(bearer(admin)).send({ betting_line: 0 }).expect(200);

      const plain = await seasonWith({ pick_mode: 'spread' }, 0);
      await t.http.post('/api/games').set(bearer(admin)).send(gameBody(plain.week.id, { ...(await newTeams()), betting_line: 7, betting_line_team: 'home' })).expect(201);
    });

    it.each([
      ['home', 30, 20, 'home'],
      ['home', 27, 20, 'push'],
      ['home', 24, 20, 'away'],
      ['away', 20, 30, 'away'],
      [null, 21, 24, 'away'],
    ] as const)('shows which side covered: %s favoured by 7, %i–%i → %s', async (favourite, home_score, away_score, cover) => {
      const game = await createGame(t.dataSource, { game_date: hoursFromNow(-5), betting_line: favourite ? 7 : null, betting_line_team: favourite });
      const before = await t.http.get(`/api/games/${game.id}`).set(bearer(admin)).expect(200);
      expect(before.body.cover).toBeNull();
      const scored = await t.http.patch(`/api/games/${game.id}`).set(bearer(admin)).send({ home_score, away_score }).expect(200);
      expect(scored.body.cover).toBe(cover);
      const listed = await t.http.get(`/api/games?week_id=${game.week_id}`).set(bearer(admin)).expect(200);
      expect(listed.body[0].cover).toBe(cover);
    });
  });

  describe('pick grid', () => {
    it("shows each revealed pick's confidence and lock, and ranks a points season by points", async () => {
      const { week, closed } = await seasonWith({ confidence_points: true, lock_of_week: true }, 0, 3);
      const ann = await t.member({ name: `Grid Ann ${seasons}` });
      const bob = await t.member({ name: `Grid Bob ${seasons}` });
      // Home teams win all three. Ann: 2 right (1 + 2 points). Bob: 1 right, his lock on 3 points (6).
      for (const game of closed) await t.dataSource.getRepository(Game).update(game.id, { home_score: 30, away_score: 10, winner_team_id: game.home_team_id, status: 'completed' });
      await createPick(t.dataSource, closed[0], ann.user.id, { confidence: 1 });
      await createPick(t.dataSource, closed[1], ann.user.id, { confidence: 2 });
      await createPick(t.dataSource, closed[2], ann.user.id, { confidence: 3, selected_team_id: closed[2].away_team_id });
      await createPick(t.dataSource, closed[0], bob.user.id, { confidence: 1, selected_team_id: closed[0].away_team_id });
      await createPick(t.dataSource, closed[1], bob.user.id, { confidence: 2, selected_team_id: closed[1].away_team_id });
      await createPick(t.dataSource, closed[2], bob.user.id, { confidence: 3, is_lock: true });

      const grid = (await t.http.get(`/api/weeks/${week.id}/pick_grid`).set(bearer(ann.token)).expect(200)).body;
      const rows = grid.members.filter((row: { user: { id: number } }) => [ann.user.id, bob.user.id].includes(row.user.id));
      expect(rows.map((row: { user: { id: number }; wins: number; points: number; rank: number }) => [row.user.id, row.wins, row.points, row.rank])).toEqual([
        [bob.user.id, 1, 6, 1],
        [ann.user.id, 2, 3, 2],
      ]);
      expect(rows[0].picks[2]).toEqual(expect.objectContaining({ status: 'shown', confidence: 3, is_lock: true, result: 'correct' }));
      expect(rows[1].picks[0]).toEqual(expect.objectContaining({ status: 'shown', confidence: 1, is_lock: false }));
    });
  });
});
