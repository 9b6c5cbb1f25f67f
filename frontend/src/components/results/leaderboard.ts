import type { SeasonRules, SeasonStanding, WeeklyResult } from '../../api/types';
import { pointsRule } from '../picks/poolFormat';
import type { Tone } from '../tones';

/** The columns a season's rules add to its results tables (docs/pool-formats.md#results); none on the spec's rules. */
export interface ResultColumns {
  /** Points rank the tables: confidence points, a lock, or half-win pushes. */
  points: boolean;
  /** Against the spread: picks on games that landed on the line. */
  pushes: boolean;
  /** The season drops each member's worst weeks. */
  dropped: boolean;
}

export const resultColumnsOf = (rules: SeasonRules | undefined): ResultColumns => ({
  points: pointsRule(rules),
  pushes: rules?.pick_mode === 'spread',
  dropped: (rules?.drop_worst_weeks ?? 0) > 0,
});

/** Points as the tables write them: "12", "12.5" (half-win pushes). */
export const pointsText = (points: number) => String(Number(points));

/** docs/product.md#errors texts of the results screen, verbatim. */
export const RESULTS_TEXTS = {
  select: 'Please select a season and week to view results.',
  empty: 'No results found for the selected week...',
  failed: 'Failed to load results. Please try again.',
  weeksFailed: 'Failed to load weeks data',
  seasonsFailed: 'Failed to load football seasons',
  calculateFailed: 'Failed to calculate results',
  calculated: (count: number) => `Results calculated successfully! ${count} user results processed.`,
} as const;

/** The rank of each row, in the order the server ranked them (rank, then name): its shared rank, else the place. */
export const ranked = (results: WeeklyResult[]) => results.map((result, index) => ({ result, rank: result.rank ?? index + 1 }));

/** Win percentage colour (docs/product.md#constants): 70 or more green, 50 or more amber, otherwise red. */
export function winTone(percentage: number): Tone {
  if (percentage >= 70) return 'good';
  if (percentage >= 50) return 'warn';
  return 'bad';
}

/** Medals for ranks 1 to 3 (docs/product.md#constants). */
export const MEDALS: Record<number, { color: string; label: string }> = {
  1: { color: '#d4a017', label: 'Gold medal' },
  2: { color: '#9e9e9e', label: 'Silver medal' },
  3: { color: '#b87333', label: 'Bronze medal' },
};

/** Games (or, where points rank, points) behind the leader: the leader's total minus the member's own. */
export const gamesBehind = (standings: SeasonStanding[], byPoints = false) => {
  const total = (standing: SeasonStanding) => (byPoints ? standing.total_points : standing.total_wins);
  const leader = Math.max(0, ...standings.map(total));
  return (standing: SeasonStanding) => leader - total(standing);
};
