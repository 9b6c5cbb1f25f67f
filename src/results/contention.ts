/**
 * Who can still win the week and the season (docs/saturday.md#who-can-still-win): a pure function of public facts.
 * The live board, the results page, the weekly e-mail and the picks sheet read its answer; the property test
 * (contention.property.spec.ts) holds it to a brute-force enumeration.
 */
import { handicapOf } from '../games/cover';
import type { GameStatus } from '../games/entities/game.entity';
import { halfPushes, type SeasonRules } from '../seasons/season-rules';
import { andList } from '../common/and-list';
import type { ContenderDto, ContentionDto, ContentionPathDto, ContentionStatus, PathConditionDto } from './dto/contention.dto';

export type Landing = 'home' | 'away' | 'push';

export interface ContentionMember {
  id: number;
  name: string;
}

export interface ContentionGame {
  id: number;
  home_team_id: number;
  away_team_id: number;
  /** The names paths use ("Georgia"). */
  home_name: string;
  away_name: string;
  status: GameStatus;
  /** How the game landed for the pool (its winner; against the spread its cover, or a push); null while undecided. */
  landing: Landing | null;
  /** While undecided: whether it may still land on the line (a spread season and a whole-number line). */
  can_push: boolean;
  is_tiebreaker: boolean;
  /** The final score once decided (the tiebreaker distance needs it). */
  home_score: number | null;
  away_score: number | null;
  /** From the pick deadline on: picks are public and can no longer change. */
  locked: boolean;
  game_date: Date;
  /**
   * Against the spread: the frozen line and its favourite, so an undecided tiebreaker game's final scores can be
   * matched to its cover (coverOf in src/games/cover.ts). Left out: no line.
   */
  betting_line?: number | null;
  betting_line_team?: 'home' | 'away' | null;
}

/** A public pick: one of a locked game. */
export interface ContentionPick {
  user_id: number;
  game_id: number;
  side: 'home' | 'away';
  confidence: number | null;
  is_lock: boolean;
  tiebreaker_home_score: number | null;
  tiebreaker_away_score: number | null;
}

export interface WeekContentionInput {
  rules: SeasonRules;
  /** Everyone who plays the week (members, and admins where the commissioner plays). */
  members: ContentionMember[];
  /** Every game of the week. */
  games: ContentionGame[];
  /** Public picks only: picks of locked games. */
  picks: ContentionPick[];
}

/** A member's stored record of a scored week (weekly_results). */
export interface StoredWeekRecord {
  user_id: number;
  wins: number;
  losses: number;
  total_games: number;
  pushes: number;
  points: number;
  tiebreaker_score: number | null;
}

export interface SeasonContentionInput {
  rules: SeasonRules;
  members: ContentionMember[];
  /** The season's scored weeks other than the live week, earliest first, with their stored records. */
  scored_weeks: { week_id: number; records: StoredWeekRecord[] }[];
  /** The week being played and not yet scored, or null. */
  live: { week_id: number; games: ContentionGame[]; picks: ContentionPick[] } | null;
  /** The season's later weeks: how many games each has (null when it has none yet). */
  future_weeks: { week_id: number; games: number | null }[];
}

/** The most undecided games an exact enumeration scores (3^12 outcomes at most). */
export const ENUMERATION_LIMIT = 12;
/** The most member-outcomes (outcomes × members) an enumeration scores: 2^12 outcomes for 500 members. */
export const ENUMERATION_BUDGET = 4096 * 500;
/** An undecided tiebreaker game's final score ranges over 0..this, each side (the rules' bound on a prediction). */
export const TIEBREAKER_MAX_SCORE = 199;
const MAX_PATHS = 5;
/** Paths reduced per member; beyond, each remaining decision-tree path is counted as it is. */
const PATH_CANDIDATES = 400;
/** Leaves the path reduction may visit in one answer before it keeps the remaining paths unreduced. */
const REDUCTION_BUDGET = 20_000_000;

const kickoffOrder = (a: ContentionGame, b: ContentionGame): number => a.game_date.getTime() - b.game_date.getTime() || a.id - b.id;

/** A locked, undecided game: the landings it may still take and the public picks on it (weights doubled). */
interface Undecided {
  game: ContentionGame;
  landings: Landing[];
  picks: { member: number; side: 'home' | 'away'; weight2: number }[];
}

/** Points are kept doubled so half-win pushes stay whole numbers. */
interface Tally {
  points2: number[];
  wins: number[];
  pushes: number[];
  /** Counted games of the week (the same for everyone). */
  total: number;
}

/** A week prepared for scoring: its decided part, its undecided games in kickoff order and each member's reach. */
interface WeekModel {
  rules: SeasonRules;
  members: ContentionMember[];
  /** The member has a public pick, so a record of the week. */
  hasPick: boolean[];
  /** The member has or may still get a record (a public pick, or a game still open to picks). */
  canPlay: boolean[];
  decided: Tally;
  undecided: Undecided[];
  open: ContentionGame[];
  /** The most points reachable, doubled. */
  max2: number[];
  /** Undecided tiebreaker games (locked); an enumeration handles one. */
  tiebreakers: ContentionGame[];
  /** The tiebreaker distance from decided tiebreaker games (null: none), and the prediction on the undecided one. */
  tbFixed: (number | null)[];
  tbPrediction: ([number, number] | null)[];
}

/** What a correct pick earns, doubled: its confidence points (0 without) or 1, the lock twice. */
const weight2 = (rules: SeasonRules, pick: ContentionPick): number =>
  2 * (rules.confidence_points ? (pick.confidence ?? 0) : 1) * (rules.lock_of_week && pick.is_lock ? 2 : 1);

/** Scores one game landing into a tally (sign −1 takes it back): wins, pushes, half points and counted games. */
function applyLanding(rules: SeasonRules, tally: Tally, picks: Undecided['picks'], landing: Landing, sign: 1 | -1): void {
  const push = landing === 'push' && rules.pick_mode === 'spread';
  if (!(push && rules.push_rule === 'void')) tally.total += sign;
  if (!push) {
    const { points2, wins } = tally;
    for (let i = 0; i < picks.length; i += 1) {
      const pick = picks[i];
      if (pick.side === landing) {
        wins[pick.member] += sign;
        points2[pick.member] += sign * pick.weight2;
      }
    }
    return;
  }
  for (const pick of picks) {
    tally.pushes[pick.member] += sign;
    if (rules.push_rule === 'half') tally.points2[pick.member] += (sign * pick.weight2) / 2;
  }
}

function weekModel(rules: SeasonRules, members: ContentionMember[], allGames: ContentionGame[], picks: ContentionPick[]): WeekModel {
  const index = new Map(members.map((member, i) => [member.id, i]));
  const games = allGames.filter((game) => game.status !== 'cancelled').sort(kickoffOrder);
  const picksOf = new Map<number, ContentionPick[]>();
  /** Each member's public picks, by their index (a thousand members' picks are read once, not once per member). */
  const byMember: ContentionPick[][] = members.map(() => []);
  const hasPick = members.map(() => false);
  for (const pick of picks) {
    const member = index.get(pick.user_id);
    if (member === undefined) continue;
    hasPick[member] = true;
    byMember[member].push(pick);
    const ofGame = picksOf.get(pick.game_id);
    if (ofGame) ofGame.push(pick);
    else picksOf.set(pick.game_id, [pick]);
  }
  const zeros = () => members.map(() => 0);
  const decided: Tally = { points2: zeros(), wins: zeros(), pushes: zeros(), total: 0 };
  const tbFixed: (number | null)[] = members.map(() => null);
  const tbPrediction: ([number, number] | null)[] = members.map(() => null);
  const undecided: Undecided[] = [];
  const open: ContentionGame[] = [];
  const tiebreakers: ContentionGame[] = [];
  const max2 = zeros();
  for (const game of games) {
    const own = (picksOf.get(game.id) ?? []).map((pick) => ({ member: index.get(pick.user_id)!, side: pick.side, weight2: weight2(rules, pick), pick }));
    if (game.landing !== null) {
      applyLanding(rules, decided, own, game.landing, 1);
      if (game.is_tiebreaker && game.home_score !== null && game.away_score !== null) {
        for (const { member, pick } of own) {
          if (pick.tiebreaker_home_score === null || pick.tiebreaker_away_score === null) continue;
          const distance = Math.abs(pick.tiebreaker_home_score - game.home_score) + Math.abs(pick.tiebreaker_away_score - game.away_score);
          tbFixed[member] = (tbFixed[member] ?? 0) + distance;
        }
      }
    } else if (!game.locked) {
      open.push(game);
    } else {
      const landings: Landing[] = game.can_push ? ['home', 'away', 'push'] : ['home', 'away'];
      undecided.push({ game, landings, picks: own });
      for (const { member, weight2 } of own) max2[member] += weight2;
      if (game.is_tiebreaker) {
        tiebreakers.push(game);
        for (const { member, pick } of own) {
          if (pick.tiebreaker_home_score !== null && pick.tiebreaker_away_score !== null) {
            tbPrediction[member] = [pick.tiebreaker_home_score, pick.tiebreaker_away_score];
          }
        }
      }
    }
  }
  const canPlay = hasPick.map((has) => has || open.length > 0);
  members.forEach((_, i) => {
    max2[i] += decided.points2[i] + openReach2(rules, allGames.length, open.length, byMember[i]);
  });
  return { rules, members, hasPick, canPlay, decided, undecided, open, max2, tiebreakers, tbFixed, tbPrediction };
}

/**
 * The most a member can still earn on the week's open games, doubled: each at the highest weight left to give it
 * (in a confidence season the largest numbers of 1..N their locked picks don't hold), the largest doubled by the lock
 * unless the lock already sits on a locked game.
 */
function openReach2(rules: SeasonRules, weekGames: number, open: number, own: ContentionPick[]): number {
  if (open === 0) return 0;
  let weights: number[];
  if (rules.confidence_points) {
    const used = new Set(own.map((pick) => pick.confidence));
    weights = [];
    for (let n = weekGames; n >= 1 && weights.length < open; n -= 1) if (!used.has(n)) weights.push(n);
  } else {
    weights = Array.from({ length: open }, () => 1);
  }
  let sum = weights.reduce((total, w) => total + w, 0);
  if (rules.lock_of_week && !own.some((pick) => pick.is_lock) && weights.length) sum += Math.max(...weights);
  return 2 * sum;
}

/** A member's standing in a tie on the first keys: the tiebreaker distance (fixed part, prediction) and the last key. */
interface TieEntry {
  /** The distance known already; null: no prediction so far. */
  fixed: number | null;
  /** The prediction on the undecided tiebreaker game, when it counts. */
  prediction: [number, number] | null;
  /** Higher is better (fewer losses). */
  last: number;
}

/**
 * Who of a group tied on the first keys finishes first: by tiebreaker distance (none last), then `last`. With the
 * tiebreaker game undecided its final score ranges over every score consistent with its landing, so a member may
 * win under some scores (`some`) or all (`all`). Answers are memoized by the group's values and the landing: a race
 * meets the same tie in many outcomes.
 */
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

class TieResolver {
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

/** Per member, over the leaves of an enumeration: a win under some tiebreaker score, and under every one. */
interface LeafWins {
  leaves: number;
  some: Uint32Array[];
  all: Uint32Array[];
}

/**
 * Every outcome of the undecided games, depth first in kickoff order with the tally kept incrementally; `leaf` gets
 * each outcome's index (mixed radix, the first game most significant), the landing of each game and the members
 * still in the race. With `prune` (a week race), a member whose points plus everything they can still win fall short
 * of someone's points leaves the race below that node (points never go down), so deep levels touch few members.
 */
function enumerate(
  rules: SeasonRules,
  undecided: Undecided[],
  tally: Tally,
  playing: number[],
  prune: boolean,
  leaf: (index: number, landings: Landing[], active: Int32Array, count: number) => void,
): number {
  const size = tally.points2.length;
  const games = undecided.map(({ picks }) => {
    const side = new Int8Array(size);
    const weight = new Int32Array(size);
    for (const pick of picks) {
      side[pick.member] = pick.side === 'home' ? 1 : 2;
      weight[pick.member] = pick.weight2;
    }
    return { side, weight };
  });
  // What each member can still win from game k on.
  const remaining = Array.from({ length: undecided.length + 1 }, () => new Int32Array(size));
  for (let k = undecided.length - 1; k >= 0; k -= 1) for (let m = 0; m < size; m += 1) remaining[k][m] = remaining[k + 1][m] + games[k].weight[m];
  const actives = Array.from({ length: undecided.length + 1 }, () => new Int32Array(size));
  const half = rules.pick_mode === 'spread' && rules.push_rule === 'half';
  const points = tally.points2;
  const landings: Landing[] = [];
  let index = 0;
  const apply = (k: number, landing: Landing, active: Int32Array, count: number, sign: 1 | -1): void => {
    const push = landing === 'push' && rules.pick_mode === 'spread';
    if (!(push && rules.push_rule === 'void')) tally.total += sign;
    const { side, weight } = games[k];
    if (push) {
      for (let i = 0; i < count; i += 1) {
        const m = active[i];
        if (side[m] === 0) continue;
        tally.pushes[m] += sign;
        if (half) points[m] += (sign * weight[m]) / 2;
      }
      return;
    }
    const code = landing === 'home' ? 1 : landing === 'away' ? 2 : 3;
    for (let i = 0; i < count; i += 1) {
      const m = active[i];
      if (side[m] !== code) continue;
      tally.wins[m] += sign;
      points[m] += sign * weight[m];
    }
  };
  const visit = (k: number, from: Int32Array, fromCount: number): void => {
    let active = from;
    let count = fromCount;
    if (prune) {
      let best = -Infinity;
      for (let i = 0; i < fromCount; i += 1) if (points[from[i]] > best) best = points[from[i]];
      active = actives[k];
      count = 0;
      const reach = remaining[k];
      for (let i = 0; i < fromCount; i += 1) {
        const m = from[i];
        if (points[m] + reach[m] >= best) active[count++] = m;
      }
    }
    if (k === undecided.length) {
      leaf(index, landings, active, count);
      index += 1;
      return;
    }
    for (const landing of undecided[k].landings) {
      apply(k, landing, active, count, 1);
      landings[k] = landing;
      visit(k + 1, active, count);
      apply(k, landing, active, count, -1);
    }
  };
  visit(0, Int32Array.from(playing), playing.length);
  return index;
}

const setBit = (bits: Uint32Array, i: number): void => {
  bits[i >>> 5] |= 1 << (i & 31);
};
const hasBit = (bits: Uint32Array, i: number): boolean => (bits[i >>> 5] & (1 << (i & 31))) !== 0;
const popcount = (x: number): number => {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
};
/** Set bits in [start, end). */
function countRange(bits: Uint32Array, start: number, end: number): number {
  let count = 0;
  let i = start;
  while (i < end && i & 31) count += hasBit(bits, i++) ? 1 : 0;
  while (i + 32 <= end) {
    count += popcount(bits[i >>> 5]);
    i += 32;
  }
  while (i < end) count += hasBit(bits, i++) ? 1 : 0;
  return count;
}

/**
 * A race scored outcome by outcome: `winners` names, for the current tally and landings, each member who may finish
 * first (some / all tiebreaker scores). Returns each member's wins per leaf.
 */
function scoreLeaves(
  model: WeekModel,
  prune: boolean,
  winners: (tally: Tally, landings: Landing[], active: Int32Array, count: number, mark: (member: number, all: boolean) => void) => void,
): LeafWins {
  const leaves = model.undecided.reduce((product, game) => product * game.landings.length, 1);
  const words = Math.ceil(leaves / 32);
  const some = model.members.map(() => new Uint32Array(words));
  const all = model.members.map(() => new Uint32Array(words));
  const tally: Tally = {
    points2: [...model.decided.points2],
    wins: [...model.decided.wins],
    pushes: [...model.decided.pushes],
    total: model.decided.total,
  };
  const playing = model.members.flatMap((_, m) => (model.hasPick[m] ? [m] : []));
  enumerate(model.rules, model.undecided, tally, playing, prune, (index, landings, active, count) =>
    winners(tally, landings, active, count, (member, everyScore) => {
      setBit(some[member], index);
      if (everyScore) setBit(all[member], index);
    }),
  );
  return { leaves, some, all };
}

/** The landing of the undecided tiebreaker game in an outcome, or null. */
const tiebreakerLanding = (model: WeekModel, landings: Landing[]): Landing | null => {
  const k = model.undecided.findIndex((game) => game.game.is_tiebreaker);
  return k < 0 ? null : landings[k];
};

/** The losses of a record, for the last key: counted games less wins (and half-win pushes). */
const lossesOf = (rules: SeasonRules, tally: Tally, member: number): number =>
  tally.total - tally.wins[member] - (rules.pick_mode === 'spread' && rules.push_rule === 'half' ? tally.pushes[member] : 0);

/** Marks the week's winners of one outcome: most points, then (weekly_ties tiebreaker) distance, then fewer losses. */
function weekWinners(model: WeekModel, resolver: TieResolver) {
  const shared = model.rules.weekly_ties === 'shared';
  const tiebreakerAt = model.undecided.findIndex((game) => game.game.is_tiebreaker);
  const entryKeys = model.members.map((_, m) => `${model.tbFixed[m]},${model.tbPrediction[m]?.join(',')},`);
  const top: number[] = [];
  return (tally: Tally, landings: Landing[], playing: Int32Array, count: number, mark: (member: number, all: boolean) => void): void => {
    const points = tally.points2;
    let best = -Infinity;
    for (let i = 0; i < count; i += 1) if (points[playing[i]] > best) best = points[playing[i]];
    top.length = 0;
    for (let i = 0; i < count; i += 1) if (points[playing[i]] === best) top.push(playing[i]);
    if (top.length === 1 || shared) {
      for (const m of top) mark(m, true);
      return;
    }
    const landing = tiebreakerAt < 0 ? null : landings[tiebreakerAt];
    const lasts = top.map((m) => -lossesOf(model.rules, tally, m));
    const key = `${landing}|${top.map((m, i) => entryKeys[m] + lasts[i]).join(';')}`;
    const { some, all } = resolver.resolve(
      top.map((m, i) => ({ fixed: model.tbFixed[m], prediction: model.tbPrediction[m], last: lasts[i] })),
      landing,
      key,
    );
    top.forEach((m, i) => some[i] && mark(m, all[i]));
  };
}

/**
 * Whether an enumeration is allowed: nothing open, few enough undecided games, at most one undecided tiebreaker, and
 * few enough member-outcomes for the event loop: the engine runs while the board is built, and 3^12 outcomes × 100
 * members took 3–4 s (npm test's machine). Beyond the budget the bound answers (a big spread pool with pushes possible).
 */
const enumerable = (model: WeekModel): boolean =>
  model.open.length === 0 &&
  model.undecided.length <= ENUMERATION_LIMIT &&
  model.tiebreakers.length <= 1 &&
  model.undecided.reduce((outcomes, game) => outcomes * game.landings.length, 1) * model.members.length <= ENUMERATION_BUDGET;

/** A contender before sorting. */
interface Standing {
  member: ContentionMember;
  current: number;
  max: number;
  status: ContentionStatus;
  paths: ContentionPathDto[] | null;
  more_paths: number;
}

const STATUS_ORDER: Record<ContentionStatus, number> = { clinched: 0, can_win: 1, eliminated: 2 };

/** Clinched, then can win, then eliminated; within, max, current (both descending), then name. */
function sortContenders(standings: Standing[]): ContenderDto[] {
  return standings
    .sort(
      (a, b) =>
        STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || b.max - a.max || b.current - a.current || a.member.name.localeCompare(b.member.name),
    )
    .map(({ member, current, max, status, paths, more_paths }) => ({ user: { id: member.id, name: member.name }, current, max, status, paths, more_paths }));
}

/** Statuses from the leaves: clinched when first in every outcome and score, eliminated in none. */
function statusOf(wins: LeafWins, member: number): ContentionStatus {
  const all = countRange(wins.all[member], 0, wins.leaves);
  if (all === wins.leaves) return 'clinched';
  return countRange(wins.some[member], 0, wins.leaves) > 0 ? 'can_win' : 'eliminated';
}

/**
 * Up to 5 shortest sets of results after which the member wins whatever else happens (a tie on points left to the
 * tiebreaker score counts, and says so). The decision tree over the undecided games in kickoff order gives the
 * maximal outcome prefixes that always win; each drops the conditions it doesn't need, then the distinct sets are
 * sorted, shortest first.
 */
function pathsOf(model: WeekModel, wins: LeafWins, member: number, budget: { leaves: number }): { paths: ContentionPathDto[]; more: number } {
  const games = model.undecided;
  const radix = games.map((game) => game.landings.length);
  const stride = radix.map((_, k) => radix.slice(k + 1).reduce((product, r) => product * r, 1));
  const some = wins.some[member];
  const prefixes: number[][] = [];
  let overflow = 0;
  const walk = (k: number, start: number, size: number, prefix: number[]): void => {
    const count = countRange(some, start, start + size);
    if (count === 0) return;
    if (count === size) {
      if (prefixes.length < PATH_CANDIDATES) prefixes.push([...prefix]);
      else overflow += 1;
      return;
    }
    for (let o = 0; o < radix[k]; o += 1) walk(k + 1, start + o * stride[k], stride[k], [...prefix, o]);
  };
  walk(0, 0, wins.leaves, []);
  // A cube: each game's landing index, or -1 for any. Visits its leaves until `stop` says so.
  const visitCube = (cube: number[], stop: (leaf: number) => boolean): boolean => {
    const go = (k: number, index: number): boolean => {
      if (k === games.length) {
        budget.leaves -= 1;
        return stop(index);
      }
      if (cube[k] >= 0) return go(k + 1, index + cube[k] * stride[k]);
      for (let o = 0; o < radix[k]; o += 1) if (go(k + 1, index + o * stride[k])) return true;
      return false;
    };
    return go(0, 0);
  };
  const alwaysWins = new Map<string, boolean>();
  const wins_ = (cube: number[]): boolean => {
    const key = cube.join(',');
    let known = alwaysWins.get(key);
    if (known === undefined) {
      known = !visitCube(cube, (leaf) => !hasBit(some, leaf));
      alwaysWins.set(key, known);
    }
    return known;
  };
  const distinct = new Map<string, number[]>();
  for (const prefix of prefixes) {
    const cube = radix.map((_, k) => (k < prefix.length ? prefix[k] : -1));
    for (let k = 0; k < prefix.length && budget.leaves > 0; k += 1) {
      const without = [...cube];
      without[k] = -1;
      if (wins_(without)) cube[k] = -1;
    }
    distinct.set(cube.join(','), cube);
  }
  const conditions = (cube: number[]) => cube.filter((o) => o >= 0).length;
  const sorted = [...distinct.values()].sort((a, b) => {
    if (conditions(a) !== conditions(b)) return conditions(a) - conditions(b);
    for (let k = 0; k < a.length; k += 1) if (a[k] !== b[k]) return (a[k] < 0 ? 99 : a[k]) - (b[k] < 0 ? 99 : b[k]);
    return 0;
  });
  const paths = sorted.slice(0, MAX_PATHS).map((cube) => {
    const needsTiebreaker = visitCube(cube, (leaf) => !hasBit(wins.all[member], leaf));
    return pathDto(model, cube, needsTiebreaker);
  });
  return { paths, more: sorted.length - paths.length + overflow };
}

/** A path's conditions and its text ("Georgia and Texas win", "Georgia covers", "… and the tiebreaker goes their way"). */
function pathDto(model: WeekModel, cube: number[], needsTiebreaker: boolean): ContentionPathDto {
  const conditions: PathConditionDto[] = [];
  const teams: string[] = [];
  const pushes: string[] = [];
  cube.forEach((o, k) => {
    if (o < 0) return;
    const { game, landings } = model.undecided[k];
    const outcome = landings[o];
    const team_name = outcome === 'home' ? game.home_name : outcome === 'away' ? game.away_name : null;
    conditions.push({ game_id: game.id, outcome, team_name });
    if (team_name === null) pushes.push(`${game.away_name} @ ${game.home_name}`);
    else teams.push(team_name);
  });
  const clauses: string[] = [];
  if (teams.length) {
    const verb = model.rules.pick_mode === 'spread' ? (teams.length === 1 ? 'covers' : 'cover') : teams.length === 1 ? 'wins' : 'win';
    clauses.push(`${andList(teams)} ${verb}`);
  }
  if (pushes.length) clauses.push(`${andList(pushes)} ${pushes.length === 1 ? 'lands' : 'land'} on the line`);
  let text = clauses.length ? clauses.join(' and ') : 'Any result';
  if (needsTiebreaker) text += ' and the tiebreaker goes their way';
  return { text, conditions, needs_tiebreaker: needsTiebreaker };
}

/** Statuses by the bound: clinched above everyone's reach, eliminated below someone's certain points. */
function boundStatus(i: number, eligible: boolean[], certain: boolean[], beats: (a: number, b: number) => boolean): ContentionStatus {
  if (!eligible[i]) return 'eliminated';
  if (certain[i] && eligible.every((ok, j) => j === i || !ok || beats(i, j))) return 'clinched';
  if (eligible.some((ok, j) => j !== i && ok && certain[j] && beats(j, i))) return 'eliminated';
  return 'can_win';
}

/**
 * Who can still win the week (docs/saturday.md#who-can-still-win): final once nothing is undecided; enumerated
 * when nothing is open to picks and at most ENUMERATION_LIMIT games are undecided; else the points bound.
 */
export function weekContention(input: WeekContentionInput): ContentionDto {
  const { rules, members } = input;
  const model = weekModel(rules, members, input.games, input.picks);
  const undecided_games = model.undecided.length + model.open.length;
  const current = (m: number) => model.decided.points2[m] / 2;
  const max = (m: number) => model.max2[m] / 2;
  if (enumerable(model)) {
    const resolver = new TieResolver(model.tiebreakers[0] ?? null, rules.pick_mode === 'spread');
    const wins = scoreLeaves(model, true, weekWinners(model, resolver));
    return enumeratedAnswer('week', model, wins, members.map((member, m) => ({ member, current: current(m), max: max(m) })));
  }
  const beats = (a: number, b: number) => model.decided.points2[a] > model.max2[b];
  return {
    scope: 'week',
    method: 'bound',
    undecided_games,
    open_games: model.open.length,
    outcomes: null,
    winners: null,
    contenders: sortContenders(
      members.map((member, m) => ({
        member,
        current: current(m),
        max: max(m),
        status: boundStatus(m, model.canPlay, model.hasPick, beats),
        paths: null,
        more_paths: 0,
      })),
    ),
  };
}

/** The answer of a final or enumerated race from its leaves: statuses, and paths for those who can win. */
function enumeratedAnswer(
  scope: 'week' | 'season',
  model: WeekModel,
  wins: LeafWins,
  figures: { member: ContentionMember; current: number; max: number }[],
): ContentionDto {
  const final = model.undecided.length === 0;
  const budget = { leaves: REDUCTION_BUDGET };
  const standings = figures.map(({ member, current, max }, m) => {
    const status = statusOf(wins, m);
    const found = !final && status === 'can_win' ? pathsOf(model, wins, m, budget) : null;
    return { member, current, max, status, paths: found?.paths ?? null, more_paths: found?.more ?? 0 };
  });
  const contenders = sortContenders(standings);
  return {
    scope,
    method: final ? 'final' : 'enumerated',
    undecided_games: model.undecided.length,
    open_games: 0,
    outcomes: final ? null : wins.leaves,
    contenders,
    // Over: the clinched are the winners (first in the one outcome left).
    winners: final ? contenders.filter((contender) => contender.status === 'clinched').map((contender) => contender.user) : null,
  };
}

/** One week of a member's season, points doubled; `order` is the week's place in the season (drops go earlier first). */
interface WeekRow {
  order: number;
  points2: number;
  wins: number;
  losses: number;
  games: number;
  pushes: number;
  tiebreaker: number | null;
}

/** The sums of a member's kept weeks. */
interface Totals {
  points2: number;
  wins: number;
  losses: number;
  games: number;
  pushes: number;
  /** Null when no kept week has a tiebreaker distance (the standings' avg_tiebreaker_score is null). */
  tiebreaker: number | null;
}

const NO_WEEKS: Totals = { points2: 0, wins: 0, losses: 0, games: 0, pushes: 0, tiebreaker: null };

const addTiebreaker = (a: number | null, b: number | null): number | null => (a === null ? b : b === null ? a : a + b);

function addRow(totals: Totals, row: Omit<WeekRow, 'order'>): Totals {
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
function droppedPlayed(rules: SeasonRules, played: number, scored: number): number {
  if (rules.missed_weeks === 'excluded') return Math.max(0, Math.min(rules.drop_worst_weeks, played - 1));
  const dropped = Math.max(0, Math.min(rules.drop_worst_weeks, scored - 1));
  return Math.max(0, dropped - (scored - played));
}

/** The worst weeks first: fewest points, earlier first among equals. */
const worstFirst = (rows: WeekRow[]): WeekRow[] => [...rows].sort((a, b) => a.points2 - b.points2 || a.order - b.order);

/** A member's season totals as seasonRecords sums them: the kept weeks of `rows` among `scored` scored weeks. */
function seasonTotals(rules: SeasonRules, rows: WeekRow[], scored: number): Totals {
  return worstFirst(rows).slice(droppedPlayed(rules, rows.length, scored)).reduce(addRow, NO_WEEKS);
}

/** The standings' win percentage (one decimal), as the scoring rules round it. */
function percentage(rules: SeasonRules, wins: number, pushes: number, games: number): number {
  return games === 0 ? 0 : Math.round(((wins * 2 + (halfPushes(rules) ? pushes : 0)) * 500) / games) / 10;
}

/** A week record of the live week from a tally. */
const liveRow = (model: WeekModel, tally: Tally, m: number, order: number): WeekRow => ({
  order,
  points2: tally.points2[m],
  wins: tally.wins[m],
  losses: lossesOf(model.rules, tally, m),
  games: tally.total,
  pushes: tally.pushes[m],
  tiebreaker: null,
});

/**
 * Marks the season's winners of one outcome of the live week (the season's last): each member's standings as
 * seasonRecords computes them with the live week's record, ranked by win percentage (missed weeks excluded), total
 * points, then the tiebreaker totals and fewer losses. The kept weeks depend on the live week's points only, so
 * each member's two possible sums of stored weeks (live week kept or dropped) are computed once.
 */
function seasonWinners(model: WeekModel, stored: WeekRow[][], scored: number, resolver: TieResolver) {
  const { rules } = model;
  const excluded = rules.missed_weeks === 'excluded';
  const prepared = stored.map((rows, m) => {
    if (!model.hasPick[m]) return { fixed: rows.length ? seasonTotals(rules, rows, scored) : null, sorted: [], drop: 0, keep: NO_WEEKS, dropLive: NO_WEEKS };
    const sorted = worstFirst(rows);
    const drop = droppedPlayed(rules, rows.length + 1, scored);
    const sum = (from: number) => sorted.slice(Math.max(0, from)).reduce(addRow, NO_WEEKS);
    return { fixed: null, sorted, drop, keep: sum(drop), dropLive: sum(drop - 1) };
  });
  const size = model.members.length;
  const pct = new Float64Array(size);
  const points = new Float64Array(size);
  const losses = new Float64Array(size);
  const kept = new Uint8Array(size);
  const inSeason = prepared.map((p, m) => p.fixed !== null || model.hasPick[m]);
  const top: number[] = [];
  return (tally: Tally, landings: Landing[], _active: Int32Array, _count: number, mark: (member: number, all: boolean) => void): void => {
    let bestPct = -Infinity;
    let bestPoints = -Infinity;
    for (let m = 0; m < size; m += 1) {
      if (!inSeason[m]) continue;
      const p = prepared[m];
      let wins: number;
      let games: number;
      let pushes: number;
      if (p.fixed) {
        ({ wins, games, pushes } = p.fixed);
        points[m] = p.fixed.points2;
        losses[m] = p.fixed.losses;
      } else {
        const live = tally.points2[m];
        let atOrBelow = 0;
        for (const week of p.sorted) if (week.points2 <= live) atOrBelow += 1;
        const keep = atOrBelow >= p.drop;
        kept[m] = keep ? 1 : 0;
        const base = keep ? p.keep : p.dropLive;
        wins = base.wins + (keep ? tally.wins[m] : 0);
        games = base.games + (keep ? tally.total : 0);
        pushes = base.pushes + (keep ? tally.pushes[m] : 0);
        points[m] = base.points2 + (keep ? live : 0);
        losses[m] = base.losses + (keep ? lossesOf(rules, tally, m) : 0);
      }
      pct[m] = excluded ? percentage(rules, wins, pushes, games) : 0;
      if (pct[m] > bestPct || (pct[m] === bestPct && points[m] > bestPoints)) {
        bestPct = pct[m];
        bestPoints = points[m];
      }
    }
    top.length = 0;
    for (let m = 0; m < size; m += 1) if (inSeason[m] && pct[m] === bestPct && points[m] === bestPoints) top.push(m);
    if (top.length === 1) return mark(top[0], true);
    const entries = top.map((m): TieEntry => {
      const p = prepared[m];
      if (p.fixed) return { fixed: p.fixed.tiebreaker, prediction: null, last: -losses[m] };
      return kept[m]
        ? { fixed: addTiebreaker(p.keep.tiebreaker, model.tbFixed[m]), prediction: model.tbPrediction[m], last: -losses[m] }
        : { fixed: p.dropLive.tiebreaker, prediction: null, last: -losses[m] };
    });
    const { some, all } = resolver.resolve(entries, tiebreakerLanding(model, landings));
    top.forEach((m, i) => some[i] && mark(m, all[i]));
  };
}

/** The stored weekly records as week rows, per member. */
function storedRows(input: SeasonContentionInput): WeekRow[][] {
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
function fullWeek2(rules: SeasonRules, games: number | null): number {
  const n = games ?? rules.games_per_week ?? 10;
  const points = rules.confidence_points ? (n * (n + 1)) / 2 + (rules.lock_of_week ? n : 0) : n + (rules.lock_of_week && n > 0 ? 1 : 0);
  return 2 * points;
}

/** A fraction (win points doubled over games) for the percentage bounds. */
interface Fraction {
  num2: number;
  den: number;
}

/**
 * Bounds on a member's season win percentage (missed weeks excluded), sound over every outcome and every way the
 * member may still play or skip weeks. Without drops the kept weeks are all played weeks: the extreme sums take the
 * optional weeks in order of their ratio. With drops the kept weeks are some of them, and a sum of fractions lies
 * between the smallest and largest fraction (so between their percentages, rounding being monotone).
 */
function percentageBounds(rules: SeasonRules, stored: WeekRow[], required: { lo: Fraction; hi: Fraction }[], optional: { lo: Fraction; hi: Fraction }[]): [number, number] {
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

/**
 * Who can still win the season (docs/saturday.md#who-can-still-win): the stored weeks, the live week and the weeks
 * to come. Enumerated when the live week is the season's last and enumerable; final when nothing is left; else the
 * bound (points, and under missed_weeks excluded win percentage first).
 */
export function seasonContention(input: SeasonContentionInput): ContentionDto {
  const { rules } = input;
  const live = input.live ?? { week_id: 0, games: [], picks: [] };
  const model = weekModel(rules, input.members, live.games, live.picks);
  const stored = storedRows(input);
  const liveScored = model.hasPick.some(Boolean);
  const scoredNow = input.scored_weeks.length + (liveScored ? 1 : 0);
  const liveOrder = input.scored_weeks.length;
  const decidedRow = (m: number): WeekRow => ({ ...liveRow(model, model.decided, m, liveOrder) });
  const currentTotals = stored.map((rows, m) => {
    const own = model.hasPick[m] ? [...rows, decidedRow(m)] : rows;
    return own.length ? seasonTotals(rules, own, scoredNow) : NO_WEEKS;
  });
  const current2 = currentTotals.map((totals) => totals.points2);
  const liveCounts = input.live !== null;
  const scoredAtMost = input.scored_weeks.length + (liveCounts ? 1 : 0) + input.future_weeks.length;
  const max2 = stored.map((rows, m) => {
    const own = [...rows];
    if (liveCounts && model.canPlay[m]) own.push({ ...decidedRow(m), points2: model.max2[m] });
    input.future_weeks.forEach((week, i) => own.push({ ...NO_WEEKS, order: liveOrder + 1 + i, points2: fullWeek2(rules, week.games) }));
    return own.length ? seasonTotals(rules, own, scoredAtMost).points2 : 0;
  });
  const figures = input.members.map((member, m) => ({ member, current: current2[m] / 2, max: max2[m] / 2 }));
  const undecided_games = model.undecided.length + model.open.length;

  if (input.future_weeks.length === 0 && enumerable(model)) {
    const resolver = new TieResolver(model.tiebreakers[0] ?? null, rules.pick_mode === 'spread');
    const wins = scoreLeaves(model, false, seasonWinners(model, stored, scoredNow, resolver));
    return { ...enumeratedAnswer('season', model, wins, figures), undecided_games };
  }

  const eligible = stored.map((rows, m) => rows.length > 0 || (liveCounts && model.canPlay[m]) || input.future_weeks.length > 0);
  const certain = stored.map((rows, m) => rows.length > 0 || model.hasPick[m]);
  const maxOf = (m: number) => max2[m];
  let beats = (a: number, b: number) => current2[a] > maxOf(b);
  if (rules.missed_weeks === 'excluded') {
    const bounds = stored.map((rows, m) => {
      const required: { lo: Fraction; hi: Fraction }[] = [];
      const optional: { lo: Fraction; hi: Fraction }[] = [];
      if (liveCounts && model.canPlay[m]) {
        const num2 = 2 * model.decided.wins[m] + (halfPushes(rules) ? model.decided.pushes[m] : 0);
        const all = model.undecided.length + model.open.length;
        const winnable = model.undecided.filter((game) => game.picks.some((pick) => pick.member === m)).length + model.open.length;
        const voidable =
          rules.pick_mode === 'spread' && rules.push_rule === 'void'
            ? model.undecided.filter((game) => game.game.can_push && !game.picks.some((pick) => pick.member === m)).length
            : 0;
        const part = {
          lo: { num2, den: model.decided.total + all },
          hi: { num2: num2 + 2 * winnable, den: model.decided.total + all - voidable },
        };
        (model.hasPick[m] ? required : optional).push(part);
      }
      for (const week of input.future_weeks) {
        const n = week.games ?? rules.games_per_week ?? 10;
        optional.push({ lo: { num2: 0, den: n }, hi: { num2: 2 * n, den: n } });
      }
      return percentageBounds(rules, rows, required, optional);
    });
    beats = (a, b) => bounds[a][0] > bounds[b][1] || (bounds[a][0] >= bounds[b][1] && current2[a] > maxOf(b));
  }
  return {
    scope: 'season',
    method: 'bound',
    undecided_games,
    open_games: model.open.length,
    outcomes: null,
    winners: null,
    contenders: sortContenders(
      figures.map((figure, m) => ({ ...figure, status: boundStatus(m, eligible, certain, beats), paths: null, more_paths: 0 })),
    ),
  };
}
