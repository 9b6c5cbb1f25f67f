/**
 * The order of a week's records, as the pick grid ranks a week: most wins, then the tiebreaker distance (smaller
 * first, none last), then fewer losses; equal records share a rank. The results engine ranks the same way in SQL
 * (sql.ts); test/support/scoring-oracle.ts states all the scoring rules and holds the SQL to them.
 */

/** |predicted home − actual home| + |predicted away − actual away|; null when either side is missing. */
export function tiebreakerScore(
  predicted: { home: number | null; away: number | null },
  actual: { home: number | null; away: number | null },
): number | null {
  if (predicted.home === null || predicted.away === null || actual.home === null || actual.away === null) return null;
  return Math.abs(predicted.home - actual.home) + Math.abs(predicted.away - actual.away);
}

/** The leaderboard order of docs/product.md#constants: most wins, then tiebreaker score ascending (missing last), then fewer losses. */
export function compareRecords(
  a: { wins: number; losses: number; tiebreaker: number | null },
  b: { wins: number; losses: number; tiebreaker: number | null },
): number {
  if (a.wins !== b.wins) return b.wins - a.wins;
  if (a.tiebreaker !== b.tiebreaker) {
    if (a.tiebreaker === null) return 1;
    if (b.tiebreaker === null) return -1;
    return a.tiebreaker - b.tiebreaker;
  }
  return a.losses - b.losses;
}

/** Sorts by `compare` and gives equal records a shared rank, skipping the ranks they take (1, 2, 2, 4). */
export function rank<T>(rows: T[], compare: (a: T, b: T) => number): (T & { rank: number })[] {
  const sorted = [...rows].sort(compare);
  let current = 0;
  return sorted.map((row, index) => {
    if (index === 0 || compare(sorted[index - 1], row) !== 0) current = index + 1;
    return { ...row, rank: current };
  });
}
