import { bearer, TestApp } from '../support/test-app';
import { Member, poolFormatsSuite, Side, STANDING_FIELDS } from '../support/pool-formats-suite';

/**
 * The results of every pool format, HAND-CHECKED: small leagues built through the API, their expected rows written
 * as literals with the arithmetic beside each (docs/pool-formats.md "Results"). Nothing here computes an expected
 * number; the property test holds the engine to the oracle, these hold both to the contract.
 */
describe('Pool formats: results checked by hand', () => {
  const s = poolFormatsSuite();
  const { season, week, game, members, pick, override, final, calculate, weekly, standings, correctness } = s;
  let t: TestApp;
  beforeAll(() => ({ t } = s));

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
});
