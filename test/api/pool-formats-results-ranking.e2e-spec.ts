import { User } from '../../src/users/entities/user.entity';
import { bearer, TestApp } from '../support/test-app';
import { LeagueGame, Member, poolFormatsSuite } from '../support/pool-formats-suite';

/**
 * The results of every pool format, HAND-CHECKED: small leagues built through the API, their expected rows written
 * as literals with the arithmetic beside each (docs/pool-formats.md "Results"). Nothing here computes an expected
 * number; the property test holds the engine to the oracle, these hold both to the contract.
 */
describe('Pool formats: results checked by hand', () => {
  const s = poolFormatsSuite();
  const { season, week, game, members, pick, final, cancel, calculate, weekly, standings, correctness } = s;
  let t: TestApp, admin: string;
  beforeAll(() => ({ t, admin } = s));

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
