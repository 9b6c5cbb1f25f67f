/** Every outcome of a week's undecided games, scored leaf by leaf into bitsets of who wins where. */
import type { SeasonRules } from '../../seasons/season-rules';
import { ENUMERATION_BUDGET, ENUMERATION_LIMIT } from './limits';
import type { Landing } from './types';
import type { Tally, Undecided, WeekModel } from './week-model';

/** Per member, over the leaves of an enumeration: a win under some tiebreaker score, and under every one. */
export interface LeafWins {
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
export const hasBit = (bits: Uint32Array, i: number): boolean => (bits[i >>> 5] & (1 << (i & 31))) !== 0;
const popcount = (x: number): number => {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
};
/** Set bits in [start, end). */
export function countRange(bits: Uint32Array, start: number, end: number): number {
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
export function scoreLeaves(
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

/**
 * Whether an enumeration is allowed: nothing open, few enough undecided games, at most one undecided tiebreaker, and
 * few enough member-outcomes for the event loop: the engine runs while the board is built, and 3^12 outcomes × 100
 * members took 3–4 s (npm test's machine). Beyond the budget the bound answers (a big spread pool with pushes possible).
 */
export const enumerable = (model: WeekModel): boolean =>
  model.open.length === 0 &&
  model.undecided.length <= ENUMERATION_LIMIT &&
  model.tiebreakers.length <= 1 &&
  model.undecided.reduce((outcomes, game) => outcomes * game.landings.length, 1) * model.members.length <= ENUMERATION_BUDGET;
