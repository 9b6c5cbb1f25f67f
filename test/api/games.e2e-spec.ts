import { Clock } from '../../src/common/clock';
import { Game } from '../../src/games/entities/game.entity';
import { GAME_RULES, OUTCOME_MESSAGES } from '../../src/games/game-rules';
import { Pick } from '../../src/picks/entities/pick.entity';
import { Team } from '../../src/teams/entities/team.entity';
import { Week } from '../../src/seasons/weeks/entities/week.entity';
import { createGame, createPick, createSeason, createTeam, createWeek, dateFromNow } from '../support/factories';
import { User } from '../../src/users/entities/user.entity';
import { ADMIN, bearer, TestApp } from '../support/test-app';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('Games', () => {
  let t: TestApp;
  let admin: string;
  let member: string;
  let memberId: number;
  /** The server's "now" for this file, on a whole second (MariaDB DATETIME keeps no milliseconds). */
  const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
  const fromNow = (ms: number) => new Date(NOW.getTime() + ms);

  beforeAll(async () => {
    t = await TestApp.start();
    jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => new Date(NOW));
    admin = await t.adminToken();
    const session = await t.member();
    member = session.token;
    memberId = session.user.id;
  });
  afterAll(() => t.close());

  const games = () => t.dataSource.getRepository(Game);
  const stored = (id: number) => games().findOneByOrFail({ id });
  const gameCount = () => games().count();

  /** A week and two teams to build a game from, all new. */
  async function fixture() {
    const week = await createWeek(t.dataSource);
    const home = await createTeam(t.dataSource, { nickname: 'Hosts' });
    const away = await createTeam(t.dataSource, { nickname: 'Visitors' });
    const other = await createTeam(t.dataSource);
    const body = { week_id: week.id, home_team_id: home.id, away_team_id: away.id, game_date: fromNow(3 * DAY).toISOString() };
    return { week, home, away, other, body };
  }
  const post = (body: object, token = admin) => t.http.post('/api/games').set(bearer(token)).send(body);
  const patch = (id: number, body: object, token = admin) => t.http.patch(`/api/games/${id}`).set(bearer(token)).send(body);
  const put = (id: number, body: object, token = admin) => t.http.put(`/api/games/${id}`).set(bearer(token)).send(body);
  const get = (path: string, token = member) => t.http.get(path).set(bearer(token));

  describe('CRUD', () => {
    it('creates a game with every field and answers it in full', async () => {
      const { week, home, away, body } = await fixture();
      const kickoff = fromNow(3 * DAY);
      const created = await post({
        ...body,
        game_date: kickoff.toISOString(),
        name: 'Rivalry Week',
        status: 'scheduled',
        betting_line: 3.5,
        betting_line_team: 'home',
        is_tiebreaker: true,
        home_team_ranking: 1,
        away_team_ranking: 25,
      }).expect(201);
      expect(created.body).toEqual({
        id: expect.any(Number),
        name: 'Rivalry Week',
        week_id: week.id,
        week: { id: week.id, number: week.number },
        football_season_id: week.football_season_id,
        home_team_id: home.id,
        away_team_id: away.id,
        home_team: { id: home.id, name: home.name, nickname: 'Hosts' },
        away_team: { id: away.id, name: away.name, nickname: 'Visitors' },
        winner_team_id: null,
        winner_team: null,
        game_date: kickoff.toISOString(),
        status: 'scheduled',
        home_score: null,
        away_score: null,
        betting_line: 3.5,
        betting_line_team: 'home',
        cover: null,
        is_tiebreaker: true,
        forfeit: false,
        forfeit_reason: null,
        home_team_ranking: 1,
        away_team_ranking: 25,
        pick_deadline: new Date(kickoff.getTime() - HOUR).toISOString(),
        deadline_status: 'open',
        minutes_until_deadline: 3 * 24 * 60 - 60,
        picks_allowed: true,
        picks_locked_at: null,
        provider: null,
        external_id: null,
        line_source: null,
        line_taken_at: null,
        sync_flag: null,
        sync_flagged_at: null,
      });
      expect(await stored(created.body.id)).toEqual(
        expect.objectContaining({ week_id: week.id, home_team_id: home.id, betting_line: 3.5, is_tiebreaker: true, game_date: kickoff }),
      );
      expect((await get(`/api/games/${created.body.id}`).expect(200)).body).toEqual(created.body);
    });

    it('gives a new game its defaults: scheduled, no tiebreaker, nothing else set', async () => {
      const { body } = await fixture();
      const created = await post(body).expect(201);
      expect(created.body).toEqual(
        expect.objectContaining({
          name: null,
          status: 'scheduled',
          is_tiebreaker: false,
          winner_team_id: null,
          home_score: null,
          away_score: null,
          betting_line: null,
          betting_line_team: null,
          home_team_ranking: null,
          away_team_ranking: null,
        }),
      );
    });

    it('accepts a game_date with an offset and stores the instant', async () => {
      const { body } = await fixture();
      const created = await post({ ...body, game_date: '2030-09-06T14:30:00-05:00' }).expect(201);
      expect(created.body.game_date).toBe('2030-09-06T19:30:00.000Z');
      expect((await stored(created.body.id)).game_date).toEqual(new Date('2030-09-06T19:30:00Z'));
    });

    it('updates with PATCH and PUT, and clears nullable fields with null', async () => {
      const { home, away, other, body } = await fixture();
      const { body: game } = await post({ ...body, betting_line: 7, betting_line_team: 'away', home_team_ranking: 5, name: 'Opener' }).expect(201);
      const week2 = await createWeek(t.dataSource, { number: 2 });

      const patched = await patch(game.id, { home_team_ranking: null, name: null, week_id: week2.id }).expect(200);
      expect(patched.body).toEqual(
        expect.objectContaining({ home_team_ranking: null, name: null, week_id: week2.id, week: { id: week2.id, number: 2 }, betting_line: 7 }),
      );
      expect(await stored(game.id)).toEqual(expect.objectContaining({ home_team_ranking: null, name: null, week_id: week2.id, home_team_id: home.id }));

      const replaced = await put(game.id, { home_team_id: other.id, away_team_id: away.id, betting_line: null, betting_line_team: null }).expect(200);
      expect(replaced.body).toEqual(
        expect.objectContaining({ home_team_id: other.id, home_team: { id: other.id, name: other.name, nickname: other.nickname }, betting_line: null }),
      );
      expect(await stored(game.id)).toEqual(expect.objectContaining({ home_team_id: other.id, betting_line: null, betting_line_team: null }));
    });

    it('deletes a game without picks', async () => {
      const game = await createGame(t.dataSource);
      await t.http.delete(`/api/games/${game.id}`).set(bearer(admin)).expect(204);
      expect(await games().existsBy({ id: game.id })).toBe(false);
      await get(`/api/games/${game.id}`).expect(404);
    });

    it('answers 404 for an unknown game and 400 for a malformed id', async () => {
      expect((await get('/api/games/999999').expect(404)).body.errors[0]).toBe('Game not found');
      await patch(999999, { name: 'x' }).expect(404);
      await put(999999, { name: 'x' }).expect(404);
      await t.http.delete('/api/games/999999').set(bearer(admin)).expect(404);
      await get('/api/games/abc').expect(400);
    });
  });

  describe('validation', () => {
    type Fixture = Awaited<ReturnType<typeof fixture>>;
    const without = (field: string) => (f: Fixture) => Object.fromEntries(Object.entries(f.body).filter(([key]) => key !== field));
    const withFields = (fields: (f: Fixture) => object) => (f: Fixture) => ({ ...f.body, ...fields(f) });
    const rankingMessage = (field: string) => `${field} must be a whole number from 1 to 25`;

    const tied = (f: Fixture, score: number) => OUTCOME_MESSAGES.tied(`${f.home.name} ${score}, ${f.away.name} ${score}`);

    it.each<[string, (f: Fixture) => object, string | ((f: Fixture) => string)]>([
      ['no week_id', without('week_id'), 'week_id is required'],
      ['no home_team_id', without('home_team_id'), 'home_team_id is required'],
      ['no away_team_id', without('away_team_id'), 'away_team_id is required'],
      ['no game_date', without('game_date'), 'game_date is required'],
      ['a null week_id', withFields(() => ({ week_id: null })), 'week_id is required'],
      ['a text week_id', withFields(() => ({ week_id: 'three' })), 'week_id must be a whole number'],
      ['an unknown week', withFields(() => ({ week_id: 999999 })), 'week_id does not match any week'],
      ['an unknown home team', withFields(() => ({ home_team_id: 999999 })), 'home_team_id does not match any team'],
      ['an unknown away team', withFields(() => ({ away_team_id: 999999 })), 'away_team_id does not match any team'],
      ['the same team twice', withFields((f) => ({ away_team_id: f.home.id })), GAME_RULES.sameTeams],
      ['a date without a time', withFields(() => ({ game_date: '2030-09-06' })), 'game_date must be an ISO 8601 date and time with a time zone, like 2025-09-06T19:30:00Z'],
      ['a time without a zone', withFields(() => ({ game_date: '2030-09-06T19:30:00' })), 'game_date must be an ISO 8601 date and time with a time zone, like 2025-09-06T19:30:00Z'],
      ['an impossible date', withFields(() => ({ game_date: '2030-02-30T19:30:00Z' })), 'game_date must be a real date and time'],
      ['a numeric date', withFields(() => ({ game_date: 1757187000000 })), 'game_date must be an ISO 8601 date and time, like 2025-09-06T19:30:00Z'],
      ['a negative score', withFields(() => ({ home_score: -1 })), 'home_score must not be less than 0'],
      ['a fractional score', withFields(() => ({ away_score: 2.5 })), 'away_score must be a whole number'],
      ['a text score', withFields(() => ({ home_score: '21' })), 'home_score must be a whole number'],
      ['a negative line', withFields(() => ({ betting_line: -0.5, betting_line_team: 'home' })), 'betting_line must not be less than 0'],
      ['a line off the half-point step', withFields(() => ({ betting_line: 3.3, betting_line_team: 'home' })), 'betting_line must be in steps of 0.5 (like 3 or 3.5)'],
      ['a text line', withFields(() => ({ betting_line: '3.5', betting_line_team: 'home' })), 'betting_line must be a number'],
      ['an absurd line', withFields(() => ({ betting_line: 100, betting_line_team: 'home' })), 'betting_line must not be greater than 99.5'],
      ['a line without a side', withFields(() => ({ betting_line: 3.5 })), GAME_RULES.lineWithoutSide],
      ['a side without a line', withFields(() => ({ betting_line_team: 'home' })), GAME_RULES.sideWithoutLine],
      ['an unknown side', withFields(() => ({ betting_line: 3, betting_line_team: 'favourite' })), 'betting_line_team must be home or away'],
      ['ranking 0', withFields(() => ({ home_team_ranking: 0 })), rankingMessage('home_team_ranking')],
      ['ranking 26', withFields(() => ({ away_team_ranking: 26 })), rankingMessage('away_team_ranking')],
      ['a fractional ranking', withFields(() => ({ home_team_ranking: 1.5 })), rankingMessage('home_team_ranking')],
      ['a winner not playing', withFields((f) => ({ winner_team_id: f.other.id })), GAME_RULES.winnerNotPlaying],
      ['an unknown status', withFields(() => ({ status: 'postponed' })), 'status must be one of: scheduled, in_progress, completed, cancelled'],
      ['a text tiebreaker flag', withFields(() => ({ is_tiebreaker: 'yes' })), 'is_tiebreaker must be true or false'],
      ['a null status', withFields(() => ({ status: null })), 'status must be one of: scheduled, in_progress, completed, cancelled'],
      ['a completed tie without winner', withFields(() => ({ status: 'completed', home_score: 24, away_score: 24 })), (f) => tied(f, 24)],
      ['a completed tie with a winner', withFields((f) => ({ status: 'completed', home_score: 24, away_score: 24, winner_team_id: f.home.id })), (f) => tied(f, 24)],
      ['a tie entered as both scores', withFields(() => ({ home_score: 0, away_score: 0 })), (f) => tied(f, 0)],
      ['a winner on a game not completed', withFields((f) => ({ status: 'in_progress', winner_team_id: f.away.id })), GAME_RULES.winnerNotCompleted],
      ['a winner on a scheduled game', withFields((f) => ({ winner_team_id: f.away.id })), GAME_RULES.winnerNotCompleted],
      ['a forfeit without reason', withFields((f) => ({ forfeit: true, winner_team_id: f.away.id })), GAME_RULES.forfeitWithoutReason],
      ['a forfeit with a blank reason', withFields((f) => ({ forfeit: true, forfeit_reason: '  ', winner_team_id: f.away.id })), GAME_RULES.forfeitWithoutReason],
      ['a forfeit without winner', withFields(() => ({ forfeit: true, forfeit_reason: 'Could not travel' })), GAME_RULES.forfeitWithoutWinner],
      ['a forfeit in progress', withFields((f) => ({ forfeit: true, forfeit_reason: 'x', winner_team_id: f.away.id, status: 'in_progress' })), GAME_RULES.forfeitNotCompleted],
      ['a text forfeit flag', withFields(() => ({ forfeit: 'yes' })), 'forfeit must be true or false'],
      ['a long forfeit reason', withFields(() => ({ forfeit: true, forfeit_reason: 'x'.repeat(256) })), 'forfeit_reason must be at most 255 characters long'],
    ])('refuses a create with %s: 422 and nothing written', async (_label, body, message) => {
      const f = await fixture();
      const before = await gameCount();
      const response = await post(body(f)).expect(422);
      expect(response.body.errors[0]).toBe(typeof message === 'function' ? message(f) : message);
      expect(await gameCount()).toBe(before);
    });

    it('reports one message per broken field', async () => {
      const response = await post({ home_score: -1, betting_line: 3.3 }).expect(422);
      expect(response.body.errors).toEqual(
        expect.arrayContaining([
          'week_id is required',
          'home_team_id is required',
          'away_team_id is required',
          'game_date is required',
          'home_score must not be less than 0',
          'betting_line must be in steps of 0.5 (like 3 or 3.5)',
        ]),
      );
    });

    it.each<[string, object]>([
      ['a half-point line', { betting_line: 3.5, betting_line_team: 'away' }],
      ['a whole line', { betting_line: 14, betting_line_team: 'home' }],
      ['a pick-em line without side', { betting_line: 0 }],
      ['rankings at both ends', { home_team_ranking: 1, away_team_ranking: 25 }],
      ['zero scores live', { status: 'in_progress', home_score: 0, away_score: 0 }],
      ['a completed tie awarded as a forfeit', { status: 'completed', home_score: 24, away_score: 24, winner_team_id: 'home', forfeit: true, forfeit_reason: 'Ineligible player' }],
      ['a forfeit without scores', { winner_team_id: 'away', forfeit: true, forfeit_reason: 'Could not travel', status: 'completed' }],
      ['a completed game without scores, with its winner', { status: 'completed', winner_team_id: 'away' }],
      ['every status', { status: 'cancelled' }],
    ])('accepts %s', async (_label, fields) => {
      const f = await fixture();
      const winner = (fields as { winner_team_id?: string }).winner_team_id;
      const body = { ...f.body, ...fields, ...(winner ? { winner_team_id: winner === 'home' ? f.home.id : f.away.id } : {}) };
      const response = await post(body).expect(201);
      expect(response.body).toEqual(expect.objectContaining(body));
    });

    it.each<[string, (f: Fixture) => object, string | ((f: Fixture) => string)]>([
      ['a home team change that leaves the winner out', (f) => ({ home_team_id: f.other.id }), GAME_RULES.winnerNotPlaying],
      ['an away team equal to the home team', (f) => ({ away_team_id: f.home.id }), GAME_RULES.sameTeams],
      ['an unknown away team', () => ({ away_team_id: 999999 }), 'away_team_id does not match any team'],
      ['an unknown week', () => ({ week_id: 999999 }), 'week_id does not match any week'],
      ['a null week', () => ({ week_id: null }), 'week_id must be a whole number'],
      ['a null game_date', () => ({ game_date: null }), 'game_date must be an ISO 8601 date and time, like 2025-09-06T19:30:00Z'],
      ['clearing the line but not its side', () => ({ betting_line: null }), GAME_RULES.sideWithoutLine],
      ['clearing the side but not the line', () => ({ betting_line_team: null }), GAME_RULES.lineWithoutSide],
      ['a tied final without winner', () => ({ status: 'completed', home_score: 10, away_score: 10, winner_team_id: null }), (f) => tied(f, 10)],
      ['a single score on a completed game', () => ({ home_score: 10 }), GAME_RULES.oneScore],
      ['a ranking out of range', () => ({ away_team_ranking: 30 }), rankingMessage('away_team_ranking')],
    ])('refuses an update with %s against the resulting game, changing nothing', async (_label, change, message) => {
      const f = await fixture();
      // A completed game recorded without scores: its winner is the one it was given.
      const { body: game } = await post({ ...f.body, status: 'completed', winner_team_id: f.home.id, betting_line: 2.5, betting_line_team: 'home' }).expect(201);
      const before = await stored(game.id);
      for (const send of [patch, put]) {
        expect((await send(game.id, change(f)).expect(422)).body.errors[0]).toBe(typeof message === 'function' ? message(f) : message);
      }
      expect(await stored(game.id)).toEqual(before);
    });
  });

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

  describe('deadline fields at the server clock', () => {
    it.each<[string, number, string, number, boolean]>([
      ['30 minutes before the deadline', 90 * MINUTE, 'closing_soon', 30, true],
      ['3 days away', 3 * DAY + HOUR, 'open', 3 * 24 * 60, true],
      ['at the deadline instant', HOUR, 'closed', 0, false],
      ['kicked off', -10 * MINUTE, 'closed', 0, false],
    ])('a game %s', async (_label, kickoffIn, status, minutes, allowed) => {
      const game = await createGame(t.dataSource, { game_date: fromNow(kickoffIn) });
      const expected = {
        game_date: fromNow(kickoffIn).toISOString(),
        pick_deadline: fromNow(kickoffIn - HOUR).toISOString(),
        deadline_status: status,
        minutes_until_deadline: minutes,
        picks_allowed: allowed,
      };
      expect((await get(`/api/games/${game.id}`).expect(200)).body).toEqual(expect.objectContaining(expected));
      const listed = await get(`/api/games?week_id=${game.week_id}`).expect(200);
      expect(listed.body).toEqual([expect.objectContaining({ id: game.id, ...expected })]);
    });

    it('refuses picks for a game in a past week, even before its deadline', async () => {
      const week = await createWeek(t.dataSource, { start_date: dateFromNow(-14), end_date: dateFromNow(-8) });
      const game = await createGame(t.dataSource, { week_id: week.id, game_date: fromNow(3 * DAY) });
      expect((await get(`/api/games/${game.id}`).expect(200)).body).toEqual(expect.objectContaining({ deadline_status: 'open', picks_allowed: false }));
    });

    it.each([
      ['completed', 'closed'],
      ['cancelled', 'open'],
    ] as const)('refuses picks for a %s game, its deadline %s', async (status, deadline) => {
      const game = await createGame(t.dataSource, { status, game_date: fromNow(3 * DAY) });
      expect((await get(`/api/games/${game.id}`).expect(200)).body).toEqual(expect.objectContaining({ status, deadline_status: deadline, picks_allowed: false }));
    });

    it('follows the clock: the same game closes once its deadline passes', async () => {
      const game = await createGame(t.dataSource, { game_date: fromNow(2 * HOUR) });
      expect((await get(`/api/games/${game.id}`)).body.deadline_status).toBe('closing_soon');
      const clock = jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => fromNow(HOUR));
      try {
        expect((await get(`/api/games/${game.id}`)).body).toEqual(expect.objectContaining({ deadline_status: 'closed', picks_allowed: false }));
      } finally {
        clock.mockImplementation(() => new Date(NOW));
      }
    });
  });

  describe('revealed picks stay locked (docs/decisions.md)', () => {
    const securityEvents = (type: string) => t.dataSource.query('SELECT type, user_id, actor_id, details FROM security_events WHERE type = ?', [type]);
    const history = async (id: number) => (await get(`/api/games/${id}/history`, admin).expect(200)).body as { action: string; previous_value: Record<string, unknown>; new_value: Record<string, unknown> }[];
    const pickFor = (game: Game, team: Team) =>
      t.http.post('/api/picks').set(bearer(member)).send({ game_id: game.id, week_id: game.week_id, selected_winner: team.name });
    const adminId = async () => (await t.dataSource.getRepository(User).findOneByOrFail({ email: ADMIN.email })).id;

    /** A game 30 minutes before kickoff (its deadline passed 30 minutes ago), picked by the member and another member. */
    async function revealedGame() {
      const game = await createGame(t.dataSource, { game_date: fromNow(30 * MINUTE) });
      const home = await t.dataSource.getRepository(Team).findOneByOrFail({ id: game.home_team_id });
      const away = await t.dataSource.getRepository(Team).findOneByOrFail({ id: game.away_team_id });
      const other = await t.member();
      await createPick(t.dataSource, game, memberId, { selected_team_id: home.id });
      await createPick(t.dataSource, game, other.user.id, { selected_team_id: away.id });
      const grid = await get(`/api/weeks/${game.week_id}/pick_grid`).expect(200);
      const otherRow = grid.body.members.find((row: { user: { id: number } }) => row.user.id === other.user.id);
      // The pick grid already shows everyone's pick of the game to the member.
      expect(otherRow.picks).toEqual([expect.objectContaining({ game_id: game.id, status: 'shown', selected_winner: away.name })]);
      return { game, home, away, other };
    }

    it('keeps a revealed game closed when an admin moves its kickoff later, and records the lock in its history', async () => {
      const { game, home, away, other } = await revealedGame();
      const moved = await patch(game.id, { game_date: fromNow(3 * DAY).toISOString() }).expect(200);
      expect(moved.body).toEqual(
        expect.objectContaining({
          game_date: fromNow(3 * DAY).toISOString(),
          pick_deadline: fromNow(3 * DAY - HOUR).toISOString(),
          deadline_status: 'closed',
          minutes_until_deadline: 0,
          picks_allowed: false,
          picks_locked_at: NOW.toISOString(),
        }),
      );
      expect((await stored(game.id)).picks_locked_at).toEqual(NOW);
      expect((await get(`/api/games?week_id=${game.week_id}`).expect(200)).body).toEqual([expect.objectContaining({ id: game.id, deadline_status: 'closed', picks_allowed: false, picks_locked_at: NOW.toISOString() })]);

      // The member cannot switch to the side they saw the others take, and the grid keeps showing the picks.
      const refused = await pickFor(game, away).expect(422);
      expect(refused.body.errors[0]).toBe('Pick deadline has passed - no changes allowed');
      expect((await t.dataSource.getRepository(Pick).findOneByOrFail({ game_id: game.id, user_id: memberId })).selected_team_id).toBe(home.id);
      const grid = await get(`/api/weeks/${game.week_id}/pick_grid`).expect(200);
      expect(grid.body.games).toEqual([expect.objectContaining({ id: game.id, locked: true })]);
      const otherRow = grid.body.members.find((row: { user: { id: number } }) => row.user.id === other.user.id);
      expect(otherRow.picks[0]).toEqual(expect.objectContaining({ status: 'shown', selected_winner: away.name }));

      const [entry] = await history(game.id);
      expect(entry).toEqual(
        expect.objectContaining({
          action: 'picks_locked',
          previous_value: expect.objectContaining({ picks_locked_at: null }),
          new_value: expect.objectContaining({ picks_locked_at: NOW.toISOString() }),
        }),
      );
      // Another edit keeps the lock (and records nothing new about it).
      await patch(game.id, { name: 'Moved', game_date: fromNow(4 * DAY).toISOString() }).expect(200);
      expect((await stored(game.id)).picks_locked_at).toEqual(NOW);
      expect((await history(game.id)).filter((e) => e.action === 'picks_locked')).toHaveLength(1);
    });

    it('reopens the picks only when an admin says so (reopen_picks), audited in the history and the security log', async () => {
      const { game, away } = await revealedGame();
      await patch(game.id, { game_date: fromNow(3 * DAY).toISOString() }).expect(200);

      // Members may not reopen; a malformed flag is refused; neither changes the lock.
      await patch(game.id, { reopen_picks: true }, member).expect(403);
      const malformed = await patch(game.id, { reopen_picks: 'yes' }).expect(422);
      expect(malformed.body.errors).toEqual(['reopen_picks must be true or false']);
      expect((await stored(game.id)).picks_locked_at).toEqual(NOW);

      const reopened = await put(game.id, { reopen_picks: true }).expect(200);
      expect(reopened.body).toEqual(expect.objectContaining({ deadline_status: 'open', picks_allowed: true, picks_locked_at: null }));
      expect((await stored(game.id)).picks_locked_at).toBeNull();
      const [entry] = await history(game.id);
      expect(entry).toEqual(
        expect.objectContaining({
          action: 'picks_reopened',
          admin: expect.objectContaining({ name: expect.any(String) }),
          previous_value: expect.objectContaining({ picks_locked_at: NOW.toISOString() }),
          new_value: expect.objectContaining({ picks_locked_at: null }),
        }),
      );
      const events = (await securityEvents('picks_reopened')).filter((event: { details: string }) => event.details === `Picks of game ${game.id} reopened`);
      expect(events).toHaveLength(1);
      expect(Number(events[0].actor_id)).toBe(await adminId());

      // Open again: the member may change their pick.
      await pickFor(game, away).expect(200);
      expect((await t.dataSource.getRepository(Pick).findOneByOrFail({ game_id: game.id, user_id: memberId })).selected_team_id).toBe(away.id);
    });

    it('reopens at once when the kickoff moves with reopen_picks, audited the same way', async () => {
      const { game } = await revealedGame();
      const moved = await patch(game.id, { game_date: fromNow(3 * DAY).toISOString(), reopen_picks: true }).expect(200);
      expect(moved.body).toEqual(expect.objectContaining({ deadline_status: 'open', picks_allowed: true, picks_locked_at: null }));
      expect((await history(game.id)).map((e) => e.action)).toEqual(['picks_reopened']);
      expect((await securityEvents('picks_reopened')).some((event: { details: string }) => event.details === `Picks of game ${game.id} reopened`)).toBe(true);
    });

    it('leaves a game whose picks were never revealed alone: moving it later locks nothing, reopening records nothing', async () => {
      const game = await createGame(t.dataSource, { game_date: fromNow(2 * DAY) });
      const moved = await patch(game.id, { game_date: fromNow(3 * DAY).toISOString() }).expect(200);
      expect(moved.body).toEqual(expect.objectContaining({ deadline_status: 'open', picks_locked_at: null }));
      await patch(game.id, { reopen_picks: true }).expect(200);
      // A revealed game moved to another time still past its deadline needs no lock either.
      const past = await createGame(t.dataSource, { game_date: fromNow(30 * MINUTE) });
      await patch(past.id, { game_date: fromNow(40 * MINUTE).toISOString() }).expect(200);
      expect((await stored(past.id)).picks_locked_at).toBeNull();
      expect(await history(game.id)).toEqual([]);
      expect(await history(past.id)).toEqual([]);
    });
  });

  describe('a final before kickoff closes the game at once (docs/results-integrity.md)', () => {
    const history = async (id: number) => (await get(`/api/games/${id}/history`, admin).expect(200)).body as { action: string }[];
    const teamsOf = async (game: Game) => {
      const repo = t.dataSource.getRepository(Team);
      return { home: await repo.findOneByOrFail({ id: game.home_team_id }), away: await repo.findOneByOrFail({ id: game.away_team_id }) };
    };
    const closed = { deadline_status: 'closed', minutes_until_deadline: 0, picks_allowed: false };
    const REFUSAL = 'Pick deadline has passed - no changes allowed';

    it('answers a game scored weeks before its kickoff as closed, refuses the member\'s new and changed picks, and shows everyone\'s picks', async () => {
      const game = await createGame(t.dataSource, { game_date: fromNow(21 * DAY) });
      const { home, away } = await teamsOf(game);
      const other = await t.member();
      const own = await createPick(t.dataSource, game, memberId, { selected_team_id: home.id });
      await createPick(t.dataSource, game, other.user.id, { selected_team_id: away.id });

      const scored = await patch(game.id, { home_score: 10, away_score: 31 }).expect(200);
      expect(scored.body).toEqual(expect.objectContaining({ status: 'completed', winner_team_id: away.id, pick_deadline: fromNow(21 * DAY - HOUR).toISOString(), ...closed }));
      expect((await get(`/api/games?week_id=${game.week_id}`).expect(200)).body).toEqual([expect.objectContaining({ id: game.id, ...closed })]);

      const changed = await t.http.put(`/api/picks/${own.id}`).set(bearer(member)).send({ game_id: game.id, week_id: game.week_id, selected_winner: away.name }).expect(422);
      expect(changed.body).toEqual({ errors: [REFUSAL] });
      expect((await t.dataSource.getRepository(Pick).findOneByOrFail({ id: own.id })).selected_team_id).toBe(home.id);
      const fresh = await t.member();
      const created = await t.http.post('/api/picks').set(bearer(fresh.token)).send({ game_id: game.id, week_id: game.week_id, selected_winner: away.name }).expect(422);
      expect(created.body).toEqual({ errors: [REFUSAL] });
      expect(await t.dataSource.getRepository(Pick).countBy({ game_id: game.id })).toBe(2);

      // The reveal follows the same closed rule: the grid shows the game locked and the other member's pick.
      const grid = await get(`/api/weeks/${game.week_id}/pick_grid`).expect(200);
      expect(grid.body.games).toEqual([expect.objectContaining({ id: game.id, locked: true })]);
      const otherRow = grid.body.members.find((row: { user: { id: number } }) => row.user.id === other.user.id);
      expect(otherRow.picks).toEqual([expect.objectContaining({ game_id: game.id, status: 'shown', selected_winner: away.name, result: 'correct' })]);
    });

    it.each([
      ['completed without scores or a winner', { status: 'completed' as const }],
      ['a winner on a scheduled game (stored before the outcome rules)', { status: 'scheduled' as const, winner: true }],
    ])('closes a future game with %s', async (_label, final) => {
      const game = await createGame(t.dataSource, { game_date: fromNow(14 * DAY) });
      const { home } = await teamsOf(game);
      await games().update(game.id, { status: final.status, winner_team_id: 'winner' in final ? home.id : null });
      expect((await get(`/api/games?week_id=${game.week_id}`).expect(200)).body).toEqual([expect.objectContaining({ id: game.id, ...closed })]);
      const refused = await t.http.post('/api/picks').set(bearer(member)).send({ game_id: game.id, week_id: game.week_id, selected_winner: home.name }).expect(422);
      expect(refused.body).toEqual({ errors: [REFUSAL] });
      expect(await t.dataSource.getRepository(Pick).countBy({ game_id: game.id })).toBe(0);
    });

    it('keeps the game closed when the early final is taken back (its picks were shown), until an admin reopens it', async () => {
      const game = await createGame(t.dataSource, { game_date: fromNow(21 * DAY) });
      const { home } = await teamsOf(game);
      await patch(game.id, { home_score: 24, away_score: 17 }).expect(200);
      const undone = await patch(game.id, { status: 'scheduled', home_score: null, away_score: null }).expect(200);
      expect(undone.body).toEqual(expect.objectContaining({ status: 'scheduled', winner_team_id: null, ...closed, picks_locked_at: NOW.toISOString() }));
      expect((await history(game.id)).map((entry) => entry.action)).toEqual(['picks_locked', 'update', 'update']);
      await t.http.post('/api/picks').set(bearer(member)).send({ game_id: game.id, week_id: game.week_id, selected_winner: home.name }).expect(422);

      const reopened = await patch(game.id, { reopen_picks: true }).expect(200);
      expect(reopened.body).toEqual(expect.objectContaining({ deadline_status: 'open', picks_allowed: true, picks_locked_at: null }));
      await t.http.post('/api/picks').set(bearer(member)).send({ game_id: game.id, week_id: game.week_id, selected_winner: home.name }).expect(201);
    });
  });

  describe('games that hold picks', () => {
    it('refuses to delete a game with picks (409, saying how many) and changes nothing', async () => {
      const game = await createGame(t.dataSource);
      const other = await t.createUser();
      await createPick(t.dataSource, game, memberId);
      await createPick(t.dataSource, game, other.id);
      const response = await t.http.delete(`/api/games/${game.id}`).set(bearer(admin)).expect(409);
      expect(response.body.errors[0]).toBe('This game has 2 picks; delete them before deleting the game');
      expect(await games().existsBy({ id: game.id })).toBe(true);
      expect(await t.dataSource.getRepository(Pick).countBy({ game_id: game.id })).toBe(2);
    });

    it('refuses a team change that would strand picks, but allows swapping home and away', async () => {
      const game = await createGame(t.dataSource);
      const newcomer = await createTeam(t.dataSource);
      await createPick(t.dataSource, game, memberId, { selected_team_id: game.home_team_id });
      const response = await patch(game.id, { home_team_id: newcomer.id }).expect(409);
      expect(response.body.errors[0]).toBe('1 pick of this game chose a team that would no longer play in it; the teams cannot change');
      expect((await stored(game.id)).home_team_id).toBe(game.home_team_id);

      await patch(game.id, { home_team_id: game.away_team_id, away_team_id: game.home_team_id }).expect(200);
      await patch(game.id, { home_team_id: newcomer.id }).expect(200);
    });

    it('moves its picks along when a game moves to another week', async () => {
      const game = await createGame(t.dataSource);
      const pick = await createPick(t.dataSource, game, memberId);
      const week2 = await createWeek(t.dataSource, { number: 2 });
      await patch(game.id, { week_id: week2.id }).expect(200);
      expect((await t.dataSource.getRepository(Pick).findOneByOrFail({ id: pick.id })).week_id).toBe(week2.id);
    });
  });

  describe('permissions', () => {
    it('answers 401 without a session on every route', async () => {
      const game = await createGame(t.dataSource);
      for (const [method, path] of [
        ['get', '/api/games'],
        ['get', `/api/games/${game.id}`],
        ['post', '/api/games'],
        ['patch', `/api/games/${game.id}`],
        ['put', `/api/games/${game.id}`],
        ['delete', `/api/games/${game.id}`],
      ] as const) {
        await t.http[method](path).send({ name: 'Hijacked' }).expect(401);
      }
    });

    it('lets members read games but answers 403 to their writes, changing nothing', async () => {
      const f = await fixture();
      const game = await createGame(t.dataSource, { name: 'Original' });
      await get('/api/games').expect(200);
      await get(`/api/games/${game.id}`).expect(200);
      const before = await gameCount();
      await post(f.body, member).expect(403);
      await patch(game.id, { name: 'Hijacked' }, member).expect(403);
      await put(game.id, { name: 'Hijacked' }, member).expect(403);
      await t.http.delete(`/api/games/${game.id}`).set(bearer(member)).expect(403);
      expect(await gameCount()).toBe(before);
      expect((await stored(game.id)).name).toBe('Original');
    });
  });

  describe('lists', () => {
    /** A season with two weeks; week 1 has three games whose kickoffs are out of id order. */
    async function season() {
      const footballSeason = await createSeason(t.dataSource);
      const week1 = await createWeek(t.dataSource, { football_season_id: footballSeason.id, number: 1 });
      const week2 = await createWeek(t.dataSource, { football_season_id: footballSeason.id, number: 2, start_date: dateFromNow(7), end_date: dateFromNow(13) });
      const late = await createGame(t.dataSource, { week_id: week1.id, game_date: fromNow(3 * DAY), status: 'completed' });
      const early1 = await createGame(t.dataSource, { week_id: week1.id, game_date: fromNow(2 * DAY) });
      const early2 = await createGame(t.dataSource, { week_id: week1.id, game_date: fromNow(2 * DAY) });
      const next = await createGame(t.dataSource, { week_id: week2.id, game_date: fromNow(9 * DAY) });
      return { footballSeason, week1, week2, late, early1, early2, next };
    }
    const ids = (body: { id: number }[]) => body.map((game) => game.id);

    it('filters by week_id, ordered by game_date then id, as a plain array', async () => {
      const s = await season();
      const response = await get(`/api/games?week_id=${s.week1.id}`).expect(200);
      expect(ids(response.body)).toEqual([s.early1.id, s.early2.id, s.late.id]);
      expect(response.headers['content-range']).toBeUndefined();
    });

    it('lists each game exactly as its own read shows it (the list has its own lean statement and serializer)', async () => {
      const s = await season();
      await t.dataSource.query(
        `UPDATE games SET winner_team_id = home_team_id, home_score = 31, away_score = 7, betting_line = 3.5, betting_line_team = 'home',
           name = 'Rivalry Week', forfeit = 1, forfeit_reason = 'Ineligible player', home_team_ranking = 4 WHERE id = ?`,
        [s.late.id],
      );
      const listed = (await get(`/api/games?week_id=${s.week1.id}`).expect(200)).body as { id: number }[];
      expect(listed).toHaveLength(3);
      for (const game of listed) expect(game).toEqual((await get(`/api/games/${game.id}`).expect(200)).body);
      const winner = listed.find((game) => game.id === s.late.id) as unknown as { winner_team: { name: string }; betting_line: number };
      expect(winner).toEqual(expect.objectContaining({ winner_team: expect.objectContaining({ name: expect.any(String) }), betting_line: 3.5 }));
    });

    it('answers a weak ETag that follows the games and the clock, and revalidates with 304', async () => {
      const s = await season();
      const list = `/api/games?week_id=${s.week1.id}`;
      const first = await get(list).expect(200);
      expect(first.headers.etag).toMatch(/^W\//);
      expect(first.headers['content-type']).toMatch(/^application\/json/);
      await get(list).set('If-None-Match', first.headers.etag).expect(304);

      // A change through the API is in the very next answer (the shared rows and answer are read again).
      await patch(s.early1.id, { name: 'Renamed' }).expect(200);
      const renamed = await get(list).expect(200);
      expect(renamed.headers.etag).not.toBe(first.headers.etag);
      expect(renamed.body.find((game: { id: number }) => game.id === s.early1.id).name).toBe('Renamed');

      // A minute later every window has moved on: a new answer, not the one serialized a minute ago.
      const clock = jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => fromNow(MINUTE));
      try {
        const later = await get(list).expect(200);
        expect(later.headers.etag).not.toBe(renamed.headers.etag);
        expect(later.body[0].minutes_until_deadline).toBe(renamed.body[0].minutes_until_deadline - 1);
      } finally {
        clock.mockImplementation(() => new Date(NOW));
      }
    });

    it('filters by football_season_id with and without week_id, and by status', async () => {
      const s = await season();
      await season();
      expect(ids((await get(`/api/games?football_season_id=${s.footballSeason.id}&week_id=${s.week2.id}`).expect(200)).body)).toEqual([s.next.id]);
      expect(ids((await get(`/api/games?football_season_id=${s.footballSeason.id}`).expect(200)).body)).toEqual([
        s.early1.id,
        s.early2.id,
        s.late.id,
        s.next.id,
      ]);
      expect(ids((await get(`/api/games?football_season_id=${s.footballSeason.id}&status=completed`).expect(200)).body)).toEqual([s.late.id]);
      expect(await get(`/api/games?week_id=${s.week2.id}&football_season_id=999999`).expect(200)).toHaveProperty('body', []);
    });

    it('answers every game on a bare list', async () => {
      const s = await season();
      const response = await get('/api/games').expect(200);
      expect(response.body).toHaveLength(await gameCount());
      expect(ids(response.body)).toEqual(expect.arrayContaining([s.late.id, s.early1.id, s.early2.id, s.next.id]));
      const dates = response.body.map((game: { game_date: string }) => game.game_date);
      expect(dates).toEqual([...dates].sort());
    });

    it('refuses malformed filters with 400', async () => {
      expect((await get('/api/games?week_id=abc').expect(400)).body.errors[0]).toBe('week_id must be a whole number');
      await get('/api/games?status=postponed').expect(400);
      await get(`/api/games?sort=${encodeURIComponent('["password","ASC"]')}`).expect(400);
    });

    it("speaks react-admin's dialect: filter, sort, range with Content-Range, and getMany by ids", async () => {
      const s = await season();
      const page = await get('/api/games').query({
        filter: JSON.stringify({ football_season_id: s.footballSeason.id }),
        sort: JSON.stringify(['game_date', 'DESC']),
        range: JSON.stringify([0, 1]),
      });
      expect(page.status).toBe(200);
      expect(ids(page.body)).toEqual([s.next.id, s.late.id]);
      expect(page.headers['content-range']).toBe('games 0-1/4');
      expect(page.headers['access-control-expose-headers']).toMatch(/Content-Range/);

      const second = await get('/api/games').query({ filter: JSON.stringify({ week_id: s.week1.id }), sort: JSON.stringify(['id', 'ASC']), range: JSON.stringify([1, 2]) });
      expect(ids(second.body)).toEqual([s.early1.id, s.early2.id]);
      expect(second.headers['content-range']).toBe('games 1-2/3');

      const many = await get('/api/games').query({ filter: JSON.stringify({ id: [s.next.id, s.late.id] }) }).expect(200);
      expect(ids(many.body).sort((a, b) => a - b)).toEqual([s.late.id, s.next.id].sort((a, b) => a - b));

      const teams = t.dataSource.getRepository(Team);
      await teams.update(s.early1.home_team_id, { name: `zzz ${s.early1.home_team_id}` });
      const byTeam = await get('/api/games').query({ filter: JSON.stringify({ week_id: s.week1.id }), sort: JSON.stringify(['home_team.name', 'DESC']) }).expect(200);
      expect(ids(byTeam.body)[0]).toBe(s.early1.id);
      const byWeek = await get('/api/games').query({
        filter: JSON.stringify({ football_season_id: s.footballSeason.id }),
        sort: JSON.stringify(['week.number', 'DESC']),
        range: JSON.stringify([0, 1]),
      });
      expect(byWeek.status).toBe(200);
      expect(ids(byWeek.body)).toEqual([s.next.id, s.late.id]);
      expect(byWeek.headers['content-range']).toBe('games 0-1/4');
    });

    it('reads a list with the same number of queries whatever its length (joins and one batch of week statuses)', async () => {
      const warm = await createWeek(t.dataSource);
      await createGame(t.dataSource, { week_id: warm.id });
      // Both measured weeks in seasons of their own, so neither finds its season's week statuses already cached.
      const small = await createWeek(t.dataSource);
      await createGame(t.dataSource, { week_id: small.id });
      const week1 = await createWeek(t.dataSource);
      for (let game = 0; game < 5; game++) await createGame(t.dataSource, { week_id: week1.id });

      const runner = t.dataSource.createQueryRunner();
      const query = jest.spyOn(Object.getPrototypeOf(runner), 'query');
      await runner.release();
      try {
        // Another week's list first, so what every request reads through a cache (the session, the calendar) is warm
        // for both measured lists alike.
        await get(`/api/games?week_id=${warm.id}`).expect(200);
        query.mockClear();
        await get(`/api/games?week_id=${small.id}`).expect(200);
        const one = query.mock.calls.length;
        expect(one).toBeGreaterThan(0);
        query.mockClear();
        const listed = await get(`/api/games?week_id=${week1.id}`).expect(200);
        expect(listed.body).toHaveLength(5);
        expect(query.mock.calls.length).toBe(one);
      } finally {
        query.mockRestore();
      }
    });

    it('lists every game with its week and teams embedded', async () => {
      const s = await season();
      const [game] = (await get(`/api/games?week_id=${s.week2.id}`).expect(200)).body;
      const week = await t.dataSource.getRepository(Week).findOneByOrFail({ id: s.week2.id });
      const home = await t.dataSource.getRepository(Team).findOneByOrFail({ id: s.next.home_team_id });
      expect(game).toEqual(
        expect.objectContaining({
          week: { id: week.id, number: 2 },
          football_season_id: s.footballSeason.id,
          home_team: { id: home.id, name: home.name, nickname: home.nickname },
          winner_team: null,
        }),
      );
    });
  });
});
