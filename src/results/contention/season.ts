/** Who can still win the season: the stored weeks, the live week and the weeks to come. */
import { halfPushes } from '../../seasons/season-rules';
import type { ContentionDto } from '../dto/contention.dto';
import { enumerable, scoreLeaves } from './enumeration';
import {
  addRow,
  addTiebreaker,
  droppedPlayed,
  Fraction,
  fullWeek2,
  liveRow,
  NO_WEEKS,
  percentage,
  percentageBounds,
  seasonTotals,
  storedRows,
  WeekRow,
  worstFirst,
} from './season-totals';
import { boundStatus, enumeratedAnswer, sortContenders } from './standings';
import { TieEntry, TieResolver } from './tie-resolver';
import type { Landing, SeasonContentionInput } from './types';
import { lossesOf, tiebreakerLanding, weekModel, type Tally, type WeekModel } from './week-model';

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
