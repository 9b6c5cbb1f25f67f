import fc from 'fast-check';
import { computePot, placeAmounts, PotInput, Ranked, seasonWinnings, shareEvenly, weeklyPrizeCents, weekWinners } from './payouts';

const paidOf = (...ids: number[]) => new Set(ids);
const ranked = (...pairs: [number, number][]): Ranked[] => pairs.map(([user_id, rank]) => ({ user_id, rank }));
const won = (map: Map<number, number>) => Object.fromEntries(map);

describe('placeAmounts', () => {
  it.each([
    { pool: 20000, percentages: [50, 30, 20], amounts: [10000, 6000, 4000] },
    // 7007 × 60% = 4204.2, × 25% = 1751.75, × 15% = 1051.05: 7006 in whole cents, the odd cent to place 1.
    { pool: 7007, percentages: [60, 25, 15], amounts: [4205, 1751, 1051] },
    // 10 × 34/33/33 = 3.4, 3.3, 3.3 → 3, 3, 3 and one cent left for place 1.
    { pool: 10, percentages: [34, 33, 33], amounts: [4, 3, 3] },
    // 2 cents over three places: place 1 and 2 get one each.
    { pool: 2, percentages: [34, 33, 33], amounts: [1, 1, 0] },
    { pool: 0, percentages: [100], amounts: [0] },
  ])('splits $pool cents by $percentages as $amounts', ({ pool, percentages, amounts }) => {
    expect(placeAmounts(pool, percentages).map((payout) => payout.amount_cents)).toEqual(amounts);
    expect(placeAmounts(pool, percentages).map((payout) => payout.place)).toEqual(percentages.map((_, index) => index + 1));
  });
});

describe('shareEvenly', () => {
  it('gives the cents that do not divide one each by ascending user id', () => {
    expect(won(shareEvenly(10001, [7, 3, 5]))).toEqual({ 3: 3334, 5: 3334, 7: 3333 });
    expect(won(shareEvenly(500, [6, 4, 5]))).toEqual({ 4: 167, 5: 167, 6: 166 });
    expect(won(shareEvenly(500, [1, 2]))).toEqual({ 1: 250, 2: 250 });
  });
});

describe('weeklyPrizeCents', () => {
  it.each([
    { pot: 10000, weekly: 500, weeks: 4, prize: 500 },
    // 3 paid × $10 = $30 can't pay $10 for 13 weeks: each week pays floor(3000 / 13) = 230.
    { pot: 3000, weekly: 1000, weeks: 13, prize: 230 },
    { pot: 3000, weekly: 0, weeks: 13, prize: 0 },
    { pot: 3000, weekly: 500, weeks: 0, prize: 0 },
    { pot: 0, weekly: 500, weeks: 4, prize: 0 },
  ])('a pot of $pot with $weekly a week over $weeks weeks pays $prize a week', ({ pot, weekly, weeks, prize }) => {
    expect(weeklyPrizeCents(pot, weekly, weeks)).toBe(prize);
  });
});

describe('weekWinners', () => {
  it('is the best-ranked paid members, unpaid ones skipped', () => {
    expect(weekWinners(ranked([1, 1], [2, 1], [3, 3]), paidOf(1, 2, 3))).toEqual([1, 2]);
    expect(weekWinners(ranked([9, 1], [2, 2], [3, 2], [4, 4]), paidOf(2, 3, 4))).toEqual([2, 3]);
    expect(weekWinners(ranked([9, 1]), paidOf(2))).toEqual([]);
  });
});

describe('seasonWinnings', () => {
  const payouts = placeAmounts(20000, [50, 30, 20]);

  it('gives tied members the sum of the places they occupy, split evenly', () => {
    // 1st alone: 10000. Two tied for 2nd occupy places 2 and 3: (6000 + 4000) / 2 each. 4th: nothing.
    expect(won(seasonWinnings(payouts, ranked([1, 1], [2, 2], [3, 2], [4, 4]), paidOf(1, 2, 3, 4)))).toEqual({ 1: 10000, 2: 5000, 3: 5000 });
  });

  it('shares a tie straddling the last paid place with the members beyond it', () => {
    // Three tied for 3rd occupy places 3, 4, 5: only place 3 pays, 4000 / 3 = 1333 and one cent to the lowest id.
    expect(won(seasonWinnings(payouts, ranked([1, 1], [2, 2], [5, 3], [3, 3], [4, 3]), paidOf(1, 2, 3, 4, 5)))).toEqual({
      1: 10000,
      2: 6000,
      3: 1334,
      4: 1333,
      5: 1333,
    });
  });

  it('splits a tie for first over a pot that does not divide, odd cents by ascending user id', () => {
    expect(won(seasonWinnings(placeAmounts(10001, [100]), ranked([7, 1], [3, 1], [5, 1]), paidOf(3, 5, 7)))).toEqual({ 3: 3334, 5: 3334, 7: 3333 });
  });

  it('skips unpaid members: the places go to the paid members below them', () => {
    expect(won(seasonWinnings(payouts, ranked([9, 1], [1, 2], [8, 3], [2, 4], [3, 5]), paidOf(1, 2, 3)))).toEqual({ 1: 10000, 2: 6000, 3: 4000 });
  });

  it('adds the places no paid member reaches to first place', () => {
    expect(won(seasonWinnings(payouts, ranked([1, 1], [2, 2]), paidOf(1, 2)))).toEqual({ 1: 14000, 2: 6000 });
    expect(won(seasonWinnings(payouts, [], paidOf(1, 2)))).toEqual({});
  });
});

describe('computePot', () => {
  it('pays weekly winners from a reserve for every week, shared wins split evenly, and the rest by place', () => {
    // $10 × 10 paid = $100. $5 a week × 4 weeks reserved = $20; the season places share $80: 50/30/20.
    const pot = computePot({
      settings: { entry_fee_cents: 1000, weekly_winner_cents: 500, payout_percentages: [50, 30, 20] },
      paid: paidOf(1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
      week_count: 4,
      weekly_results: [ranked([1, 1], [2, 1], [3, 3]), ranked([3, 1], [1, 2]), ranked([4, 1], [5, 1], [6, 1])],
      standings: ranked([1, 1], [3, 2], [2, 3], [4, 4]),
    });
    expect(pot).toMatchObject({ pot_cents: 10000, weekly_prize_cents: 500, season_pool_cents: 8000 });
    expect(pot.payouts).toEqual([
      { place: 1, percent: 50, amount_cents: 4000 },
      { place: 2, percent: 30, amount_cents: 2400 },
      { place: 3, percent: 20, amount_cents: 1600 },
    ]);
    // Week 1: users 1 and 2 share 500. Week 2: user 3. Week 3: three-way 167/167/166. Week 4 not yet calculated.
    expect(pot.winnings).toEqual([
      { user_id: 1, season_cents: 4000, weekly_cents: 250, total_cents: 4250 },
      { user_id: 3, season_cents: 2400, weekly_cents: 500, total_cents: 2900 },
      { user_id: 2, season_cents: 1600, weekly_cents: 250, total_cents: 1850 },
      { user_id: 4, season_cents: 0, weekly_cents: 167, total_cents: 167 },
      { user_id: 5, season_cents: 0, weekly_cents: 167, total_cents: 167 },
      { user_id: 6, season_cents: 0, weekly_cents: 166, total_cents: 166 },
    ]);
  });

  it('returns the prize of a week no paid member played to the season places', () => {
    const pot = computePot({
      settings: { entry_fee_cents: 1000, weekly_winner_cents: 500, payout_percentages: [100] },
      paid: paidOf(1, 2),
      week_count: 2,
      weekly_results: [ranked([9, 1]), ranked([2, 1])],
      standings: ranked([1, 1], [2, 2]),
    });
    expect(pot).toMatchObject({ pot_cents: 2000, season_pool_cents: 1500 });
    expect(pot.winnings).toEqual([
      { user_id: 1, season_cents: 1500, weekly_cents: 0, total_cents: 1500 },
      { user_id: 2, season_cents: 0, weekly_cents: 500, total_cents: 500 },
    ]);
  });

  it('has nothing to hand out without a fee or without paid members', () => {
    const empty = computePot({
      settings: { entry_fee_cents: 0, weekly_winner_cents: 0, payout_percentages: [] },
      paid: paidOf(),
      week_count: 3,
      weekly_results: [ranked([1, 1])],
      standings: ranked([1, 1]),
    });
    expect(empty).toEqual({ pot_cents: 0, weekly_prize_cents: 0, season_pool_cents: 0, payouts: [], winnings: [] });
  });

  /** Percentages for 1..5 places summing to 100, each 1..100. */
  const percentages = fc.integer({ min: 1, max: 5 }).chain((places) =>
    fc.uniqueArray(fc.integer({ min: 1, max: 99 }), { minLength: places - 1, maxLength: places - 1 }).map((cuts) => {
      const sorted = [0, ...cuts.sort((a, b) => a - b), 100];
      return sorted.slice(1).map((cut, index) => cut - sorted[index]);
    }),
  );
  const league = fc
    .record({
      fee: fc.integer({ min: 1, max: 100_000 }),
      weekly: fc.integer({ min: 0, max: 50_000 }),
      percentages,
      members: fc.integer({ min: 1, max: 12 }),
      weeks: fc.integer({ min: 0, max: 15 }),
      seed: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 200, maxLength: 200 }),
      paidMask: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
    })
    .map(({ fee, weekly, percentages, members, weeks, seed, paidMask }): PotInput => {
      const ids = Array.from({ length: members }, (_, index) => index + 1);
      let next = 0;
      const rank = () => seed[next++ % seed.length];
      const paid = new Set(ids.filter((id) => paidMask[id - 1]));
      return {
        settings: { entry_fee_cents: fee, weekly_winner_cents: weekly, payout_percentages: percentages },
        paid: paid.size > 0 ? paid : new Set([1]),
        week_count: weeks,
        weekly_results: Array.from({ length: weeks }, () => ids.map((user_id) => ({ user_id, rank: rank() }))),
        standings: ids.map((user_id) => ({ user_id, rank: rank() })),
      };
    });

  it('hands out exactly the pot once every week and the season are calculated', () => {
    fc.assert(
      fc.property(league, (input) => {
        const pot = computePot(input);
        expect(pot.payouts.reduce((sum, payout) => sum + payout.amount_cents, 0)).toBe(pot.season_pool_cents);
        expect(pot.season_pool_cents + pot.weekly_prize_cents * input.week_count).toBe(pot.pot_cents);
        expect(pot.season_pool_cents).toBeGreaterThanOrEqual(0);
        expect(pot.winnings.reduce((sum, winning) => sum + winning.total_cents, 0)).toBe(pot.pot_cents);
        for (const winning of pot.winnings) expect(input.paid.has(winning.user_id)).toBe(true);
      }),
    );
  });
});
