/** A member's season as the standings sum it: week rows, dropped weeks, totals, and bounds on the win percentage. */
import { halfPushes, type SeasonRules } from '../../seasons/season-rules';
import type { SeasonContentionInput } from './types';
import { lossesOf, type Tally, type WeekModel } from './week-model';

/** One week of a member's season, points doubled; `order` is the week's place in the season (drops go earlier first). */
export interface WeekRow {
  order: number;
  points2: number;
  wins: number;
  losses: number;
  games: number;
  pushes: number;
  tiebreaker: number | null;
}

/** The sums of a member's kept weeks. */
export interface Totals {
  points2: number;
  wins: number;
  losses: number;
  games: number;
  pushes: number;
  /** Null when no kept week has a tiebreaker distance (the standings' avg_tiebreaker_score is null). */
  tiebreaker: number | null;
}

export const NO_WEEKS: Totals = { points2: 0, wins: 0, losses: 0, games: 0, pushes: 0, tiebreaker: null };

export const addTiebreaker = (a: number | null, b: number | null): number | null => (a === null ? b : b === null ? a : a + b);

export function addRow(totals: Totals, row: Omit<WeekRow, 'order'>): Totals {
  return {
    points2: totals.points2 + row.points2,
    wins: totals.wins + row.wins,
    losses: totals.losses + row.losses,
    games: totals.games + row.games,
    pushes: totals.pushes + row.pushes,
    tiebreaker: addTiebreaker(totals.tiebreaker, row.tiebreaker),
  };
}

/**
 * How many of a member's played weeks are dropped (docs/pool-formats.md#results): under missed_weeks loss the missed
 * weeks go first, at most all scored weeks but one; under excluded, played weeks only, at most all but one.
 */
export function droppedPlayed(rules: SeasonRules, played: number, scored: number): number {
  if (rules.missed_weeks === 'excluded') return Math.max(0, Math.min(rules.drop_worst_weeks, played - 1));
  const dropped = Math.max(0, Math.min(rules.drop_worst_weeks, scored - 1));
  return Math.max(0, dropped - (scored - played));
}

/** The worst weeks first: fewest points, earlier first among equals. */
export const worstFirst = (rows: WeekRow[]): WeekRow[] => [...rows].sort((a, b) => a.points2 - b.points2 || a.order - b.order);

/** A member's season totals as seasonRecords sums them: the kept weeks of `rows` among `scored` scored weeks. */
export function seasonTotals(rules: SeasonRules, rows: WeekRow[], scored: number): Totals {
  return worstFirst(rows).slice(droppedPlayed(rules, rows.length, scored)).reduce(addRow, NO_WEEKS);
}

/** The standings' win percentage (one decimal), as the scoring rules round it. */
export function percentage(rules: SeasonRules, wins: number, pushes: number, games: number): number {
  return games === 0 ? 0 : Math.round(((wins * 2 + (halfPushes(rules) ? pushes : 0)) * 500) / games) / 10;
}

/** A week record of the live week from a tally. */
export const liveRow = (model: WeekModel, tally: Tally, m: number, order: number): WeekRow => ({
  order,
  points2: tally.points2[m],
  wins: tally.wins[m],
  losses: lossesOf(model.rules, tally, m),
  games: tally.total,
  pushes: tally.pushes[m],
  tiebreaker: null,
});

/** The stored weekly records as week rows, per member. */
export function storedRows(input: SeasonContentionInput): WeekRow[][] {
  const index = new Map(input.members.map((member, i) => [member.id, i]));
  const rows: WeekRow[][] = input.members.map(() => []);
  input.scored_weeks.forEach((week, order) => {
    for (const record of week.records) {
      const m = index.get(record.user_id);
      if (m === undefined) continue;
      rows[m].push({
        order,
        points2: Math.round(record.points * 2),
        wins: record.wins,
        losses: record.losses,
        games: record.total_games,
        pushes: record.pushes,
        tiebreaker: record.tiebreaker_score,
      });
    }
  });
  return rows;
}

/** The most a future week with `games` games can give, doubled: every pick right at full weight. */
export function fullWeek2(rules: SeasonRules, games: number | null): number {
  const n = games ?? rules.games_per_week ?? 10;
  const points = rules.confidence_points ? (n * (n + 1)) / 2 + (rules.lock_of_week ? n : 0) : n + (rules.lock_of_week && n > 0 ? 1 : 0);
  return 2 * points;
}

/** A fraction (win points doubled over games) for the percentage bounds. */
export interface Fraction {
  num2: number;
  den: number;
}

/**
 * Bounds on a member's season win percentage (missed weeks excluded), sound over every outcome and every way the
 * member may still play or skip weeks. Without drops the kept weeks are all played weeks: the extreme sums take the
 * optional weeks in order of their ratio. With drops the kept weeks are some of them, and a sum of fractions lies
 * between the smallest and largest fraction (so between their percentages, rounding being monotone).
 */
export function percentageBounds(rules: SeasonRules, stored: WeekRow[], required: { lo: Fraction; hi: Fraction }[], optional: { lo: Fraction; hi: Fraction }[]): [number, number] {
  const pctOf = (f: Fraction) => (f.den === 0 ? 0 : Math.round((f.num2 * 500) / f.den) / 10);
  const storedFractions = stored.map((row) => ({ num2: 2 * row.wins + (halfPushes(rules) ? row.pushes : 0), den: row.games }));
  if (rules.drop_worst_weeks > 0) {
    const los = [...storedFractions, ...[...required, ...optional].map((part) => part.lo)].map(pctOf);
    const his = [...storedFractions, ...[...required, ...optional].map((part) => part.hi)].map(pctOf);
    return [Math.min(0, ...los), Math.max(0, ...his)];
  }
  const extreme = (side: 'lo' | 'hi'): number => {
    const add = (a: Fraction, b: Fraction) => ({ num2: a.num2 + b.num2, den: a.den + b.den });
    let sum = [...storedFractions, ...required.map((part) => part[side])].reduce(add, { num2: 0, den: 0 });
    const ratio = (f: Fraction) => (f.den === 0 ? 0 : f.num2 / f.den);
    const parts = optional.map((part) => part[side]).sort((a, b) => (side === 'lo' ? ratio(a) - ratio(b) : ratio(b) - ratio(a)));
    const seen = [pctOf(sum)];
    for (const part of parts) {
      sum = add(sum, part);
      seen.push(pctOf(sum));
    }
    return side === 'lo' ? Math.min(...seen) : Math.max(...seen);
  };
  return [extreme('lo'), extreme('hi')];
}
