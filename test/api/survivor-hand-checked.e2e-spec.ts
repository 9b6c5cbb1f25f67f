import { Game } from '../../src/games/entities/game.entity';
import { SurvivorResult } from '../../src/survivor/entities/survivor-result.entity';
import { bearer } from '../support/test-app';
import { survivorSuite } from '../support/survivor-suite';

/**
 * The hand-checked contest (docs/pool-formats.md#survivor), played through the API from entry to winners: six
 * entrants, five weeks (the season's last is week 5), two lives, against the spread with `ties: loss`. Every game but
 * one is played without a line and won 21-14 by its home team; week 1's third game has the home team favoured by 7
 * and ends 24-17, exactly on the line (a push). Entrants pick home (H) or visitors (V) of game 1, 2 or 3 of each week;
 * `-` is a week without a pick. Week 4 everyone alive loses, and under `all_lose: stay_alive` nobody loses a life.
 */
const PLAN: Record<string, (string | null)[]> = {
  //     week 1  week 2  week 3  week 4  week 5
  Ann: ['H1', 'H1', 'V1', 'V1', 'H1'],
  Bea: ['V1', 'H2', 'H1', 'V2', 'V1'],
  Cal: ['H3', 'V1', null, null, null],
  Dee: ['H2', 'V2', 'H2', null, 'H2'],
  Eli: [null, 'H3', 'V2', null, null],
  Fay: ['V2', 'V3', null, null, null],
};
/** Who is still playing each week (picks are made by them only; Cal, Fay and Eli are out by then). */
const PLAYING = [
  ['Ann', 'Bea', 'Cal', 'Dee', 'Eli', 'Fay'],
  ['Ann', 'Bea', 'Cal', 'Dee', 'Eli', 'Fay'],
  ['Ann', 'Bea', 'Dee', 'Eli'],
  ['Ann', 'Bea', 'Dee'],
  ['Ann', 'Bea', 'Dee'],
];

/**
 * The rows worked out by hand: week, entrant, outcome, lives lost, lives left, alive, weeks survived, all lost.
 * Week 1: Bea and Fay lose (1 life left), Cal's push costs a life under ties: loss, Eli missed.
 * Week 2: Cal and Fay lose their last life; Dee loses one. Week 3: Ann loses one, Eli her last.
 * Week 4: Ann, Bea and Dee (missed) would all be out: all lost, nobody loses a life. Week 5, the last: Bea is out;
 * Ann and Dee are left and win together.
 */
const EXPECTED = `
1 Ann win 0 2 alive 1 -
1 Bea loss 1 1 alive 1 -
1 Cal push 1 1 alive 1 -
1 Dee win 0 2 alive 1 -
1 Eli missed 1 1 alive 1 -
1 Fay loss 1 1 alive 1 -
2 Ann win 0 2 alive 2 -
2 Bea win 0 1 alive 2 -
2 Cal loss 1 0 out 1 -
2 Dee loss 1 1 alive 2 -
2 Eli win 0 1 alive 2 -
2 Fay loss 1 0 out 1 -
3 Ann loss 1 1 alive 3 -
3 Bea win 0 1 alive 3 -
3 Dee win 0 1 alive 3 -
3 Eli loss 1 0 out 2 -
4 Ann loss 0 1 alive 4 all_lost
4 Bea loss 0 1 alive 4 all_lost
4 Dee missed 0 1 alive 4 all_lost
5 Ann win 0 1 alive 5 -
5 Bea loss 1 0 out 4 -
5 Dee win 0 1 alive 5 -`
  .trim()
  .split('\n');

describe('Survivor: the hand-checked contest', () => {
  const s = survivorSuite();

  it('computes the table worked out by hand, and the board names the winners', async () => {
    const { t, admin } = s;
    const { seasonId, weeks } = await s.season([0, 1, 2, 3, 4].map((w) => [72 + 24 * w, 73 + 24 * w, 74 + 24 * w]));
    await t.dataSource.getRepository(Game).update({ id: weeks[0].games[2].game.id }, { betting_line: 7, betting_line_team: 'home' });
    const contest = (await t.http.post('/api/survivor_contests').set(bearer(admin)).send({ football_season_id: seasonId, lives: 2, pick_mode: 'spread', ties: 'loss' }).expect(201)).body;
    expect(contest).toEqual(expect.objectContaining({ first_week_number: 1, lives: 2, reuse: 'never', missed: 'loss', all_lose: 'stay_alive' }));

    const members = new Map<string, { id: number; token: string }>();
    for (const name of Object.keys(PLAN)) {
      const { user, token } = await t.member({ name: `${name} ${contest.id}` });
      members.set(name, { id: user.id, token });
      await t.http.post(`/api/survivor/${contest.id}/entry`).set(bearer(token)).expect(201);
    }
    const nameOf = new Map([...members].map(([name, { id }]) => [id, name]));

    for (const [index, week] of weeks.entries()) {
      for (const name of PLAYING[index]) {
        const choice = PLAN[name][index];
        if (!choice) continue;
        const { home, away } = week.games[Number(choice[1]) - 1];
        await s.putPick(members.get(name)!.token, week.week.id, (choice[0] === 'H' ? home : away).id).expect(200);
      }
      // The week is played: its kickoffs pass, and the admin enters each final.
      await t.dataSource.getRepository(Game).update({ week_id: week.week.id }, { game_date: new Date(Date.now() - 3 * 3600_000) });
      for (const [g, { game }] of week.games.entries()) {
        const score = index === 0 && g === 2 ? { home_score: 24, away_score: 17 } : { home_score: 21, away_score: 14 };
        await t.http.patch(`/api/games/${game.id}`).set(bearer(admin)).send({ status: 'completed', ...score }).expect(200);
      }
      const calculated = await t.http.post(`/api/survivor_contests/${contest.id}/calculate`).set(bearer(admin)).expect(200);
      expect(calculated.body.weeks_calculated).toBe(index + 1);
      if (index === 1) {
        // Out after week 2: Cal picks no more.
        const refused = await s.putPick(members.get('Cal')!.token, weeks[2].week.id, weeks[2].games[0].home.id).expect(422);
        expect(refused.body).toEqual({ errors: ['You are out of this survivor contest'] });
      }
    }

    const rows = await t.dataSource.getRepository(SurvivorResult).find({ where: { survivor_contest_id: contest.id }, order: { week_number: 'ASC' } });
    const table = rows
      .map((row) => `${row.week_number} ${nameOf.get(row.user_id)} ${row.outcome} ${row.lives_lost} ${row.lives_left} ${row.alive ? 'alive' : 'out'} ${row.weeks_survived} ${row.all_lost ? 'all_lost' : '-'}`)
      .sort((a, b) => a.localeCompare(b));
    expect(table).toEqual(EXPECTED);
    // Each row's team is the pick's (none for a missed week).
    for (const row of rows) {
      const choice = PLAN[nameOf.get(row.user_id)!][row.week_number - 1];
      const game = choice ? weeks[row.week_number - 1].games[Number(choice[1]) - 1] : null;
      expect(row.team_id).toBe(game ? (choice![0] === 'H' ? game.home : game.away).id : null);
    }

    const last = await t.http.post(`/api/survivor_contests/${contest.id}/calculate`).set(bearer(admin)).expect(200);
    expect(last.body).toEqual({ weeks_calculated: 5, alive_count: 2, finished: true });
    const board = (await t.http.get(`/api/survivor/${contest.id}/board?week_id=${weeks[4].week.id}`).set(bearer(members.get('Cal')!.token)).expect(200)).body;
    expect(board).toEqual(expect.objectContaining({ entrant_count: 6, alive_count: 2, finished: true, winners: [`Ann ${contest.id}`, `Dee ${contest.id}`] }));
    expect(board.entrants.map((row: { name: string; rank: number; lives_left: number; weeks_survived: number }) => [row.name.split(' ')[0], row.rank, row.lives_left, row.weeks_survived])).toEqual([
      ['Ann', 1, 1, 5],
      ['Dee', 1, 1, 5],
      ['Bea', 3, 0, 4],
      ['Eli', 4, 0, 2],
      ['Cal', 5, 0, 1],
      ['Fay', 5, 0, 1],
    ]);
    const cal = board.entrants.find((row: { name: string }) => row.name.startsWith('Cal'));
    expect(cal.teams_used).toEqual([
      { week_number: 1, team_name: weeks[0].games[2].home.name, outcome: 'push' },
      { week_number: 2, team_name: weeks[1].games[0].away.name, outcome: 'loss' },
    ]);
    const view = (await t.http.get(`/api/survivor?season_id=${seasonId}`).set(bearer(members.get('Dee')!.token)).expect(200)).body;
    expect(view.contest.finished).toBe(true);
    expect(view.me).toEqual({ entered: true, alive: true, lives_left: 1, weeks_survived: 5, rank: 1 });
    // Five weeks of picks and finals through the API: longer than one request's test.
  }, 180_000);
});
