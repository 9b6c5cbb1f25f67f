/**
 * The pool's money arithmetic (docs/pool-formats.md#entry-fees-and-payouts), in whole cents and free of I/O: the
 * service reads who paid, the weeks, the weekly results and the season standings, and these functions decide who
 * wins what. Every amount handed out comes out of the pot, and the amounts always add up to it exactly.
 */

/** A season's money settings. */
export interface PotSettings {
  entry_fee_cents: number;
  /** Paid to each week's winner(s); 0: no weekly prize. */
  weekly_winner_cents: number;
  /** Percent of the season prize pool for places 1..n; sums to 100 (empty without a fee). */
  payout_percentages: readonly number[];
}

/** A member's place in a week or in the season (equal ranks share a place). */
export interface Ranked {
  user_id: number;
  rank: number;
}

export interface PotInput {
  settings: PotSettings;
  /** The members who paid their entry. */
  paid: ReadonlySet<number>;
  /** The weeks of the season, calculated or not: each reserves its weekly prize up front. */
  week_count: number;
  /** The calculated weeks' results, one list per week. */
  weekly_results: readonly (readonly Ranked[])[];
  /** The calculated season standings (empty before the first calculation). */
  standings: readonly Ranked[];
}

export interface PlacePayout {
  place: number;
  percent: number;
  amount_cents: number;
}

export interface Winnings {
  user_id: number;
  season_cents: number;
  weekly_cents: number;
  total_cents: number;
}

export interface Pot {
  pot_cents: number;
  /** What each week pays its winner(s): the setting, capped at an even share of the pot. */
  weekly_prize_cents: number;
  /** The pot less the weekly prizes reserved: what the season places share. */
  season_pool_cents: number;
  payouts: PlacePayout[];
  /** Members who won something, most first (then by user id). */
  winnings: Winnings[];
}

/** The entry fee times the members who paid it. */
export const potCents = (entryFeeCents: number, paidCount: number): number => entryFeeCents * paidCount;

/**
 * What each week pays: the weekly amount, reserved for every week of the season up front so the season prizes
 * don't shrink as weeks are played. When the pot can't cover every week, each week pays the pot's even share
 * (rounded down to the cent) instead, so the reserve never exceeds the pot.
 */
export function weeklyPrizeCents(potTotal: number, weeklyCents: number, weekCount: number): number {
  if (weekCount <= 0 || weeklyCents <= 0) return 0;
  return Math.min(weeklyCents, Math.floor(potTotal / weekCount));
}

/**
 * `total` split into parts by whole-number weights, to the cent: each part rounded down, then the cents left over go
 * one each to the parts in order (first part first). The parts always add up to `total`.
 */
export function splitByWeights(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  const parts = weights.map((weight) => Math.floor((total * weight) / sum));
  let left = total - parts.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0; i = (i + 1) % parts.length) {
    if (weights[i] === 0) continue;
    parts[i] += 1;
    left -= 1;
  }
  return parts;
}

/** The season places' amounts: each place its percent of the pool, the odd cents to the best places first. */
export function placeAmounts(poolCents: number, percentages: readonly number[]): PlacePayout[] {
  const amounts = splitByWeights(poolCents, percentages);
  return percentages.map((percent, index) => ({ place: index + 1, percent, amount_cents: amounts[index] }));
}

/**
 * An amount shared evenly by members, to the cent: the cents that don't divide go one each to the members by
 * ascending user id. Answers user id → cents.
 */
export function shareEvenly(totalCents: number, userIds: readonly number[]): Map<number, number> {
  const ordered = [...userIds].sort((a, b) => a - b);
  const parts = splitByWeights(totalCents, ordered.map(() => 1));
  return new Map(ordered.map((id, index) => [id, parts[index]]));
}

/** The paid members with the best rank of a week (unpaid members are skipped); empty when none of them played. */
export function weekWinners(results: readonly Ranked[], paid: ReadonlySet<number>): number[] {
  const eligible = results.filter((result) => paid.has(result.user_id));
  if (eligible.length === 0) return [];
  const best = Math.min(...eligible.map((result) => result.rank));
  return eligible.filter((result) => result.rank === best).map((result) => result.user_id);
}

/**
 * The season places handed to the paid members in standings order (unpaid members skipped). Members of equal rank
 * occupy as many places as they are and share the sum of those places evenly (shareEvenly). Places that no paid
 * member reaches (fewer paid members in the standings than places) add their amount to the first place's share.
 */
export function seasonWinnings(payouts: readonly PlacePayout[], standings: readonly Ranked[], paid: ReadonlySet<number>): Map<number, number> {
  const won = new Map<number, number>();
  const eligible = standings.filter((standing) => paid.has(standing.user_id)).sort((a, b) => a.rank - b.rank || a.user_id - b.user_id);
  if (eligible.length === 0 || payouts.length === 0) return won;
  const groups: number[][] = [];
  let lastRank: number | null = null;
  for (const standing of eligible) {
    if (standing.rank === lastRank) groups[groups.length - 1].push(standing.user_id);
    else groups.push([standing.user_id]);
    lastRank = standing.rank;
  }
  const amounts = payouts.map((payout) => payout.amount_cents);
  const unfilled = amounts.slice(eligible.length).reduce((a, b) => a + b, 0);
  let position = 0;
  for (const [index, group] of groups.entries()) {
    if (position >= amounts.length) break;
    const occupied = amounts.slice(position, position + group.length).reduce((a, b) => a + b, 0);
    const total = occupied + (index === 0 ? unfilled : 0);
    for (const [userId, cents] of shareEvenly(total, group)) if (cents > 0) won.set(userId, cents);
    position += group.length;
  }
  return won;
}

/**
 * The whole pot: the weekly prizes of the calculated weeks, the season places' amounts, and who has won what so far
 * (the season share as the latest standings would pay it). A calculated week that no paid member played returns
 * its prize to the season pool, so nothing is left unassigned at the season's end.
 */
export function computePot({ settings, paid, week_count, weekly_results, standings }: PotInput): Pot {
  const pot = potCents(settings.entry_fee_cents, paid.size);
  const weeklyPrize = weeklyPrizeCents(pot, settings.weekly_winner_cents, week_count);
  const weekly = new Map<number, number>();
  let returned = 0;
  for (const results of weekly_results) {
    if (weeklyPrize === 0) break;
    const winners = weekWinners(results, paid);
    if (winners.length === 0) returned += weeklyPrize;
    for (const [userId, cents] of shareEvenly(weeklyPrize, winners)) weekly.set(userId, (weekly.get(userId) ?? 0) + cents);
  }
  const seasonPool = pot - weeklyPrize * week_count + returned;
  const payouts = placeAmounts(seasonPool, settings.payout_percentages);
  const season = seasonWinnings(payouts, standings, paid);
  const winners = new Set([...weekly.keys(), ...season.keys()]);
  const winnings = [...winners]
    .map((user_id) => {
      const season_cents = season.get(user_id) ?? 0;
      const weekly_cents = weekly.get(user_id) ?? 0;
      return { user_id, season_cents, weekly_cents, total_cents: season_cents + weekly_cents };
    })
    .filter((winning) => winning.total_cents > 0)
    .sort((a, b) => b.total_cents - a.total_cents || a.user_id - b.user_id);
  return { pot_cents: pot, weekly_prize_cents: weeklyPrize, season_pool_cents: seasonPool, payouts, winnings };
}
