import { Game } from '../../src/games/entities/game.entity';
import { SurvivorPickAudit } from '../../src/survivor/entities/survivor-pick-audit.entity';
import { SurvivorPick } from '../../src/survivor/entities/survivor-pick.entity';
import { bearer } from '../support/test-app';
import { survivorSuite } from '../support/survivor-suite';

/** docs/pool-formats.md#survivor over HTTP: privacy before and after a game locks, admins' audited overrides, and the board. */
describe('Survivor privacy, overrides and board', () => {
  const s = survivorSuite();

  /** Week 1 played (locked), week 2 with one game locked and one open; three entrants. */
  async function contestUnderWay(fields: object = {}) {
    const { seasonId, weeks } = await s.season([[-30, -28], [-0.5, 72], [240]]);
    const contest = await s.contest(seasonId, weeks[0].week.id, { lives: 2, ...fields });
    const members = [await s.t.member({ name: `Ann ${Math.random()}` }), await s.t.member({ name: `Bob ${Math.random()}` }), await s.t.member({ name: `Cy ${Math.random()}` })];
    for (const { user } of members) await s.enter(contest.id, user.id);
    return { seasonId, weeks, contest, members };
  }

  it('hides a pick from others, admins included, until its game locks; its owner sees it', async () => {
    const { weeks, contest, members } = await contestUnderWay();
    const [ann, bob] = members;
    const [lockedGame, openGame] = weeks[1].games;
    await s.pick(contest.id, ann.user.id, weeks[1], openGame.home);
    await s.pick(contest.id, bob.user.id, weeks[1], lockedGame.away);

    const listed = (await s.list('survivor_picks', { survivor_contest_id: contest.id, week_id: weeks[1].week.id }).expect(200)).body;
    const annRow = listed.find((row: { user_id: number }) => row.user_id === ann.user.id);
    expect(annRow).toEqual({
      id: expect.any(Number),
      survivor_contest_id: contest.id,
      user_id: ann.user.id,
      user_name: ann.user.name,
      week_id: weeks[1].week.id,
      week_number: 2,
      game_id: null,
      team_id: null,
      team_name: null,
      hidden: true,
      assigned: false,
      updated_at: expect.any(String),
    });
    expect(listed.find((row: { user_id: number }) => row.user_id === bob.user.id)).toEqual(
      expect.objectContaining({ hidden: false, team_id: lockedGame.away.id, team_name: lockedGame.away.name, game_id: lockedGame.game.id }),
    );

    const board = (token: string) => s.t.http.get(`/api/survivor/${contest.id}/board?week_id=${weeks[1].week.id}`).set(bearer(token)).expect(200);
    const byBob = (await board(bob.token)).body;
    expect(byBob.entrants.find((row: { user_id: number }) => row.user_id === ann.user.id)).toEqual(expect.objectContaining({ pick: null, has_picked: true }));
    expect(byBob.team_shares).toEqual([{ team_id: lockedGame.away.id, team_name: lockedGame.away.name, count: 1, share: 1 }]);
    const byAnn = (await board(ann.token)).body;
    expect(byAnn.entrants.find((row: { user_id: number }) => row.user_id === ann.user.id).pick).toBe(openGame.home.name);
    const view = (await s.t.http.get(`/api/survivor?season_id=${contest.football_season_id}`).set(bearer(bob.token)).expect(200)).body;
    expect(view.pick).toEqual(expect.objectContaining({ team_id: lockedGame.away.id }));
    expect(JSON.stringify(view)).not.toContain(openGame.home.name);

    // Once the game locks, everyone sees it.
    await s.ds().getRepository(Game).update({ id: openGame.game.id }, { game_date: new Date(Date.now() - 1800_000) });
    expect((await board(bob.token)).body.entrants.find((row: { user_id: number }) => row.user_id === ann.user.id)).toEqual(expect.objectContaining({ pick: openGame.home.name }));
    expect((await s.list('survivor_picks', { survivor_contest_id: contest.id, user_id: ann.user.id }).expect(200)).body[0]).toEqual(
      expect.objectContaining({ hidden: false, team_name: openGame.home.name }),
    );
  });

  it('audits admins\' overrides at any time with their reason, checked against the reuse rule', async () => {
    const { weeks, contest, members } = await contestUnderWay();
    const [ann] = members;
    const audits = () => s.ds().getRepository(SurvivorPickAudit).find({ where: { survivor_contest_id: contest.id }, order: { id: 'ASC' } });
    const [first] = weeks[0].games;
    const created = await s.t.http
      .post('/api/survivor_picks')
      .set(bearer(s.admin))
      .send({ survivor_contest_id: contest.id, user_id: ann.user.id, week_id: weeks[0].week.id, team_id: first.home.id, reason: 'Phoned it in' })
      .expect(201);
    expect(created.body).toEqual(expect.objectContaining({ user_id: ann.user.id, week_number: 1, team_id: first.home.id, hidden: false }));
    const changed = await s.t.http.patch(`/api/survivor_picks/${created.body.id}`).set(bearer(s.admin)).send({ team_id: first.away.id, reason: 'Meant the visitors' }).expect(200);
    expect(changed.body.team_id).toBe(first.away.id);

    // The same team in another week: the reuse rule, with the entrant's name.
    const georgia = first.away;
    await s.ds().query('UPDATE games SET away_team_id = ? WHERE id = ?', [georgia.id, weeks[1].games[1].game.id]);
    const reused = await s.t.http
      .post('/api/survivor_picks')
      .set(bearer(s.admin))
      .send({ survivor_contest_id: contest.id, user_id: ann.user.id, week_id: weeks[1].week.id, team_id: georgia.id, reason: 'x' })
      .expect(422);
    expect(reused.body).toEqual({ errors: [`${ann.user.name} used ${georgia.name} in week 1`] });
    const stranger = await s.t.member();
    const notIn = await s.t.http.post('/api/survivor_picks').set(bearer(s.admin)).send({ survivor_contest_id: contest.id, user_id: stranger.user.id, week_id: weeks[0].week.id, team_id: first.home.id }).expect(422);
    expect(notIn.body).toEqual({ errors: [`${stranger.user.name} has not entered this survivor contest`] });

    await s.t.http.delete(`/api/survivor_picks/${created.body.id}`).set(bearer(s.admin)).send({ reason: 'Withdrawn' }).expect(204);
    expect(await s.ds().getRepository(SurvivorPick).existsBy({ id: created.body.id })).toBe(false);
    expect((await audits()).map(({ action, reason, admin_id }) => ({ action, reason, admin_id }))).toEqual([
      { action: 'create', reason: 'Phoned it in', admin_id: s.adminUser.id },
      { action: 'update', reason: 'Meant the visitors', admin_id: s.adminUser.id },
      { action: 'delete', reason: 'Withdrawn', admin_id: s.adminUser.id },
    ]);

    const listed = (await s.list('survivor_pick_audits', { survivor_contest_id: contest.id }).expect(200)).body;
    expect(listed).toHaveLength(3);
    expect(listed[1]).toEqual({
      id: expect.any(Number),
      survivor_contest_id: contest.id,
      survivor_pick_id: created.body.id,
      user_id: ann.user.id,
      user_name: ann.user.name,
      week_id: weeks[0].week.id,
      admin_id: s.adminUser.id,
      admin_name: s.adminUser.name,
      action: 'update',
      previous_value: { game_id: first.game.id, team_id: first.home.id, team_name: first.home.name, assigned: false, hidden: false },
      new_value: { game_id: first.game.id, team_id: first.away.id, team_name: first.away.name, assigned: false, hidden: false },
      reason: 'Meant the visitors',
      created_at: expect.any(String),
    });

    // An override on a game still open: the audit hides the team as the list does.
    const open = weeks[1].games[1];
    await s.t.http.post('/api/survivor_picks').set(bearer(s.admin)).send({ survivor_contest_id: contest.id, user_id: ann.user.id, week_id: weeks[1].week.id, team_id: open.home.id }).expect(201);
    const newest = (await s.list('survivor_pick_audits', { survivor_contest_id: contest.id, user_id: ann.user.id }).expect(200)).body[0];
    expect(newest).toEqual(expect.objectContaining({ action: 'create', previous_value: null, new_value: { game_id: null, team_id: null, team_name: null, assigned: false, hidden: true } }));
  });

  it('an override of a computed week computes the contest again', async () => {
    const { seasonId, weeks } = await s.season([[-30], [72]]);
    const [played] = weeks[0].games;
    await s.ds().getRepository(Game).update({ id: played.game.id }, { status: 'completed', home_score: 21, away_score: 14, winner_team_id: played.home.id });
    const contest = await s.contest(seasonId, weeks[0].week.id);
    const [ann, bob] = [await s.t.member(), await s.t.member()];
    for (const { user } of [ann, bob]) await s.enter(contest.id, user.id);
    const pick = await s.pick(contest.id, ann.user.id, weeks[0], played.away);
    await s.pick(contest.id, bob.user.id, weeks[0], played.home);
    await s.t.http.post(`/api/survivor_contests/${contest.id}/calculate`).set(bearer(s.admin)).expect(200);
    const annRow = () => s.ds().query('SELECT outcome, alive FROM survivor_results WHERE survivor_contest_id = ? AND user_id = ?', [contest.id, ann.user.id]);
    expect((await annRow())[0].outcome).toBe('loss');

    await s.t.http.patch(`/api/survivor_picks/${pick.id}`).set(bearer(s.admin)).send({ team_id: played.home.id, reason: 'Picked by phone before kickoff' }).expect(200);
    expect(await annRow()).toEqual([{ outcome: 'win', alive: expect.anything() }]);
    expect(Number((await annRow())[0].alive)).toBe(1);
  });

  it('shows the board from the computed weeks: standings, teams used with outcomes, winners', async () => {
    const { weeks, contest, members } = await contestUnderWay();
    const [ann, bob, cy] = members;
    const [g1, g2] = weeks[0].games;
    await s.pick(contest.id, ann.user.id, weeks[0], g1.home);
    await s.pick(contest.id, bob.user.id, weeks[0], g1.away);
    await s.pick(contest.id, cy.user.id, weeks[0], g2.home);
    await s.result(contest.id, ann.user.id, weeks[0], { team_id: g1.home.id, outcome: 'win', lives_left: 2, weeks_survived: 1 });
    await s.result(contest.id, bob.user.id, weeks[0], { team_id: g1.away.id, outcome: 'loss', lives_lost: 1, lives_left: 1, weeks_survived: 0 });
    await s.result(contest.id, cy.user.id, weeks[0], { team_id: g2.home.id, outcome: 'push', lives_left: 2, weeks_survived: 1 });

    const { body } = await s.t.http.get(`/api/survivor/${contest.id}/board?week_id=${weeks[0].week.id}`).set(bearer(bob.token)).expect(200);
    expect(body).toEqual({
      survivor_contest_id: contest.id,
      entrant_count: 3,
      alive_count: 3,
      finished: false,
      winners: [],
      week: { id: weeks[0].week.id, week_number: 1 },
      entrants: [
        { user_id: ann.user.id, name: ann.user.name, rank: 1, alive: true, lives_left: 2, weeks_survived: 1, teams_used: [{ week_number: 1, team_name: g1.home.name, outcome: 'win' }], pick: g1.home.name, has_picked: true },
        { user_id: cy.user.id, name: cy.user.name, rank: 1, alive: true, lives_left: 2, weeks_survived: 1, teams_used: [{ week_number: 1, team_name: g2.home.name, outcome: 'push' }], pick: g2.home.name, has_picked: true },
        { user_id: bob.user.id, name: bob.user.name, rank: 3, alive: true, lives_left: 1, weeks_survived: 0, teams_used: [{ week_number: 1, team_name: g1.away.name, outcome: 'loss' }], pick: g1.away.name, has_picked: true },
      ],
      team_shares: expect.arrayContaining([{ team_id: g1.home.id, team_name: g1.home.name, count: 1, share: 0.333 }]),
      pot: null,
    });
    // Without week_id: the week picks are for now (week 2 has an open game).
    expect((await s.t.http.get(`/api/survivor/${contest.id}/board`).set(bearer(bob.token)).expect(200)).body.week).toEqual({ id: weeks[1].week.id, week_number: 2 });

    const me = (await s.t.http.get(`/api/survivor?season_id=${contest.football_season_id}`).set(bearer(bob.token)).expect(200)).body;
    expect(me.me).toEqual({ entered: true, alive: true, lives_left: 1, weeks_survived: 0, rank: 3 });
    expect(me.week).toEqual({ id: weeks[1].week.id, week_number: 2 });
    expect(me.contest).toEqual(expect.objectContaining({ id: contest.id, lives: 2, rules_summary: ['Everyone starts with 2 lives; each loss costs one.'], entry_open: false, finished: false }));

    // Week 2 leaves Ann alone: the contest is over and she won.
    await s.result(contest.id, ann.user.id, weeks[1], { outcome: 'win', lives_left: 2, weeks_survived: 2 });
    await s.result(contest.id, bob.user.id, weeks[1], { outcome: 'missed', lives_lost: 1, lives_left: 0, alive: false, weeks_survived: 0 });
    await s.result(contest.id, cy.user.id, weeks[1], { outcome: 'loss', lives_lost: 1, lives_left: 1, alive: false, weeks_survived: 1 });
    const over = (await s.t.http.get(`/api/survivor/${contest.id}/board`).set(bearer(bob.token)).expect(200)).body;
    expect(over).toEqual(expect.objectContaining({ finished: true, winners: [ann.user.name], alive_count: 1 }));
  });

  it('shares the pot of a contest with a fee among its paid entrants in standing order once it is over', async () => {
    const { weeks, contest, members } = await contestUnderWay({ entry_fee_cents: 1000, payout_percentages: [70, 30] });
    const [ann, bob, cy] = members;
    await s.t.http.patch(`/api/survivor_contests/${contest.id}/entries_paid`).set(bearer(s.admin)).send({ user_ids: [ann.user.id, cy.user.id], paid: true }).expect(200);
    const board = async () => (await s.t.http.get(`/api/survivor/${contest.id}/board`).set(bearer(bob.token)).expect(200)).body;
    const payouts = [
      { place: 1, percent: 70, amount_cents: 1400 },
      { place: 2, percent: 30, amount_cents: 600 },
    ];
    expect((await board()).pot).toEqual({ entry_fee_cents: 1000, entrant_count: 3, paid_count: 2, pot_cents: 2000, payouts, winnings: [] });

    // Ann outlasts Cy, who outlasts Bob (unpaid: his place goes to the next paid entrant).
    await s.result(contest.id, ann.user.id, weeks[0], { outcome: 'win', lives_left: 2, weeks_survived: 1 });
    await s.result(contest.id, bob.user.id, weeks[0], { outcome: 'loss', lives_lost: 2, lives_left: 0, alive: false, weeks_survived: 0 });
    await s.result(contest.id, cy.user.id, weeks[0], { outcome: 'win', lives_left: 2, weeks_survived: 1 });
    await s.result(contest.id, ann.user.id, weeks[1], { outcome: 'win', lives_left: 2, weeks_survived: 2 });
    await s.result(contest.id, cy.user.id, weeks[1], { outcome: 'loss', lives_lost: 2, lives_left: 0, alive: false, weeks_survived: 1 });
    const over = await board();
    expect(over).toEqual(expect.objectContaining({ finished: true, winners: [ann.user.name] }));
    expect(over.pot).toEqual({
      entry_fee_cents: 1000,
      entrant_count: 3,
      paid_count: 2,
      pot_cents: 2000,
      payouts,
      winnings: [
        { name: ann.user.name, amount_cents: 1400 },
        { name: cy.user.name, amount_cents: 600 },
      ],
    });
  });

  it('answers {contest: null} for a season without one, and 404 for an unknown contest', async () => {
    const { seasonId } = await s.season([[72]]);
    const { token } = await s.t.member();
    expect((await s.t.http.get(`/api/survivor?season_id=${seasonId}`).set(bearer(token)).expect(200)).body).toEqual({ contest: null });
    expect((await s.t.http.get('/api/survivor/99999999/board').set(bearer(token)).expect(404)).body).toEqual({ errors: ['Survivor contest not found'] });
    expect((await s.t.http.get('/api/survivor?season_id=abc').set(bearer(token)).expect(400)).body).toEqual({ errors: ['season_id must be a whole number'] });
  });
});
