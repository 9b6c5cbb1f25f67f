import { Game } from '../../src/games/entities/game.entity';
import { WeeklyResult } from '../../src/results/entities/weekly-result.entity';
import { SurvivorContest } from '../../src/survivor/entities/survivor-contest.entity';
import { SurvivorEntry } from '../../src/survivor/entities/survivor-entry.entity';
import { SurvivorPick } from '../../src/survivor/entities/survivor-pick.entity';
import { SurvivorResult } from '../../src/survivor/entities/survivor-result.entity';
import { SurvivorStandingsReader } from '../../src/survivor/survivor-standings.reader';
import { User } from '../../src/users/entities/user.entity';
import { createGame, createSeason, createTeam, createWeek, dateFromNow, hoursFromNow } from '../support/factories';
import { bearer, TestApp } from '../support/test-app';

/**
 * The survivor contest's results over HTTP: the admin's recalculation, and the results following a week's last
 * final (and a corrected final) by themselves. The rules themselves are held to the oracle in
 * test/medium/survivor.medium-spec.ts; the contest and its picks are written straight to the database here.
 */
describe('Survivor results', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await TestApp.start();
    admin = await t.adminToken();
  });
  afterAll(() => t.close());

  /** A season of `weeks` past weeks, two games each (home teams win, the second game still being played), and a contest. */
  async function league(weeks: number, rules: Partial<SurvivorContest> = {}, names = ['Ann', 'Bob', 'Cal']) {
    const season = await createSeason(t.dataSource);
    const schedule: { id: number; games: Game[] }[] = [];
    for (let n = 1; n <= weeks; n++) {
      const week = await createWeek(t.dataSource, { football_season_id: season.id, number: n, start_date: dateFromNow(-30 + 7 * n), end_date: dateFromNow(-24 + 7 * n) });
      const games: Game[] = [];
      for (let g = 0; g < 2; g++) {
        const [home, away] = [await createTeam(t.dataSource), await createTeam(t.dataSource)];
        const final = g === 0 ? { status: 'completed' as const, winner_team_id: home.id } : { status: 'in_progress' as const };
        games.push(await createGame(t.dataSource, { week_id: week.id, home_team_id: home.id, away_team_id: away.id, game_date: hoursFromNow(-24 * (30 - 7 * n)), ...final }));
      }
      schedule.push({ id: week.id, games });
    }
    const contest = await t.dataSource.getRepository(SurvivorContest).save({ football_season_id: season.id, first_week_id: schedule[0].id, ...rules });
    const users: User[] = [];
    for (const name of names) users.push(await t.createUser({ name: `${name} ${contest.id}` }));
    await t.dataSource.getRepository(SurvivorEntry).insert(users.map((user) => ({ survivor_contest_id: contest.id, user_id: user.id, entered_at: new Date() })));
    const pick = (user: User, week: number, game: number, side: 'home' | 'away') => {
      const chosen = schedule[week - 1].games[game];
      return t.dataSource.getRepository(SurvivorPick).insert({
        survivor_contest_id: contest.id,
        user_id: user.id,
        week_id: chosen.week_id,
        game_id: chosen.id,
        team_id: side === 'home' ? chosen.home_team_id : chosen.away_team_id,
      });
    };
    return { season, schedule, contest, users, pick };
  }

  const rows = async (contestId: number) =>
    (await t.dataSource.getRepository(SurvivorResult).find({ where: { survivor_contest_id: contestId }, order: { week_number: 'ASC', user_id: 'ASC' } })).map(
      (row) => `${row.week_number} ${row.user_id} ${row.outcome} ${row.lives_left} ${row.alive ? 'alive' : 'out'}`,
    );
  const calculate = (id: number | string, token = admin) => t.http.post(`/api/survivor_contests/${id}/calculate`).set(bearer(token));

  it("computes a week by itself once its last game is final, and again when an admin corrects a final", async () => {
    const { schedule, contest, users, pick } = await league(2);
    const [ann, bob, cal] = users;
    await pick(ann, 1, 0, 'home');
    await pick(bob, 1, 0, 'away');
    await pick(cal, 1, 1, 'home');
    expect(await rows(contest.id)).toEqual([]);

    const [first, last] = schedule[0].games;
    await t.http.patch(`/api/games/${last.id}`).set(bearer(admin)).send({ status: 'completed', home_score: 10, away_score: 3 }).expect(200);
    expect(await rows(contest.id)).toEqual([`1 ${ann.id} win 1 alive`, `1 ${bob.id} loss 0 out`, `1 ${cal.id} win 1 alive`]);

    // The admin finds the first game's score: the away side won it after all.
    await t.http.patch(`/api/games/${first.id}`).set(bearer(admin)).send({ home_score: 7, away_score: 21 }).expect(200);
    expect(await rows(contest.id)).toEqual([`1 ${ann.id} loss 0 out`, `1 ${bob.id} win 1 alive`, `1 ${cal.id} win 1 alive`]);
  });

  it('recalculates for an admin, answering how far it got, and refuses others', async () => {
    const { schedule, contest, users, pick } = await league(2, { lives: 2 });
    const [ann, bob, cal] = users;
    await t.dataSource.getRepository(Game).update(schedule[0].games[1].id, { status: 'completed', winner_team_id: schedule[0].games[1].home_team_id });
    expect((await calculate(contest.id).expect(200)).body).toEqual({ weeks_calculated: 1, alive_count: 3, finished: false });
    expect(await rows(contest.id)).toEqual([`1 ${ann.id} missed 1 alive`, `1 ${bob.id} missed 1 alive`, `1 ${cal.id} missed 1 alive`]);

    await pick(ann, 2, 0, 'home');
    await pick(bob, 2, 0, 'away');
    await t.dataSource.getRepository(Game).update(schedule[1].games[1].id, { status: 'cancelled' });
    // Week 2 is the season's last: the contest is over, and Ann alone is left.
    expect((await calculate(contest.id).expect(200)).body).toEqual({ weeks_calculated: 2, alive_count: 1, finished: true });
    const standings = await t.app.get(SurvivorStandingsReader).standings(contest.id);
    expect(standings).toEqual(
      expect.objectContaining({ finished: true, alive_count: 1, entrant_count: 3, winners: [{ user_id: ann.id, name: ann.name }], last_week: { id: schedule[1].id, week_number: 2 } }),
    );
    expect(standings.entrants.map((entrant) => [entrant.name, entrant.rank, entrant.alive, entrant.lives_left, entrant.weeks_survived])).toEqual([
      [ann.name, 1, true, 1, 2],
      [bob.name, 2, false, 0, 1],
      [cal.name, 2, false, 0, 1],
    ]);
    expect(standings.entrants[0].history.map((week) => [week.week_number, week.outcome, week.team_name === null])).toEqual([
      [1, 'missed', true],
      [2, 'win', false],
    ]);

    const member = await t.member();
    expect((await calculate(contest.id, member.token).expect(403)).body).toEqual({ errors: [expect.any(String)] });
    await t.http.post(`/api/survivor_contests/${contest.id}/calculate`).expect(401);
    expect((await calculate(999_999).expect(404)).body).toEqual({ errors: ['Survivor contest not found'] });
  });

  it('orders equal survivors by their pick\'em tiebreaker distance over the season, those without one last, then by name', async () => {
    const { schedule, contest, users, pick } = await league(1, {}, ['Dee', 'Abe', 'Eve', 'Cat']);
    const [dee, abe, eve, cat] = users;
    for (const user of users) await pick(user, 1, 0, 'home');
    const week = { week_id: schedule[0].id, wins: 1, losses: 0, total_games: 1, pushes: 0, points: 1, win_percentage: 100, rank: 1, calculated_at: new Date() };
    await t.dataSource.getRepository(WeeklyResult).insert([
      { ...week, user_id: dee.id, tiebreaker_score: 4 },
      { ...week, user_id: abe.id, tiebreaker_score: 9 },
      { ...week, user_id: eve.id, tiebreaker_score: 4 },
      { ...week, user_id: cat.id, tiebreaker_score: null },
    ]);
    await t.dataSource.getRepository(Game).update(schedule[0].games[1].id, { status: 'completed', winner_team_id: schedule[0].games[1].home_team_id });
    // The season's only week: over at once, and the pick'em tiebreaker decides among those alive.
    expect((await calculate(contest.id).expect(200)).body).toEqual({ weeks_calculated: 1, alive_count: 4, finished: true });
    const standings = await t.app.get(SurvivorStandingsReader).standings(contest.id, { history: false });
    expect(standings.entrants.map((entrant) => [entrant.name, entrant.rank, entrant.tiebreaker_distance])).toEqual([
      [dee.name, 1, 4],
      [eve.name, 1, 4],
      [abe.name, 3, 9],
      [cat.name, 4, null],
    ]);
    expect(standings.winners.map((winner) => winner.user_id)).toEqual([dee.id, eve.id]);
  });
});
