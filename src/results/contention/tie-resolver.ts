/** The tie geometry: who of a group tied on points finishes first over the undecided tiebreaker game's final scores. */
import { handicapOf } from '../../games/cover';
import { TIEBREAKER_MAX_SCORE } from './limits';
import type { ContentionGame, Landing } from './types';

/** A member's standing in a tie on the first keys: the tiebreaker distance (fixed part, prediction) and the last key. */
export interface TieEntry {
  /** The distance known already; null: no prediction so far. */
  fixed: number | null;
  /** The prediction on the undecided tiebreaker game, when it counts. */
  prediction: [number, number] | null;
  /** Higher is better (fewer losses). */
  last: number;
}

/**
 * The scores of the region (home − away within [low, high], both in 0..TIEBREAKER_MAX_SCORE) nearest a prediction in
 * L1: the prediction itself when inside, else the diagonal segment reached by moving only towards the region.
 */
function nearest([home, away]: [number, number], low: number, high: number): [number, number][] {
  const margin = home - away;
  if (margin >= low && margin <= high) return [[home, away]];
  const gap = margin < low ? low - margin : margin - high;
  const sign = margin < low ? 1 : -1;
  const points: [number, number][] = [];
  for (let step = 0; step <= gap; step += 1) {
    const h = home + sign * step;
    const a = away - sign * (gap - step);
    if (h >= 0 && h <= TIEBREAKER_MAX_SCORE && a >= 0 && a <= TIEBREAKER_MAX_SCORE) points.push([h, a]);
  }
  return points;
}

/** The corners of the region within the score box: where a distance from a fixed point is largest. */
function vertices(low: number, high: number): [number, number][] {
  const max = TIEBREAKER_MAX_SCORE;
  const points: [number, number][] = [[0, 0], [0, max], [max, 0], [max, max]];
  for (const t of [low, high]) points.push([t, 0], [max, max - t], [0, -t], [max + t, max]);
  return points.filter(([home, away]) => home >= 0 && home <= max && away >= 0 && away <= max && home - away >= low && home - away <= high);
}

/**
 * Who of a group tied on the first keys finishes first: by tiebreaker distance (none last), then `last`. With the
 * tiebreaker game undecided its final score ranges over every score consistent with its landing, so a member may
 * win under some scores (`some`) or all (`all`). Answers are memoized by the group's values and the landing: a race
 * meets the same tie in many outcomes.
 */
export class TieResolver {
  private readonly memo = new Map<string, { some: boolean[]; all: boolean[] }>();
  private readonly regions = new Map<Landing, Int16Array>();
  constructor(
    private readonly game: ContentionGame | null,
    private readonly spread: boolean,
  ) {}

  /** `key` names the group's values (computed by the caller when it has them at hand). */
  resolve(group: TieEntry[], landing: Landing | null, key?: string): { some: boolean[]; all: boolean[] } {
    const predicted = landing !== null && this.game !== null && group.some((entry) => entry.prediction !== null);
    const range = predicted ? this.range(landing) : null;
    if (!range) {
      const winners = this.first(group, group.map((entry) => entry.fixed ?? Infinity));
      return { some: winners, all: winners };
    }
    key ??= `${landing}|${group.map((e) => `${e.fixed},${e.prediction?.join(',')},${e.last}`).join(';')}`;
    let answer = this.memo.get(key);
    if (!answer) {
      answer = this.geometry(group, range, landing!);
      this.memo.set(key, answer);
    }
    return answer;
  }

  /**
   * The tie without a grid scan, by L1 geometry. For any score s in the region, a geodesic from a member's prediction
   * p to s first meets the region at a point q of p's nearest points in the region (a short diagonal segment, or p
   * itself), and there p's distance minus anyone else's is at most what it is at s (a fixed distance doesn't move).
   * So a member with a prediction can win somewhere iff they win at a point of their segment, and another member k
   * ever beats them iff k does on k's segment. A member's distance is largest at a vertex of the region. A member
   * whose distance is fixed wins where every prediction is far enough: tried at the vertices, and scanned only when
   * neither the vertices nor an everywhere-closer rival settle it.
   */
  private geometry(group: TieEntry[], [low, high]: [number, number], landing: Landing): { some: boolean[]; all: boolean[] } {
    const distance = (entry: TieEntry, home: number, away: number): number =>
      entry.prediction ? (entry.fixed ?? 0) + Math.abs(entry.prediction[0] - home) + Math.abs(entry.prediction[1] - away) : (entry.fixed ?? Infinity);
    const beats = (k: TieEntry, i: TieEntry, dk: number, di: number) => dk < di || (dk === di && k.last > i.last);
    const segments = group.map((entry) => (entry.prediction ? nearest(entry.prediction, low, high) : []));
    const corners = vertices(low, high);
    const farthest = group.map((entry) => Math.max(...corners.map(([home, away]) => distance(entry, home, away))));
    const nearestDistance = group.map((entry, i) => (entry.prediction ? distance(entry, ...segments[i][0]) : distance(entry, 0, 0)));
    let scanned: { some: boolean[]; all: boolean[] } | null = null;
    const some = group.map((entry, i) => {
      const winsAt = ([home, away]: [number, number]) => {
        const di = distance(entry, home, away);
        return group.every((other, k) => k === i || !beats(other, entry, distance(other, home, away), di));
      };
      if (entry.prediction) return segments[i].some(winsAt);
      if (corners.some(winsAt)) return true;
      // Someone beats them everywhere (even where that one's distance is largest): never.
      if (group.some((other, k) => k !== i && beats(other, entry, farthest[k], nearestDistance[i]))) return false;
      scanned ??= this.scan(group, this.region(landing));
      return scanned.some[i];
    });
    const all = group.map((entry, i) =>
      group.every((other, k) => {
        if (k === i) return true;
        if (other.prediction && entry.prediction) {
          return segments[k].every(([home, away]) => !beats(other, entry, distance(other, home, away), distance(entry, home, away)));
        }
        // k at its smallest distance against i at its largest.
        return !beats(other, entry, nearestDistance[k], farthest[i]);
      }),
    );
    return { some, all };
  }

  /** The tie by scanning every final score of the region (pairs), for groups with fixed distances beside predictions. */
  private scan(group: TieEntry[], cells: Int16Array): { some: boolean[]; all: boolean[] } {
    const count = group.map(() => 0);
    const distances = group.map(() => 0);
    for (let k = 0; k < cells.length; k += 2) {
      const home = cells[k];
      const away = cells[k + 1];
      let bestDistance = Infinity;
      let bestLast = -Infinity;
      for (let i = 0; i < group.length; i += 1) {
        const entry = group[i];
        const p = entry.prediction;
        const d = p ? (entry.fixed ?? 0) + Math.abs(p[0] - home) + Math.abs(p[1] - away) : (entry.fixed ?? Infinity);
        distances[i] = d;
        if (d < bestDistance || (d === bestDistance && entry.last > bestLast)) {
          bestDistance = d;
          bestLast = entry.last;
        }
      }
      for (let i = 0; i < group.length; i += 1) if (distances[i] === bestDistance && group[i].last === bestLast) count[i] += 1;
    }
    const cellsCount = cells.length / 2;
    return { some: count.map((c) => c > 0), all: count.map((c) => c === cellsCount) };
  }

  /** The region of a landing as a range of home − away margins (within ±TIEBREAKER_MAX_SCORE); null when empty. */
  private range(landing: Landing): [number, number] | null {
    const handicap = this.spread ? handicapOf(this.game!) : 0;
    const limit = TIEBREAKER_MAX_SCORE;
    const [low, high] =
      landing === 'home'
        ? [Math.floor(handicap) + 1, limit]
        : landing === 'away'
          ? [-limit, Math.ceil(handicap) - 1]
          : this.spread && Number.isInteger(handicap)
            ? [handicap, handicap]
            : [1, 0];
    return Math.max(low, -limit) <= Math.min(high, limit) ? [Math.max(low, -limit), Math.min(high, limit)] : null;
  }

  /** Those ranked first by (distance ascending, last descending). */
  private first(group: TieEntry[], distances: number[]): boolean[] {
    let bestDistance = Infinity;
    let bestLast = -Infinity;
    group.forEach((entry, i) => {
      if (distances[i] < bestDistance || (distances[i] === bestDistance && entry.last > bestLast)) {
        bestDistance = distances[i];
        bestLast = entry.last;
      }
    });
    return group.map((entry, i) => distances[i] === bestDistance && entry.last === bestLast);
  }

  /** Every final score (home, away) of 0..TIEBREAKER_MAX_SCORE consistent with the landing, as pairs. */
  private region(landing: Landing): Int16Array {
    const known = this.regions.get(landing);
    if (known) return known;
    const handicap = this.spread ? handicapOf(this.game!) : 0;
    const cells: number[] = [];
    for (let home = 0; home <= TIEBREAKER_MAX_SCORE; home += 1) {
      for (let away = 0; away <= TIEBREAKER_MAX_SCORE; away += 1) {
        const margin = home - away - handicap;
        const fits = landing === 'home' ? margin > 0 : landing === 'away' ? margin < 0 : this.spread && margin === 0;
        if (fits) cells.push(home, away);
      }
    }
    const region = Int16Array.from(cells);
    this.regions.set(landing, region);
    return region;
  }
}
