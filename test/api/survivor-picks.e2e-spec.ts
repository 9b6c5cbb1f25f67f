import { Game } from '../../src/games/entities/game.entity';
import { SurvivorPick } from '../../src/survivor/entities/survivor-pick.entity';
import { createGame } from '../support/factories';
import { REFUSALS } from '../support/picks-suite';
import { bearer } from '../support/test-app';
import { survivorSuite } from '../support/survivor-suite';

/** docs/pool-formats.md#survivor#picks over HTTP: a member's team of the week, its window, reuse and who may pick. */
describe('Survivor picks', () => {
  const s = survivorSuite();
  const picksOf = (contestId: number, userId: number) => s.ds().getRepository(SurvivorPick).find({ where: { survivor_contest_id: contestId, user_id: userId }, order: { week_id: 'ASC' } });

  /** A contest over weeks of these kickoffs with one entered member. */
  async function entered(kickoffs: number[][], fields: object = {}) {
    const { seasonId, weeks } = await s.season(kickoffs);
    const contest = await s.contest(seasonId, weeks[0].week.id, fields);
    const member = await s.t.member();
    await s.enter(contest.id, member.user.id);
    return { seasonId, weeks, contest, ...member };
  }

  it('lists the week\'s teams with their game, line and use, and saves, changes and clears the pick', async () => {
    const { weeks, contest, user, token } = await entered([[72, 96]]);
    const [first, second] = weeks[0].games;
    await s.ds().getRepository(Game).update({ id: first.game.id }, { betting_line: 7.5, betting_line_team: 'home' });
    const cancelled = await createGame(s.ds(), { week_id: weeks[0].week.id, status: 'cancelled' });

    const shown = await s.t.http.get(`/api/weeks/${weeks[0].week.id}/survivor_pick`).set(bearer(token)).expect(200);
    expect(shown.body.pick).toBeNull();
    expect(shown.body.options).toHaveLength(4);
    expect(shown.body.options.some((option: { game_id: number }) => option.game_id === cancelled.id)).toBe(false);
    expect(shown.body.options[0]).toEqual({
      team_id: first.home.id,
      team_name: first.home.name,
      game_id: first.game.id,
      opponent_name: first.away.name,
      home: true,
      game_date: first.game.game_date.toISOString(),
      pick_deadline: new Date(first.game.game_date.getTime() - 3600_000).toISOString(),
      picks_allowed: true,
      line: -7.5,
      used_week_number: null,
    });
    expect(shown.body.options[1]).toEqual(expect.objectContaining({ team_id: first.away.id, home: false, line: 7.5 }));
    expect(shown.body.options[2]).toEqual(expect.objectContaining({ team_id: second.home.id, line: null }));

    const saved = await s.putPick(token, weeks[0].week.id, first.home.id).expect(200);
    expect(saved.body).toEqual({
      id: expect.any(Number),
      survivor_contest_id: contest.id,
      week_id: weeks[0].week.id,
      week_number: 1,
      game_id: first.game.id,
      team_id: first.home.id,
      team_name: first.home.name,
      assigned: false,
      updated_at: expect.any(String),
    });
    const changed = await s.putPick(token, weeks[0].week.id, second.away.id).expect(200);
    expect(changed.body).toEqual(expect.objectContaining({ id: saved.body.id, team_id: second.away.id, game_id: second.game.id }));
    expect(await picksOf(contest.id, user.id)).toEqual([expect.objectContaining({ team_id: second.away.id, reuse_period: 0 })]);
    expect((await s.t.http.get(`/api/weeks/${weeks[0].week.id}/survivor_pick`).set(bearer(token)).expect(200)).body.pick).toEqual(changed.body);

    await s.t.http.delete(`/api/weeks/${weeks[0].week.id}/survivor_pick`).set(bearer(token)).expect(204);
    expect(await picksOf(contest.id, user.id)).toEqual([]);
    expect((await s.t.http.delete(`/api/weeks/${weeks[0].week.id}/survivor_pick`).set(bearer(token)).expect(404)).body).toEqual({ errors: ['You have no survivor pick this week'] });
  });

  it('refuses a team not playing, a game past its deadline or cancelled, and a change away from a locked game', async () => {
    const { weeks, contest, user, token } = await entered([[-0.5, 72]]);
    const [locked, open] = weeks[0].games;
    const cancelled = await createGame(s.ds(), { week_id: weeks[0].week.id, status: 'cancelled' });
    const refusal = async (teamId: number, message: string) => expect((await s.putPick(token, weeks[0].week.id, teamId).expect(422)).body.errors[0]).toBe(message);
    await refusal(locked.home.id, REFUSALS.deadlinePassed);
    await refusal(cancelled.home_team_id, "team_id must be a team playing in one of this week's games");
    await refusal(999999, "team_id must be a team playing in one of this week's games");
    expect((await s.t.http.put(`/api/weeks/${weeks[0].week.id}/survivor_pick`).set(bearer(token)).send({}).expect(422)).body).toEqual({ errors: ['team_id is required'] });
    expect(await picksOf(contest.id, user.id)).toEqual([]);

    // A pick on the game that locked stays: neither changed to an open game nor cleared.
    await s.pick(contest.id, user.id, weeks[0], locked.home);
    await refusal(open.home.id, REFUSALS.deadlinePassed);
    expect((await s.t.http.delete(`/api/weeks/${weeks[0].week.id}/survivor_pick`).set(bearer(token)).expect(422)).body.errors[0]).toBe(REFUSALS.deadlinePassed);
    expect(await picksOf(contest.id, user.id)).toEqual([expect.objectContaining({ team_id: locked.home.id })]);
  });

  it('refuses someone not entered, out, or in a contest that is over, and a week before the contest', async () => {
    const { seasonId, weeks } = await s.season([[-48], [72], [96]]);
    const contest = await s.contest(seasonId, weeks[1].week.id);
    const outsider = await s.t.member();
    const team = weeks[1].games[0].home.id;
    expect((await s.putPick(outsider.token, weeks[1].week.id, team).expect(422)).body).toEqual({ errors: ['You have not entered this survivor contest'] });
    await s.enter(contest.id, outsider.user.id);
    expect((await s.putPick(outsider.token, weeks[0].week.id, weeks[0].games[0].home.id).expect(422)).body).toEqual({ errors: ['This week is not part of the survivor contest'] });

    const out = await s.t.member();
    const alive = await s.t.member();
    const third = await s.t.member();
    for (const one of [out, alive, third]) await s.enter(contest.id, one.user.id);
    await s.result(contest.id, out.user.id, weeks[1], { outcome: 'loss', lives_lost: 1, lives_left: 0, alive: false, weeks_survived: 0 });
    await s.result(contest.id, alive.user.id, weeks[1], { outcome: 'win' });
    await s.result(contest.id, third.user.id, weeks[1], { outcome: 'win' });
    await s.result(contest.id, outsider.user.id, weeks[1], { outcome: 'win' });
    expect((await s.putPick(out.token, weeks[2].week.id, weeks[2].games[0].home.id).expect(422)).body).toEqual({ errors: ['You are out of this survivor contest'] });
    await s.putPick(alive.token, weeks[2].week.id, weeks[2].games[0].home.id).expect(200);

    // Only one left alive after the week: the contest is over and takes no more picks.
    await s.ds().query('UPDATE survivor_results SET alive = 0, lives_left = 0 WHERE survivor_contest_id = ? AND user_id IN (?, ?)', [contest.id, third.user.id, outsider.user.id]);
    expect((await s.putPick(alive.token, weeks[2].week.id, weeks[2].games[0].away.id).expect(422)).body).toEqual({ errors: ['This survivor contest is over'] });
  });

  it('takes a team once per contest under reuse: never, naming the week it was used', async () => {
    const { weeks, contest, user, token } = await entered([[-30, 72], [72], [96]]);
    const georgia = weeks[0].games[0].home;
    await s.ds().query('UPDATE games SET home_team_id = ? WHERE id IN (?, ?)', [georgia.id, weeks[1].games[0].game.id, weeks[2].games[0].game.id]);
    await s.pick(contest.id, user.id, weeks[0], georgia);
    expect((await s.putPick(token, weeks[1].week.id, georgia.id).expect(422)).body).toEqual({ errors: [`You used ${georgia.name} in week 1`] });
    const options = (await s.t.http.get(`/api/weeks/${weeks[1].week.id}/survivor_pick`).set(bearer(token)).expect(200)).body.options;
    expect(options.find((option: { team_id: number }) => option.team_id === georgia.id).used_week_number).toBe(1);
    await s.putPick(token, weeks[1].week.id, weeks[1].games[0].away.id).expect(200);
    expect(await picksOf(contest.id, user.id)).toHaveLength(2);
  });

  it('takes a team once per half under reuse: half (weeks up to half the last week number, rounded up, are the first half)', async () => {
    // Five weeks: weeks 1-3 are the first half, 4-5 the second.
    const { weeks, contest, user, token } = await entered([[-30, 72], [72], [96], [120], [144]], { reuse: 'half' });
    const team = weeks[0].games[0].home;
    await s.ds().query('UPDATE games SET home_team_id = ? WHERE id IN (?, ?, ?)', [team.id, weeks[2].games[0].game.id, weeks[3].games[0].game.id, weeks[4].games[0].game.id]);
    await s.pick(contest.id, user.id, weeks[0], team, { reuse_period: 1 });
    expect((await s.putPick(token, weeks[2].week.id, team.id).expect(422)).body).toEqual({ errors: [`You used ${team.name} in week 1`] });
    await s.putPick(token, weeks[3].week.id, team.id).expect(200);
    expect((await s.putPick(token, weeks[4].week.id, team.id).expect(422)).body).toEqual({ errors: [`You used ${team.name} in week 4`] });
    expect((await picksOf(contest.id, user.id)).map((pick) => pick.reuse_period)).toEqual([1, 2]);
  });

  it('holds one pick per week and a team once under races: never a 500', async () => {
    const { weeks, contest, user, token } = await entered([[72, 96], [120]]);
    const team = weeks[0].games[0].home;
    await s.ds().query('UPDATE games SET home_team_id = ? WHERE id = ?', [team.id, weeks[1].games[0].game.id]);
    // The same week, two teams at once: one pick, of one of them.
    const sameWeek = await Promise.all([s.putPick(token, weeks[0].week.id, team.id), s.putPick(token, weeks[0].week.id, weeks[0].games[1].home.id)]);
    expect(sameWeek.map((response) => response.status)).toEqual([200, 200]);
    expect(await picksOf(contest.id, user.id)).toHaveLength(1);
    await s.t.http.delete(`/api/weeks/${weeks[0].week.id}/survivor_pick`).set(bearer(token)).expect(204);
    // The same team in two weeks at once: one gets it, the other is refused clearly.
    const twoWeeks = await Promise.all([s.putPick(token, weeks[0].week.id, team.id), s.putPick(token, weeks[1].week.id, team.id)]);
    expect(twoWeeks.map((response) => response.status).sort()).toEqual([200, 422]);
    expect(twoWeeks.find((response) => response.status === 422)!.body.errors[0]).toMatch(new RegExp(`^You used ${team.name} in week [12]$`));
    expect(await picksOf(contest.id, user.id)).toHaveLength(1);
  });

  it("a season without its pick'em refuses pick'em picks: 422 \"This season has no pick'em contest\"", async () => {
    const { seasonId, weeks } = await s.season([[72]]);
    const edited = await s.t.http.patch(`/api/football_seasons/${seasonId}`).set(bearer(s.admin)).send({ rules: { pickem: false } }).expect(200);
    expect(edited.body.rules.pickem).toBe(false);
    expect(edited.body.rules_summary).toEqual(['This season runs only its survivor contest.']);
    const { token } = await s.t.member();
    const game = weeks[0].games[0];
    const refused = await s.t.http.post('/api/picks').set(bearer(token)).send({ game_id: game.game.id, selected_winner: game.home.name }).expect(422);
    expect(refused.body).toEqual({ errors: ["This season has no pick'em contest"] });
    expect(Number((await s.ds().query('SELECT COUNT(*) AS n FROM picks WHERE game_id = ?', [game.game.id]))[0].n)).toBe(0);
    const plain = await s.season([[72]]);
    expect((await s.t.http.get(`/api/football_seasons/${plain.seasonId}`).set(bearer(token)).expect(200)).body.rules.pickem).toBe(true);
  });
});
