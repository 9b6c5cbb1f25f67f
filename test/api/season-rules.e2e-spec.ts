import { Game } from '../../src/games/entities/game.entity';
import { FootballSeason } from '../../src/seasons/entities/football-season.entity';
import { DEFAULT_RULES, rulesOf } from '../../src/seasons/season-rules';
import { createGame, createWeek, hoursFromNow } from '../support/factories';
import { bearer, TestApp } from '../support/test-app';

/** docs/pool-formats.md "The rules": a season's rules over HTTP, as the admin console and the member pages read them. */
describe('Season rules', () => {
  let t: TestApp;
  let admin: string;
  let member: string;

  beforeAll(async () => {
    t = await TestApp.start();
    admin = await t.adminToken();
    ({ token: member } = await t.member());
  });
  afterAll(() => t.close());

  const unique = () => Math.random().toString(36).slice(2, 8);
  const stored = async (id: number) => rulesOf(await t.dataSource.getRepository(FootballSeason).findOneByOrFail({ id }));
  const post = (body: object, token = admin) =>
    t.http
      .post('/api/football_seasons')
      .set(bearer(token))
      .send({ name: `Rules ${unique()}`, start_date: '2031-08-30', end_date: '2032-01-12', ...body });
  const patch = (id: number, body: object, token = admin) => t.http.patch(`/api/football_seasons/${id}`).set(bearer(token)).send(body);
  const created = async (rules?: object): Promise<{ id: number; name: string }> => (await post(rules ? { rules } : {}).expect(201)).body;

  it("a season created without rules plays the spec's rules, unlocked, with nothing to summarise", async () => {
    const { body } = await post({}).expect(201);
    expect(body).toEqual(expect.objectContaining({ rules: { ...DEFAULT_RULES }, rules_locked: false, rules_summary: [] }));
    expect(await stored(body.id)).toEqual(DEFAULT_RULES);
    const shown = await t.http.get(`/api/football_seasons/${body.id}`).set(bearer(member)).expect(200);
    expect(shown.body).toEqual(expect.objectContaining({ rules: DEFAULT_RULES, rules_locked: false, rules_summary: [] }));
  });

  it('takes any subset of rules on create, the defaults for the rest, and says each in a plain sentence', async () => {
    const rules = {
      pick_mode: 'spread',
      push_rule: 'half',
      confidence_points: true,
      lock_of_week: true,
      drop_worst_weeks: 2,
      missed_weeks: 'excluded',
      weekly_ties: 'shared',
      games_per_week: null,
      commissioner_plays: true,
    };
    const { body } = await post({ rules }).expect(201);
    expect(body.rules).toEqual({ ...rules, half_point_lines: false, pickem: true });
    expect(await stored(body.id)).toEqual(body.rules);
    expect(body.rules_summary).toEqual([
      "Picks are against the spread: your team must cover the line that was frozen when the game's first pick was made.",
      'A game that lands exactly on the line (a push) counts as half a win.',
      'Give each pick confidence points from 1 up to the number of games, each number once; a correct pick earns its points.',
      'Your lock of the week counts double; a lock on a cancelled game is void.',
      'Your worst 2 weeks are dropped from the season standings.',
      'Weeks you miss are left out: the season standings go by win percentage.',
      "Members with the same weekly score share the week's place.",
      'Every game of the week is on the card.',
      'The commissioner plays too, under the same deadlines.',
    ]);

    const halfPoints = await post({ rules: { pick_mode: 'spread', half_point_lines: true, drop_worst_weeks: 1, games_per_week: 8 } }).expect(201);
    expect(halfPoints.body.rules_summary).toEqual([
      "Picks are against the spread: your team must cover the line that was frozen when the game's first pick was made.",
      'Every line ends in a half point, so no game can land on the line.',
      'Your worst week is dropped from the season standings.',
      'Each week has 8 games, one of them the tiebreaker.',
    ]);
  });

  it('a PATCH changes the rules it names and keeps the others; a PATCH without rules keeps them all', async () => {
    const { id } = await created({ pick_mode: 'spread', push_rule: 'void', drop_worst_weeks: 3 });
    const locked = await patch(id, { rules: { lock_of_week: true, games_per_week: null } }).expect(200);
    const expected = { ...DEFAULT_RULES, pick_mode: 'spread', push_rule: 'void', drop_worst_weeks: 3, lock_of_week: true, games_per_week: null };
    expect(locked.body.rules).toEqual(expected);
    expect(locked.body.rules_summary).toContain('A game that lands exactly on the line (a push) does not count.');

    expect((await patch(id, { rules: {} }).expect(200)).body.rules).toEqual(expected);
    const renamed = await patch(id, { name: `Renamed ${unique()}` }).expect(200);
    expect(renamed.body.rules).toEqual(expected);
    expect((await patch(id, { rules: { games_per_week: 12, pick_mode: 'winner' } }).expect(200)).body.rules).toEqual({ ...expected, games_per_week: 12, pick_mode: 'winner' });
    expect(await stored(id)).toEqual({ ...expected, games_per_week: 12, pick_mode: 'winner' });
  });

  it.each([
    [{ pick_mode: 'moneyline' }, 'rules.pick_mode must be one of: winner, spread'],
    [{ push_rule: 'tie' }, 'rules.push_rule must be one of: loss, half, void'],
    [{ half_point_lines: 'yes' }, 'rules.half_point_lines must be true or false'],
    [{ confidence_points: 1 }, 'rules.confidence_points must be true or false'],
    [{ lock_of_week: 'double' }, 'rules.lock_of_week must be true or false'],
    [{ drop_worst_weeks: 11 }, 'rules.drop_worst_weeks must be between 0 and 10'],
    [{ drop_worst_weeks: -1 }, 'rules.drop_worst_weeks must be between 0 and 10'],
    [{ drop_worst_weeks: 1.5 }, 'rules.drop_worst_weeks must be a whole number'],
    [{ missed_weeks: 'zero' }, 'rules.missed_weeks must be one of: loss, excluded'],
    [{ weekly_ties: 'coin flip' }, 'rules.weekly_ties must be one of: tiebreaker, shared'],
    [{ games_per_week: 0 }, 'rules.games_per_week must be between 1 and 40, or null for every game'],
    [{ games_per_week: 41 }, 'rules.games_per_week must be between 1 and 40, or null for every game'],
    [{ games_per_week: 9.5 }, 'rules.games_per_week must be a whole number, or null for every game'],
    [{ commissioner_plays: 'sometimes' }, 'rules.commissioner_plays must be true or false'],
    [{ half_point_lines: true }, 'half_point_lines applies only against the spread (pick_mode spread)'],
    ['spread', 'rules must be an object'],
  ])('refuses rules %j with 422 naming the field, on create and on edit, writing nothing', async (rules, message) => {
    const name = `Refused ${unique()}`;
    const refused = await post({ name, rules }).expect(422);
    expect(refused.body.errors).toContain(message);
    expect(await t.dataSource.getRepository(FootballSeason).existsBy({ name })).toBe(false);

    const { id } = await created({ drop_worst_weeks: 1 });
    expect((await patch(id, { name: `Edited ${unique()}`, rules }).expect(422)).body.errors).toContain(message);
    expect(await stored(id)).toEqual({ ...DEFAULT_RULES, drop_worst_weeks: 1 });
  });

  it('refuses leaving the spread while half-point lines are on', async () => {
    const { id } = await created({ pick_mode: 'spread', half_point_lines: true });
    expect((await patch(id, { rules: { pick_mode: 'winner' } }).expect(422)).body).toEqual({
      errors: ['half_point_lines applies only against the spread (pick_mode spread)'],
    });
    expect((await patch(id, { rules: { pick_mode: 'winner', half_point_lines: false } }).expect(200)).body.rules).toEqual(DEFAULT_RULES);
  });

  it('refuses requiring half-point lines while a game of the season has a whole line, until that line ends in .5', async () => {
    const { id } = await created({ pick_mode: 'spread' });
    const week = await createWeek(t.dataSource, { football_season_id: id });
    const whole = await createGame(t.dataSource, { week_id: week.id, betting_line: 7, betting_line_team: 'home' });
    await createGame(t.dataSource, { week_id: week.id, betting_line: 0, betting_line_team: null });
    const refused = await patch(id, { rules: { half_point_lines: true } }).expect(422);
    expect(refused.body.errors).toEqual([expect.stringMatching(/^Half-point lines can't be required: 1 game of this season has a whole-number line/)]);
    expect((await stored(id)).half_point_lines).toBe(false);

    await t.dataSource.getRepository(Game).update({ id: whole.id }, { betting_line: 7.5 });
    expect((await patch(id, { rules: { half_point_lines: true } }).expect(200)).body.rules.half_point_lines).toBe(true);
  });

  it('locks the rules once the first game has kicked off: a change is refused with 409, the same rules sent back are not a change', async () => {
    const { id, name } = await created({ confidence_points: true });
    const week = await createWeek(t.dataSource, { football_season_id: id });
    await createGame(t.dataSource, { week_id: week.id, game_date: hoursFromNow(72) });
    expect((await t.http.get(`/api/football_seasons/${id}`).set(bearer(admin)).expect(200)).body.rules_locked).toBe(false);
    await createGame(t.dataSource, { week_id: week.id, game_date: hoursFromNow(-1) });

    const season = (await t.http.get(`/api/football_seasons/${id}`).set(bearer(admin)).expect(200)).body;
    expect(season.rules_locked).toBe(true);
    const listed = (await t.http.get('/api/football_seasons').query({ q: name }).set(bearer(admin)).expect(200)).body;
    expect(listed).toEqual([expect.objectContaining({ id, rules_locked: true })]);

    for (const rules of [{ lock_of_week: true }, { confidence_points: false }, { games_per_week: null }]) {
      expect((await patch(id, { rules }).expect(409)).body).toEqual({ errors: ["The season's rules can't change once its first game has kicked off"] });
    }
    expect(await stored(id)).toEqual({ ...DEFAULT_RULES, confidence_points: true });

    // react-admin's save sends the whole record back: the same rules with another name go through.
    const { rules, start_date, end_date, year } = season;
    const renamed = `${name} (renamed)`;
    const saved = await t.http.put(`/api/football_seasons/${id}`).set(bearer(admin)).send({ name: renamed, start_date, end_date, year, rules }).expect(200);
    expect(saved.body).toEqual(expect.objectContaining({ name: renamed, rules, rules_locked: true }));
    await patch(id, { rules: { confidence_points: true } }).expect(200);
  });

  it('members read the rules but cannot write them', async () => {
    const { id } = await created({ weekly_ties: 'shared' });
    const current = await t.http.get(`/api/football_seasons/${id}`).set(bearer(member)).expect(200);
    expect(current.body).toEqual(expect.objectContaining({ rules: { ...DEFAULT_RULES, weekly_ties: 'shared' }, rules_locked: false, rules_summary: ["Members with the same weekly score share the week's place."] }));
    await patch(id, { rules: { weekly_ties: 'tiebreaker' } }, member).expect(403);
    await t.http.put(`/api/football_seasons/${id}`).set(bearer(member)).send({ rules: { weekly_ties: 'tiebreaker' } }).expect(403);
    await post({ rules: { pick_mode: 'spread' } }, member).expect(403);
    expect((await stored(id)).weekly_ties).toBe('shared');
  });
});
