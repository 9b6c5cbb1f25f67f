import { dateFromNow, hoursFromNow } from '../support/factories';
import { bearer, TestApp } from '../support/test-app';

type Side = 'home' | 'away';
interface LeagueGame {
  id: number;
  home: string;
  away: string;
}
interface Member {
  id: number;
  name: string;
  token: string;
}

/**
 * GET /api/weeks/{id}/awards (docs/saturday.md#weekly-awards), HAND-CHECKED: small weeks built through the API, each
 * award written as a literal with the arithmetic beside it. Nothing here computes an expected figure.
 */
describe('Weekly awards', () => {
  let t: TestApp;
  let admin: string;
  let conferenceId: number;
  let sequence = 0;
  const unique = () => `${process.pid}-${++sequence}`;

  beforeAll(async () => {
    t = await TestApp.start();
    admin = await t.adminToken();
    conferenceId = (await t.http.post('/api/conferences').set(bearer(admin)).send({ name: `Awards ${unique()}` }).expect(201)).body.id;
  });
  afterAll(() => t.close());

  async function week(rules?: object): Promise<number> {
    const season = { name: `Awards ${unique()}`, start_date: dateFromNow(-30), end_date: dateFromNow(60), ...(rules ? { rules } : {}) };
    const football_season_id = (await t.http.post('/api/football_seasons').set(bearer(admin)).send(season).expect(201)).body.id;
    const body = { football_season_id, number: 1, start_date: dateFromNow(-1), end_date: dateFromNow(5) };
    return (await t.http.post('/api/weeks').set(bearer(admin)).send(body).expect(201)).body.id;
  }

  async function team(): Promise<{ id: number; name: string }> {
    const body = { name: `Team ${unique()}`, city: 'Springfield', state: 'IL', conference_id: conferenceId, webpage_url: 'https://example.com' };
    return (await t.http.post('/api/teams').set(bearer(admin)).send(body).expect(201)).body;
  }

  /** A game kicking off `hours` from now (picks open), with the favourite's line when given. */
  async function game(week_id: number, hours: number, options: { line?: [Side, number]; tiebreaker?: boolean } = {}): Promise<LeagueGame> {
    const [home, away] = [await team(), await team()];
    const body = {
      week_id,
      home_team_id: home.id,
      away_team_id: away.id,
      game_date: hoursFromNow(hours).toISOString(),
      is_tiebreaker: options.tiebreaker ?? false,
      ...(options.line ? { betting_line_team: options.line[0], betting_line: options.line[1] } : {}),
    };
    const created = (await t.http.post('/api/games').set(bearer(admin)).send(body).expect(201)).body;
    return { id: created.id, home: home.name, away: away.name };
  }

  async function members(...names: string[]): Promise<Member[]> {
    const all: Member[] = [];
    for (const name of names) {
      const { user, token } = await t.member({ name: `${name} ${unique()}` });
      all.push({ id: user.id, name: user.name, token });
    }
    return all;
  }

  /** A member's pick; `score` is the tiebreaker prediction as [home, away]. */
  async function pick(member: Member, g: LeagueGame, side: Side, score?: [number, number]): Promise<void> {
    const tiebreaker = score ? { tiebreaker_home_score: score[0], tiebreaker_away_score: score[1] } : {};
    await t.http
      .post('/api/picks')
      .set(bearer(member.token))
      .send({ game_id: g.id, selected_winner: g[side], ...tiebreaker })
      .expect(201);
  }

  const final = (g: LeagueGame, home_score: number, away_score: number) =>
    t.http.put(`/api/games/${g.id}`).set(bearer(admin)).send({ home_score, away_score }).expect(200);
  const calculate = (weekId: number) => t.http.post(`/api/weekly_results/calculate/${weekId}`).set(bearer(admin)).expect(200);
  const awards = async (weekId: number, token = admin) => (await t.http.get(`/api/weeks/${weekId}/awards`).set(bearer(token)).expect(200)).body;
  const named = (member: Member) => ({ id: member.id, name: member.name });

  it('a week of the spec’s rules: the perfect week, the most contrarian correct pick and the closest tiebreaker', async () => {
    const weekId = await week();
    // G4 is created first (the smallest id) but kicks off last: "earlier game" goes by kickoff.
    const g4 = await game(weekId, 54);
    const g1 = await game(weekId, 48);
    const g2 = await game(weekId, 50);
    const g3 = await game(weekId, 52, { tiebreaker: true });
    const [ann, ben, cal, dee, eve, fay] = await members('Ann', 'Ben', 'Cal', 'Dee', 'Eve', 'Fay');
    // Outcomes: G1 home, G2 away, G3 home 28–21 (the tiebreaker), G4 away.
    // Tiebreaker predictions are [home, away]; distance = |home − 28| + |away − 21|.
    await pick(ann, g1, 'home'); // ✓
    await pick(ann, g2, 'away'); // ✓
    await pick(ann, g3, 'home', [27, 21]); // ✓, distance 1 + 0 = 1
    // Ann leaves G4 unpicked: 3 wins of 4, not perfect.
    await pick(ben, g1, 'home'); // ✓
    await pick(ben, g2, 'home'); // ✗
    await pick(ben, g3, 'away', [27, 30]); // ✗, distance 1 + 9 = 10
    await pick(cal, g1, 'home'); // ✓
    await pick(cal, g2, 'away'); // ✓
    await pick(cal, g3, 'home', [24, 17]); // ✓, distance 4 + 4 = 8
    await pick(cal, g4, 'away'); // ✓ → 4 of 4: perfect
    await pick(dee, g1, 'away'); // ✗
    await pick(dee, g2, 'home'); // ✗
    await pick(dee, g3, 'home', [28, 22]); // ✓, distance 0 + 1 = 1
    await pick(dee, g4, 'home'); // ✗
    await pick(eve, g1, 'away'); // ✗
    await pick(eve, g2, 'home'); // ✗
    await pick(eve, g3, 'home', [35, 14]); // ✓, distance 7 + 7 = 14
    await pick(eve, g4, 'home'); // ✗
    await pick(fay, g1, 'home'); // ✓
    await pick(fay, g2, 'home'); // ✗
    await pick(fay, g3, 'home', [17, 10]); // ✓, distance 11 + 11 = 22

    await final(g1, 24, 10);
    await final(g2, 13, 20);
    await final(g4, 3, 17);
    // Not calculated yet (G3 has no winner): no awards.
    expect(await awards(weekId)).toEqual({ week: { id: weekId, number: 1 }, calculated: false, perfect_week: [], contrarian: null, closest_tiebreaker: null });
    await final(g3, 28, 21);
    await calculate(weekId);

    // Correct sides and their share of the game's pickers:
    //   G1 home: Ann, Ben, Cal, Fay = 4 of 6 (66.7%) — the majority, no award.
    //   G2 away: Ann, Cal = 2 of 6 = 1/3 (33.3%).
    //   G3 home: Ann, Cal, Dee, Eve, Fay = 5 of 6.
    //   G4 away: Cal = 1 of 3 (Cal, Dee, Eve picked it) = 1/3 (33.3%).
    // G2 and G4 tie at exactly 1/3; G2 kicks off earlier → G2's away side, Ann and Cal, 33.3.
    // Perfect: only Cal (4 of 4). Closest tiebreaker: Ann and Dee at 1.
    const body = await awards(weekId, ben.token);
    expect(body).toEqual({
      week: { id: weekId, number: 1 },
      calculated: true,
      perfect_week: [named(cal)],
      contrarian: { game_id: g2.id, matchup: `${g2.away} @ ${g2.home}`, team_name: g2.away, pickers: [named(ann), named(cal)], share: 33.3 },
      closest_tiebreaker: { members: [named(ann), named(dee)], tiebreaker_score: 1 },
    });
  });

  /**
   * Against the spread, the same picks under push rules half and void:
   * - S1: home gives 7, wins 24–17: exactly on the line, a push (is_correct null under both rules).
   * - S2: home gives 10, wins 20–14: the home side wins the game but the away side covers.
   * Ann: S1 home (push), S2 away ✓. Ben: S1 away (push), S2 home ✗. Cal: S1 home (push), S2 home ✗.
   * No tiebreaker game: no tiebreaker award.
   */
  it.each([
    // half: S1 counts (total 2) and a push is half a point, not a win: Ann has 1 win of 2 → nobody is perfect.
    ['half', () => []],
    // void: S1 leaves the week (total 1): Ann has 1 win of 1 → perfect.
    ['void', (ann: Member) => [named(ann)]],
  ])('against the spread (push_rule %s): a push is no perfect pick unless it leaves the week; the covering side is the contrarian', async (push_rule, perfect: (ann: Member) => object[]) => {
    const weekId = await week({ pick_mode: 'spread', push_rule });
    const s1 = await game(weekId, 48, { line: ['home', 7] });
    const s2 = await game(weekId, 50, { line: ['home', 10] });
    const [ann, ben, cal] = await members('Ann', 'Ben', 'Cal');
    await pick(ann, s1, 'home');
    await pick(ann, s2, 'away');
    await pick(ben, s1, 'away');
    await pick(ben, s2, 'home');
    await pick(cal, s1, 'home');
    await pick(cal, s2, 'home');
    await final(s1, 24, 17);
    await final(s2, 20, 14);
    await calculate(weekId);

    // S2: the away side covered (it lost the game by 6 with 10 points given): Ann alone, 1 of 3 = 33.3%.
    expect(await awards(weekId)).toEqual({
      week: { id: weekId, number: 1 },
      calculated: true,
      perfect_week: perfect(ann),
      contrarian: { game_id: s2.id, matchup: `${s2.away} @ ${s2.home}`, team_name: s2.away, pickers: [named(ann)], share: 33.3 },
      closest_tiebreaker: null,
    });
  });

  it('names no contrarian when every correct pick was the majority’s (or an even split)', async () => {
    const weekId = await week();
    const g1 = await game(weekId, 48);
    const g2 = await game(weekId, 50);
    const [ann, ben] = await members('Ann', 'Ben');
    // G1 home: Ann and Ben both right, 2 of 2. G2 away: Ben right, Ann wrong: 1 of 2 = 50%, not under 50%.
    await pick(ann, g1, 'home');
    await pick(ben, g1, 'home');
    await pick(ann, g2, 'home');
    await pick(ben, g2, 'away');
    await final(g1, 30, 3);
    await final(g2, 7, 10);
    await calculate(weekId);
    expect(await awards(weekId)).toEqual({
      week: { id: weekId, number: 1 },
      calculated: true,
      // Ben: 2 of 2.
      perfect_week: [named(ben)],
      contrarian: null,
      closest_tiebreaker: null,
    });
  });

  it('answers 404 for an unknown week, 400 for a malformed id and 401 without a session', async () => {
    expect((await t.http.get('/api/weeks/999999/awards').set(bearer(admin)).expect(404)).body).toEqual({ errors: ['Week not found'] });
    await t.http.get('/api/weeks/abc/awards').set(bearer(admin)).expect(400);
    await t.http.get('/api/weeks/1/awards').expect(401);
  });
});
