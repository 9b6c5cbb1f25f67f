import { User } from '../../src/users/entities/user.entity';
import { dateFromNow, hoursFromNow } from '../support/factories';
import { bearer, TestApp } from '../support/test-app';

type Side = 'home' | 'away';
/** A game as these leagues use it: its id and its teams' names (picks name the team). */
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

/** The week's row as docs/pool-formats.md "Results" defines it. */
type WeekRow = Record<'points' | 'wins' | 'losses' | 'pushes' | 'total_games' | 'win_percentage' | 'rank', number>;
const WEEK_FIELDS = ['points', 'wins', 'losses', 'pushes', 'total_games', 'win_percentage', 'rank'] as const;
const STANDING_FIELDS = [
  'total_points',
  'total_wins',
  'total_losses',
  'total_games',
  'total_pushes',
  'win_percentage',
  'weeks_participated',
  'weeks_dropped',
  'rank',
] as const;

/**
 * The results of every pool format, HAND-CHECKED: small leagues built through the API, their expected rows written
 * as literals with the arithmetic beside each (docs/pool-formats.md "Results"). Nothing here computes an expected
 * number; the property test holds the engine to the oracle, these hold both to the contract.
 */
describe('Pool formats: results checked by hand', () => {
  let t: TestApp;
  let admin: string;
  let conferenceId: number;
  let sequence = 0;
  const unique = () => `${process.pid}-${++sequence}`;

  beforeAll(async () => {
    t = await TestApp.start();
    admin = await t.adminToken();
    conferenceId = (await t.http.post('/api/conferences').set(bearer(admin)).send({ name: `Pool Formats ${unique()}` }).expect(201)).body.id;
  });
  afterAll(() => t.close());

  /** A season through the API; `rules` left out plays the spec's rules. */
  async function season(rules?: object): Promise<number> {
    const body = { name: `Formats ${unique()}`, start_date: dateFromNow(-30), end_date: dateFromNow(60), ...(rules ? { rules } : {}) };
    return (await t.http.post('/api/football_seasons').set(bearer(admin)).send(body).expect(201)).body.id;
  }

  /** Week 1 holds today (picks open); week 2 is the following one (upcoming, picks open too). */
  async function week(football_season_id: number, number: 1 | 2): Promise<number> {
    const [start, end] = number === 1 ? [-1, 5] : [6, 12];
    const body = { football_season_id, number, start_date: dateFromNow(start), end_date: dateFromNow(end) };
    return (await t.http.post('/api/weeks').set(bearer(admin)).send(body).expect(201)).body.id;
  }

  async function team(): Promise<{ id: number; name: string }> {
    const body = { name: `Team ${unique()}`, city: 'Springfield', state: 'IL', conference_id: conferenceId, webpage_url: 'https://example.com' };
    return (await t.http.post('/api/teams').set(bearer(admin)).send(body).expect(201)).body;
  }

  interface GameOptions {
    /** The favourite's side and the points it gives. */
    line?: [Side, number];
    tiebreaker?: boolean;
    /** Kickoff in hours from now; by default in the week's days, picks open. */
    kickoff?: number;
  }
  /** A game of week `number` (1 or 2) with its line, created by the admin. */
  async function game(week_id: number, number: 1 | 2, options: GameOptions = {}): Promise<LeagueGame> {
    const [home, away] = [await team(), await team()];
    const body = {
      week_id,
      home_team_id: home.id,
      away_team_id: away.id,
      game_date: hoursFromNow(options.kickoff ?? (number === 1 ? 48 : 24 * 8)).toISOString(),
      is_tiebreaker: options.tiebreaker ?? false,
      ...(options.line ? { betting_line_team: options.line[0], betting_line: options.line[1] } : {}),
    };
    const created = (await t.http.post('/api/games').set(bearer(admin)).send(body).expect(201)).body;
    return { id: created.id, home: home.name, away: away.name };
  }

  async function members(...names: string[]): Promise<Member[]> {
    const all: Member[] = [];
    for (const name of names) {
      const { user, token } = await t.member({ name });
      all.push({ id: user.id, name, token });
    }
    return all;
  }

  /** A member's own pick (POST /api/picks), with confidence/is_lock/tiebreaker fields as given. */
  async function pick(member: Member, g: LeagueGame, side: Side, extra: object = {}): Promise<void> {
    await t.http
      .post('/api/picks')
      .set(bearer(member.token))
      .send({ game_id: g.id, selected_winner: g[side], ...extra })
      .expect(201);
  }

  /** The admin's override for a member (after the deadline). */
  async function override(member: Member, g: LeagueGame, side: Side, extra: object = {}): Promise<void> {
    await t.http
      .post('/api/picks')
      .set(bearer(admin))
      .send({ game_id: g.id, selected_winner: g[side], user_id: member.id, reason: 'Phoned in before kickoff', ...extra })
      .expect(201);
  }

  const final = async (g: LeagueGame, home_score: number, away_score: number) =>
    t.http.put(`/api/games/${g.id}`).set(bearer(admin)).send({ home_score, away_score }).expect(200);
  const cancel = async (g: LeagueGame) => t.http.put(`/api/games/${g.id}`).set(bearer(admin)).send({ status: 'cancelled' }).expect(200);

  async function calculate(seasonId: number, weekIds: number[]): Promise<void> {
    for (const id of weekIds) await t.http.post(`/api/weekly_results/calculate/${id}`).set(bearer(admin)).expect(200);
    await t.http.post(`/api/season_results/calculate/${seasonId}`).set(bearer(admin)).expect(200);
  }

  /** The week's results by member name, the contract's fields (and the tiebreaker distance when asked). */
  async function weekly(seasonId: number, weekId: number, extra: string[] = []): Promise<Record<string, WeekRow>> {
    const rows = (await t.http.get('/api/weekly_results').query({ football_season_id: seasonId, week_id: weekId }).set(bearer(admin)).expect(200)).body;
    return Object.fromEntries(
      rows.map((row: { user: { name: string } } & Record<string, number>) => [row.user.name, Object.fromEntries([...WEEK_FIELDS, ...extra].map((key) => [key, row[key]]))]),
    );
  }

  /** The season standings by member name, the given fields of them. */
  async function standings(seasonId: number, fields: readonly string[] = STANDING_FIELDS): Promise<Record<string, Record<string, number>>> {
    const body = (await t.http.get(`/api/season_results/standings/${seasonId}`).set(bearer(admin)).expect(200)).body;
    return Object.fromEntries(
      body.standings.map((row: { user: { name: string } } & Record<string, number>) => [row.user.name, Object.fromEntries(fields.map((key) => [key, row[key]]))]),
    );
  }

  /** is_correct of each member's picks of the week, as `name: [is_correct per game, in the order given]` (undefined: no pick). */
  async function correctness(weekId: number, games: LeagueGame[]): Promise<Record<string, (boolean | null | undefined)[]>> {
    const picks: { user_id: number; user: { name: string }; game_id: number; is_correct: boolean | null }[] = (
      await t.http.get('/api/picks').query({ week_id: weekId }).set(bearer(admin)).expect(200)
    ).body;
    const names = [...new Set(picks.map((p) => p.user.name))];
    return Object.fromEntries(names.map((name) => [name, games.map((g) => picks.find((p) => p.user.name === name && p.game_id === g.id)?.is_correct)]));
  }

  it('a default season (the spec rules) scores as before: points equal wins, no pushes, nothing dropped', async () => {
    const seasonId = await season();
    const weekId = await week(seasonId, 1);
    // G1: the home favourite gives 10 and wins by 7: in winner mode the line does not matter.
    const g1 = await game(weekId, 1, { line: ['home', 10] });
    const g2 = await game(weekId, 1);
    const g3 = await game(weekId, 1, { tiebreaker: true });
    const [ann, ben, cal] = await members('Ann', 'Ben', 'Cal');
    await pick(ann, g1, 'home');
    await pick(ann, g2, 'away');
    await pick(ann, g3, 'home', { tiebreaker_home_score: 27, tiebreaker_away_score: 21 });
    await pick(ben, g1, 'home');
    await pick(ben, g2, 'home');
    await pick(ben, g3, 'home', { tiebreaker_home_score: 28, tiebreaker_away_score: 20 });
    await pick(cal, g1, 'away');
    await pick(cal, g2, 'away');
    await pick(cal, g3, 'home', { tiebreaker_home_score: 30, tiebreaker_away_score: 21 });
    await final(g1, 24, 17);
    await final(g2, 10, 31);
    await final(g3, 28, 21);
    await calculate(seasonId, [weekId]);

    expect(await weekly(seasonId, weekId, ['tiebreaker_score'])).toEqual({
      // Ann: G1 home ✓, G2 away ✓, G3 home ✓ → 3 wins of 3, points = wins = 3, 100%; tiebreaker |27−28|+|21−21| = 1; most points → 1.
      Ann: { points: 3, wins: 3, losses: 0, pushes: 0, total_games: 3, win_percentage: 100, rank: 1, tiebreaker_score: 1 },
      // Ben: G1 ✓, G2 home ✗, G3 ✓ → 2 wins, 1 loss, 2/3 = 66.7%; tiebreaker 0+1 = 1 beats Cal's 2 → 2.
      Ben: { points: 2, wins: 2, losses: 1, pushes: 0, total_games: 3, win_percentage: 66.7, rank: 2, tiebreaker_score: 1 },
      // Cal: G1 away ✗, G2 ✓, G3 ✓ → 2 wins, 1 loss, 66.7%; tiebreaker |30−28|+0 = 2 → 3.
      Cal: { points: 2, wins: 2, losses: 1, pushes: 0, total_games: 3, win_percentage: 66.7, rank: 3, tiebreaker_score: 2 },
    });
    // is_correct: winner mode — Ann's and Ben's G1 (favourite won without covering) are right, Cal's is wrong.
    expect(await correctness(weekId, [g1, g2, g3])).toEqual({ Ann: [true, true, true], Ben: [true, false, true], Cal: [false, true, true] });
    expect(await standings(seasonId, [...STANDING_FIELDS, 'total_tiebreaker_score'])).toEqual({
      // One week kept as it is (drop 0): total_points = total_wins = 3; 100%; rank 1 on points.
      Ann: { total_points: 3, total_wins: 3, total_losses: 0, total_games: 3, total_pushes: 0, win_percentage: 100, weeks_participated: 1, weeks_dropped: 0, rank: 1, total_tiebreaker_score: 1 },
      // 2 points, total distance 1 < Cal's 2 → 2.
      Ben: { total_points: 2, total_wins: 2, total_losses: 1, total_games: 3, total_pushes: 0, win_percentage: 66.7, weeks_participated: 1, weeks_dropped: 0, rank: 2, total_tiebreaker_score: 1 },
      // 2 points, distance 2 → 3.
      Cal: { total_points: 2, total_wins: 2, total_losses: 1, total_games: 3, total_pushes: 0, win_percentage: 66.7, weeks_participated: 1, weeks_dropped: 0, rank: 3, total_tiebreaker_score: 2 },
    });
  });

  describe('against the spread', () => {
    /**
     * One week of four games, the same picks under each push rule:
     * - G1: home gives 7, wins 24–17: exactly on the line, a push.
     * - G2: home gives 10, wins 20–14: the favourite wins but doesn't cover, the away side covers.
     * - G3: the AWAY side gives 3.5, wins 28–14: the away favourite covers.
     * - G4: home gives 3, wins 31–10: home covers.
     * Ann: G1 home (push), G2 away ✓, G3 away ✓, G4 home ✓. Ben: G1 away (push), G2 home ✗, G3 away ✓, G4 home ✓.
     * Cal: G1 home (push), G2 home ✗, G3 home ✗, G4 away ✗. Dee: G1 unpicked, G2 away ✓, G3 away ✓, G4 home ✓.
     */
    async function spreadLeague(push_rule: string) {
      const seasonId = await season({ pick_mode: 'spread', push_rule });
      const weekId = await week(seasonId, 1);
      const g1 = await game(weekId, 1, { line: ['home', 7] });
      const g2 = await game(weekId, 1, { line: ['home', 10] });
      const g3 = await game(weekId, 1, { line: ['away', 3.5] });
      const g4 = await game(weekId, 1, { line: ['home', 3] });
      const [ann, ben, cal, dee] = await members('Ann', 'Ben', 'Cal', 'Dee');
      const card: [Member, Side | null, Side, Side, Side][] = [
        [ann, 'home', 'away', 'away', 'home'],
        [ben, 'away', 'home', 'away', 'home'],
        [cal, 'home', 'home', 'home', 'away'],
        [dee, null, 'away', 'away', 'home'],
      ];
      for (const [member, ...sides] of card) {
        for (const [index, side] of sides.entries()) if (side) await pick(member, [g1, g2, g3, g4][index], side);
      }
      await final(g1, 24, 17);
      await final(g2, 20, 14);
      await final(g3, 14, 28);
      await final(g4, 31, 10);
      await calculate(seasonId, [weekId]);
      return { seasonId, weekId, games: [g1, g2, g3, g4] };
    }

    it('push_rule loss: a push is a loss, counted; is_correct of a push is false', async () => {
      const { seasonId, weekId, games } = await spreadLeague('loss');
      expect(await weekly(seasonId, weekId)).toEqual({
        // Ann: wins G2, G3, G4 = 3; 1 pick on the pushed G1; total 4 (push counted); losses 4−3 = 1; points 3; 3/4 = 75%; ties Dee (3 pts, 1 loss) → 1.
        Ann: { points: 3, wins: 3, losses: 1, pushes: 1, total_games: 4, win_percentage: 75, rank: 1 },
        // Dee: wins G2, G3, G4 = 3; G1 unpicked (a loss, no push); losses 4−3 = 1; 75% → shares 1.
        Dee: { points: 3, wins: 3, losses: 1, pushes: 0, total_games: 4, win_percentage: 75, rank: 1 },
        // Ben: wins G3, G4 = 2; push G1; losses 4−2 = 2; 50% → 3.
        Ben: { points: 2, wins: 2, losses: 2, pushes: 1, total_games: 4, win_percentage: 50, rank: 3 },
        // Cal: no cover; push G1; losses 4−0 = 4; 0% → 4.
        Cal: { points: 0, wins: 0, losses: 4, pushes: 1, total_games: 4, win_percentage: 0, rank: 4 },
      });
      // Push → false under loss; G2's favourite (home) won without covering → Ben's and Cal's G2 false; G3's away favourite covered.
      expect(await correctness(weekId, games)).toEqual({
        Ann: [false, true, true, true],
        Ben: [false, false, true, true],
        Cal: [false, false, false, false],
        Dee: [undefined, true, true, true],
      });
    });

    it('push_rule half: a push is half a win in points and percentage, not a loss; is_correct of a push is null', async () => {
      const { seasonId, weekId, games } = await spreadLeague('half');
      expect(await weekly(seasonId, weekId)).toEqual({
        // Ann: 3 wins + ½ for the G1 push = 3.5 points; losses 4−3−1 = 0; (3+½)/4 = 87.5% → 1.
        Ann: { points: 3.5, wins: 3, losses: 0, pushes: 1, total_games: 4, win_percentage: 87.5, rank: 1 },
        // Dee: 3 wins, no push = 3 points; losses 4−3−0 = 1 (unpicked G1); 3/4 = 75% → 2.
        Dee: { points: 3, wins: 3, losses: 1, pushes: 0, total_games: 4, win_percentage: 75, rank: 2 },
        // Ben: 2 wins + ½ = 2.5; losses 4−2−1 = 1; 2.5/4 = 62.5% → 3.
        Ben: { points: 2.5, wins: 2, losses: 1, pushes: 1, total_games: 4, win_percentage: 62.5, rank: 3 },
        // Cal: 0 wins + ½ = 0.5; losses 4−0−1 = 3; 0.5/4 = 12.5% → 4.
        Cal: { points: 0.5, wins: 0, losses: 3, pushes: 1, total_games: 4, win_percentage: 12.5, rank: 4 },
      });
      expect(await correctness(weekId, games)).toEqual({
        Ann: [null, true, true, true],
        Ben: [null, false, true, true],
        Cal: [null, false, false, false],
        Dee: [undefined, true, true, true],
      });
      // The season: one week kept, totals are the week's; ranked by points.
      expect(await standings(seasonId, ['total_points', 'total_wins', 'total_losses', 'total_games', 'total_pushes', 'weeks_dropped', 'rank'])).toEqual({
        Ann: { total_points: 3.5, total_wins: 3, total_losses: 0, total_games: 4, total_pushes: 1, weeks_dropped: 0, rank: 1 },
        Dee: { total_points: 3, total_wins: 3, total_losses: 1, total_games: 4, total_pushes: 0, weeks_dropped: 0, rank: 2 },
        Ben: { total_points: 2.5, total_wins: 2, total_losses: 1, total_games: 4, total_pushes: 1, weeks_dropped: 0, rank: 3 },
        Cal: { total_points: 0.5, total_wins: 0, total_losses: 3, total_games: 4, total_pushes: 1, weeks_dropped: 0, rank: 4 },
      });
    });

    it('push_rule void: the pushed game leaves the week for everyone; is_correct of a push is null', async () => {
      const { seasonId, weekId, games } = await spreadLeague('void');
      expect(await weekly(seasonId, weekId)).toEqual({
        // Ann: G1 left out → 3 counted games; wins 3; her pick on pushed G1 is a push; losses 3−3 = 0; 100%; ties Dee → 1.
        Ann: { points: 3, wins: 3, losses: 0, pushes: 1, total_games: 3, win_percentage: 100, rank: 1 },
        // Dee: 3 of 3 counted (her unpicked G1 is out too); 100% → shares 1.
        Dee: { points: 3, wins: 3, losses: 0, pushes: 0, total_games: 3, win_percentage: 100, rank: 1 },
        // Ben: 2 wins of 3; losses 3−2 = 1; 66.7% → 3.
        Ben: { points: 2, wins: 2, losses: 1, pushes: 1, total_games: 3, win_percentage: 66.7, rank: 3 },
        // Cal: 0 of 3; losses 3; 0% → 4.
        Cal: { points: 0, wins: 0, losses: 3, pushes: 1, total_games: 3, win_percentage: 0, rank: 4 },
      });
      expect(await correctness(weekId, games)).toEqual({
        Ann: [null, true, true, true],
        Ben: [null, false, true, true],
        Cal: [null, false, false, false],
        Dee: [undefined, true, true, true],
      });
    });
  });

  it('confidence points: a correct pick earns its number; a missed early game and an unpicked game earn nothing', async () => {
    const seasonId = await season({ confidence_points: true });
    const weekId = await week(seasonId, 1);
    // G1 kicked off three hours ago (its deadline has passed); N = 4 games, so numbers 1..4.
    const g1 = await game(weekId, 1, { kickoff: -3 });
    const g2 = await game(weekId, 1);
    const g3 = await game(weekId, 1);
    const g4 = await game(weekId, 1);
    const [ann, ben, cal, dee] = await members('Ann', 'Ben', 'Cal', 'Dee');
    // Ann and Ben had phoned their G1 picks in: the admin's overrides.
    await override(ann, g1, 'home', { confidence: 4 });
    await override(ben, g1, 'away', { confidence: 1 });
    // Cal missed G1: refused.
    const missed = await t.http.post('/api/picks').set(bearer(cal.token)).send({ game_id: g1.id, selected_winner: g1.home, confidence: 1 }).expect(422);
    expect(missed.body.errors[0]).toBe('Pick deadline has passed - no changes allowed');
    await pick(ann, g2, 'home', { confidence: 1 });
    await pick(ann, g3, 'home', { confidence: 3 });
    await pick(ann, g4, 'home', { confidence: 2 });
    await pick(ben, g2, 'home', { confidence: 2 });
    await pick(ben, g3, 'away', { confidence: 4 });
    await pick(ben, g4, 'home', { confidence: 3 });
    await pick(cal, g2, 'home', { confidence: 4 });
    await pick(cal, g3, 'away', { confidence: 3 });
    await pick(cal, g4, 'away', { confidence: 2 });
    // Dee leaves G1 and G2 unpicked.
    await pick(dee, g3, 'away', { confidence: 4 });
    await pick(dee, g4, 'home', { confidence: 1 });
    // Home wins G1, G2 and G4; away wins G3.
    await final(g1, 21, 14);
    await final(g2, 30, 10);
    await final(g3, 7, 24);
    await final(g4, 17, 13);
    await calculate(seasonId, [weekId]);

    expect(await weekly(seasonId, weekId)).toEqual({
      // Ben: G1 away ✗ (1), G2 ✓ 2, G3 ✓ 4, G4 ✓ 3 → 2+4+3 = 9 points; 3 wins, 1 loss; 75% → 1.
      Ben: { points: 9, wins: 3, losses: 1, pushes: 0, total_games: 4, win_percentage: 75, rank: 1 },
      // Ann: G1 ✓ 4, G2 ✓ 1, G3 home ✗ (3), G4 ✓ 2 → 4+1+2 = 7; 3 wins, 1 loss; 75%; 7 like Cal, fewer losses → 2.
      Ann: { points: 7, wins: 3, losses: 1, pushes: 0, total_games: 4, win_percentage: 75, rank: 2 },
      // Cal: G1 missed (0), G2 ✓ 4, G3 ✓ 3, G4 away ✗ (2) → 4+3 = 7; 2 wins, losses 1 missed + 1 wrong = 2; 50% → 3.
      Cal: { points: 7, wins: 2, losses: 2, pushes: 0, total_games: 4, win_percentage: 50, rank: 3 },
      // Dee: G1, G2 unpicked (0), G3 ✓ 4, G4 ✓ 1 → 5; 2 wins, 2 losses; 50% → 4.
      Dee: { points: 5, wins: 2, losses: 2, pushes: 0, total_games: 4, win_percentage: 50, rank: 4 },
    });
    expect(await standings(seasonId)).toEqual({
      // One week, kept whole; ranked by total points, then fewer losses (no tiebreaker game).
      Ben: { total_points: 9, total_wins: 3, total_losses: 1, total_games: 4, total_pushes: 0, win_percentage: 75, weeks_participated: 1, weeks_dropped: 0, rank: 1 },
      Ann: { total_points: 7, total_wins: 3, total_losses: 1, total_games: 4, total_pushes: 0, win_percentage: 75, weeks_participated: 1, weeks_dropped: 0, rank: 2 },
      Cal: { total_points: 7, total_wins: 2, total_losses: 2, total_games: 4, total_pushes: 0, win_percentage: 50, weeks_participated: 1, weeks_dropped: 0, rank: 3 },
      Dee: { total_points: 5, total_wins: 2, total_losses: 2, total_games: 4, total_pushes: 0, win_percentage: 50, weeks_participated: 1, weeks_dropped: 0, rank: 4 },
    });
  });

  describe('lock of the week', () => {
    it('in winner mode the lock counts double; a lock on a cancelled game is void', async () => {
      const seasonId = await season({ lock_of_week: true });
      const weekId = await week(seasonId, 1);
      const [g1, g2, g3, g4] = [await game(weekId, 1), await game(weekId, 1), await game(weekId, 1), await game(weekId, 1)];
      const [ann, ben, cal] = await members('Ann', 'Ben', 'Cal');
      await pick(ann, g1, 'home', { is_lock: true });
      await pick(ann, g2, 'away');
      await pick(ann, g3, 'away');
      await pick(ann, g4, 'home');
      await pick(ben, g1, 'home');
      await pick(ben, g2, 'away');
      await pick(ben, g3, 'home');
      await pick(ben, g4, 'away', { is_lock: true });
      await pick(cal, g1, 'away', { is_lock: true });
      await pick(cal, g2, 'away');
      await pick(cal, g3, 'home');
      // Home wins G1 and G3, away wins G2; G4 is cancelled.
      await final(g1, 27, 3);
      await final(g2, 10, 20);
      await final(g3, 35, 28);
      await cancel(g4);
      await calculate(seasonId, [weekId]);

      expect(await weekly(seasonId, weekId)).toEqual({
        // Ben: G1 ✓ 1, G2 ✓ 1, G3 ✓ 1, lock on cancelled G4 void → 3 points; 3 wins of 3 counted; 100%; 3 like Ann, fewer losses → 1.
        Ben: { points: 3, wins: 3, losses: 0, pushes: 0, total_games: 3, win_percentage: 100, rank: 1 },
        // Ann: G1 ✓ locked 2, G2 ✓ 1, G3 away ✗ → 3 points; 2 wins, 1 loss of 3; 66.7% → 2.
        Ann: { points: 3, wins: 2, losses: 1, pushes: 0, total_games: 3, win_percentage: 66.7, rank: 2 },
        // Cal: G1 away ✗ locked 0, G2 ✓ 1, G3 ✓ 1 → 2; 2 wins, 1 loss; 66.7% → 3.
        Cal: { points: 2, wins: 2, losses: 1, pushes: 0, total_games: 3, win_percentage: 66.7, rank: 3 },
      });
      // The cancelled game's picks have no correctness.
      expect(await correctness(weekId, [g1, g2, g3, g4])).toEqual({
        Ann: [true, true, false, null],
        Ben: [true, true, true, null],
        Cal: [false, true, true, undefined],
      });
    });

    it('against the spread (push half) the lock doubles a cover and a half-win push, and a lost lock earns nothing', async () => {
      const seasonId = await season({ pick_mode: 'spread', push_rule: 'half', lock_of_week: true });
      const weekId = await week(seasonId, 1);
      // S1: home gives 7, wins 24–17: a push. S2: the away side gives 3.5, wins 21–20 by 1: home covers. S3: home gives 2.5, wins 30–20: home covers.
      const s1 = await game(weekId, 1, { line: ['home', 7] });
      const s2 = await game(weekId, 1, { line: ['away', 3.5] });
      const s3 = await game(weekId, 1, { line: ['home', 2.5] });
      const [ann, ben, cal] = await members('Ann', 'Ben', 'Cal');
      await pick(ann, s1, 'home', { is_lock: true });
      await pick(ann, s2, 'home');
      await pick(ann, s3, 'home');
      await pick(ben, s1, 'away');
      await pick(ben, s2, 'away', { is_lock: true });
      await pick(ben, s3, 'home');
      await pick(cal, s1, 'home');
      await pick(cal, s2, 'home');
      await pick(cal, s3, 'home', { is_lock: true });
      await final(s1, 24, 17);
      await final(s2, 20, 21);
      await final(s3, 30, 20);
      await calculate(seasonId, [weekId]);

      expect(await weekly(seasonId, weekId)).toEqual({
        // Cal: S1 push ½, S2 ✓ 1, S3 ✓ locked 2 → 3.5; 2 wins, 1 push; losses 3−2−1 = 0; (2+½)/3 = 83.3% → 1.
        Cal: { points: 3.5, wins: 2, losses: 0, pushes: 1, total_games: 3, win_percentage: 83.3, rank: 1 },
        // Ann: S1 push locked 2×½ = 1, S2 ✓ 1, S3 ✓ 1 → 3; 2 wins, 1 push; losses 0; 83.3% → 2.
        Ann: { points: 3, wins: 2, losses: 0, pushes: 1, total_games: 3, win_percentage: 83.3, rank: 2 },
        // Ben: S1 push ½, S2 away (won, didn't cover) ✗ locked 0, S3 ✓ 1 → 1.5; 1 win, 1 push; losses 3−1−1 = 1; 1.5/3 = 50% → 3.
        Ben: { points: 1.5, wins: 1, losses: 1, pushes: 1, total_games: 3, win_percentage: 50, rank: 3 },
      });
      expect(await correctness(weekId, [s1, s2, s3])).toEqual({
        Ann: [null, true, true],
        Ben: [null, false, true],
        Cal: [null, true, true],
      });
    });
  });

  describe('weekly ties', () => {
    /**
     * One week: G1 (home wins 14–7), G2 (home wins 21–20), G3 the tiebreaker (home wins 28–21).
     * Ann: G1 ✓, G2 ✓, G3 away ✗, predicts 27–21 (distance 1). Ben: G1 ✓, G2 away ✗, G3 ✓, predicts 28–24 (3).
     * Cal: G1 ✓, G2 ✓, G3 away ✗, no prediction. Dee: G1 ✓, G2 ✗, G3 ✗, predicts 28–21 (0).
     */
    async function tiedWeek(weekly_ties: string) {
      const seasonId = await season({ weekly_ties });
      const weekId = await week(seasonId, 1);
      const [g1, g2, g3] = [await game(weekId, 1), await game(weekId, 1), await game(weekId, 1, { tiebreaker: true })];
      const [ann, ben, cal, dee] = await members('Ann', 'Ben', 'Cal', 'Dee');
      await pick(ann, g1, 'home');
      await pick(ann, g2, 'home');
      await pick(ann, g3, 'away', { tiebreaker_home_score: 27, tiebreaker_away_score: 21 });
      await pick(ben, g1, 'home');
      await pick(ben, g2, 'away');
      await pick(ben, g3, 'home', { tiebreaker_home_score: 28, tiebreaker_away_score: 24 });
      await pick(cal, g1, 'home');
      await pick(cal, g2, 'home');
      await pick(cal, g3, 'away');
      await pick(dee, g1, 'home');
      await pick(dee, g2, 'away');
      await pick(dee, g3, 'away', { tiebreaker_home_score: 28, tiebreaker_away_score: 21 });
      await final(g1, 14, 7);
      await final(g2, 21, 20);
      await final(g3, 28, 21);
      await calculate(seasonId, [weekId]);
      return weekly(seasonId, weekId, ['tiebreaker_score']);
    }

    it('tiebreaker: equal points split by the tiebreaker distance, a missing prediction last', async () => {
      expect(await tiedWeek('tiebreaker')).toEqual({
        // 2 wins of 3 (2 points, 66.7%); distance 1 is the smallest of the three on 2 points → 1.
        Ann: { points: 2, wins: 2, losses: 1, pushes: 0, total_games: 3, win_percentage: 66.7, rank: 1, tiebreaker_score: 1 },
        // 2 points; distance 3 → 2.
        Ben: { points: 2, wins: 2, losses: 1, pushes: 0, total_games: 3, win_percentage: 66.7, rank: 2, tiebreaker_score: 3 },
        // 2 points; no prediction → last of the three → 3.
        Cal: { points: 2, wins: 2, losses: 1, pushes: 0, total_games: 3, win_percentage: 66.7, rank: 3, tiebreaker_score: null },
        // 1 point (33.3%): fewer points, the exact prediction doesn't help → 4.
        Dee: { points: 1, wins: 1, losses: 2, pushes: 0, total_games: 3, win_percentage: 33.3, rank: 4, tiebreaker_score: 0 },
      });
    });

    it('shared: equal points share the place, whatever the tiebreaker says', async () => {
      expect(await tiedWeek('shared')).toEqual({
        // Ann, Ben and Cal all have 2 points → all 1.
        Ann: { points: 2, wins: 2, losses: 1, pushes: 0, total_games: 3, win_percentage: 66.7, rank: 1, tiebreaker_score: 1 },
        Ben: { points: 2, wins: 2, losses: 1, pushes: 0, total_games: 3, win_percentage: 66.7, rank: 1, tiebreaker_score: 3 },
        Cal: { points: 2, wins: 2, losses: 1, pushes: 0, total_games: 3, win_percentage: 66.7, rank: 1, tiebreaker_score: null },
        // 1 point; three members ahead → 4.
        Dee: { points: 1, wins: 1, losses: 2, pushes: 0, total_games: 3, win_percentage: 33.3, rank: 4, tiebreaker_score: 0 },
      });
    });
  });

  describe('the commissioner playing', () => {
    it.each([true, false])("commissioner_plays %s: the admin's season wins and losses are written only when they play", async (plays) => {
      const seasonId = await season({ commissioner_plays: plays });
      // A member's wins and losses on their account follow the current season.
      await t.http.patch(`/api/football_seasons/${seasonId}/make_current`).set(bearer(admin)).expect(200);
      const weekId = await week(seasonId, 1);
      const [g1, g2] = [await game(weekId, 1), await game(weekId, 1, { tiebreaker: true })];
      const [ann] = await members('Ann');
      const commissionerId: number = (await t.http.get('/api/me').set(bearer(admin)).expect(200)).body.id;
      const users = t.dataSource.getRepository(User);
      const record = async (id: number) => {
        const { wins, losses } = await users.findOneByOrFail({ id });
        return { wins, losses };
      };
      await users.update(commissionerId, { wins: 9, losses: 9 });
      if (plays) {
        // The commissioner's own picks: G1 home ✓, G2 home ✓.
        await t.http.post('/api/picks').set(bearer(admin)).send({ game_id: g1.id, selected_winner: g1.home }).expect(201);
        await t.http.post('/api/picks').set(bearer(admin)).send({ game_id: g2.id, selected_winner: g2.home, tiebreaker_home_score: 20, tiebreaker_away_score: 10 }).expect(201);
      }
      // Ann: G1 away ✗, G2 home ✓.
      await pick(ann, g1, 'away');
      await pick(ann, g2, 'home', { tiebreaker_home_score: 24, tiebreaker_away_score: 10 });
      await final(g1, 21, 10);
      await final(g2, 17, 14);
      await calculate(seasonId, [weekId]);

      expect(Object.keys(await standings(seasonId))).toEqual(plays ? ['Admin', 'Ann'] : ['Ann']);
      expect(await record(ann.id)).toEqual({ wins: 1, losses: 1 });
      // Playing, 2 right of 2; not playing, the account's figures are left as they were.
      expect(await record(commissionerId)).toEqual(plays ? { wins: 2, losses: 0 } : { wins: 9, losses: 9 });
    });
  });

  describe('drop the worst week', () => {
    /**
     * Two weeks, every game won by the home side: W1 has 3 games, W2 has 5.
     * Ann: W1 3/3 (3 points), W2 2/5 (2). Ben joins late: W2 only, 4/5 (4).
     * Cal: W1 1/3 (1), W2 5/5 (5). Dee: W1 2/3 (2), W2 2/5 (2): equal weeks, the earlier one goes.
     */
    async function twoWeeks(missed_weeks: string) {
      const seasonId = await season({ drop_worst_weeks: 1, missed_weeks });
      const [w1, w2] = [await week(seasonId, 1), await week(seasonId, 2)];
      const one: LeagueGame[] = [];
      for (let i = 0; i < 3; i++) one.push(await game(w1, 1));
      const two: LeagueGame[] = [];
      for (let i = 0; i < 5; i++) two.push(await game(w2, 2));
      const [ann, ben, cal, dee] = await members('Ann', 'Ben', 'Cal', 'Dee');
      /** `rights` of the week's games picked home (right), the rest away (wrong). */
      const play = async (member: Member, games: LeagueGame[], rights: number) => {
        for (const [index, g] of games.entries()) await pick(member, g, index < rights ? 'home' : 'away');
      };
      await play(ann, one, 3);
      await play(ann, two, 2);
      await play(ben, two, 4);
      await play(cal, one, 1);
      await play(cal, two, 5);
      await play(dee, one, 2);
      await play(dee, two, 2);
      for (const g of [...one, ...two]) await final(g, 21, 10);
      await calculate(seasonId, [w1, w2]);
      return standings(seasonId);
    }

    it('missed weeks = loss: a missed week is a 0-point week dropped first; ranked by total points', async () => {
      expect(await twoWeeks('loss')).toEqual({
        // Cal: W1 (1) dropped, W2 kept: 5 wins, 0 losses, 5 games, 5 points, 100% → 1.
        Cal: { total_points: 5, total_wins: 5, total_losses: 0, total_games: 5, total_pushes: 0, win_percentage: 100, weeks_participated: 2, weeks_dropped: 1, rank: 1 },
        // Ben: missed W1 is the dropped week; W2 kept: 4 wins, 1 loss, 5 games, 4 points, 80% → 2.
        Ben: { total_points: 4, total_wins: 4, total_losses: 1, total_games: 5, total_pushes: 0, win_percentage: 80, weeks_participated: 1, weeks_dropped: 1, rank: 2 },
        // Ann: W2 (2 < 3) dropped, W1 kept: 3 wins, 0 losses, 3 games, 3 points, 100% → 3.
        Ann: { total_points: 3, total_wins: 3, total_losses: 0, total_games: 3, total_pushes: 0, win_percentage: 100, weeks_participated: 2, weeks_dropped: 1, rank: 3 },
        // Dee: 2 = 2, the earlier W1 dropped; W2 kept: 2 wins, 3 losses, 5 games, 2 points, 40% → 4.
        Dee: { total_points: 2, total_wins: 2, total_losses: 3, total_games: 5, total_pushes: 0, win_percentage: 40, weeks_participated: 2, weeks_dropped: 1, rank: 4 },
      });
    });

    it('missed weeks = excluded: only played weeks drop (the late joiner keeps his one); ranked by win percentage', async () => {
      expect(await twoWeeks('excluded')).toEqual({
        // Cal: W1 dropped → 5/5, 100%, 5 points; ties Ann on 100%, more points → 1.
        Cal: { total_points: 5, total_wins: 5, total_losses: 0, total_games: 5, total_pushes: 0, win_percentage: 100, weeks_participated: 2, weeks_dropped: 1, rank: 1 },
        // Ann: W2 dropped → 3/3, 100%, 3 points → 2 (above Ben's 4 points: percentage first).
        Ann: { total_points: 3, total_wins: 3, total_losses: 0, total_games: 3, total_pushes: 0, win_percentage: 100, weeks_participated: 2, weeks_dropped: 1, rank: 2 },
        // Ben: one played week, at most 1−1 = 0 dropped → W2: 4/5, 80%, 4 points → 3.
        Ben: { total_points: 4, total_wins: 4, total_losses: 1, total_games: 5, total_pushes: 0, win_percentage: 80, weeks_participated: 1, weeks_dropped: 0, rank: 3 },
        // Dee: equal weeks, earlier W1 dropped → 2/5, 40%, 2 points → 4.
        Dee: { total_points: 2, total_wins: 2, total_losses: 3, total_games: 5, total_pushes: 0, win_percentage: 40, weeks_participated: 2, weeks_dropped: 1, rank: 4 },
      });
    });
  });
});
