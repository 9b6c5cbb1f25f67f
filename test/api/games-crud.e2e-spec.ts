import { GAME_RULES, OUTCOME_MESSAGES } from '../../src/games/game-rules';
import { createGame, createWeek } from '../support/factories';
import { bearer, TestApp } from '../support/test-app';
import { DAY, gamesSuite, HOUR } from '../support/games-suite';

describe('Games', () => {
  const s = gamesSuite();
  const { fromNow, games, stored, gameCount, fixture, post, patch, put, get } = s;
  let t: TestApp, admin: string;
  beforeAll(() => ({ t, admin } = s));

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
});
