/** Who can still win the week. */
import type { ContentionDto } from '../dto/contention.dto';
import { enumerable, scoreLeaves } from './enumeration';
import { boundStatus, enumeratedAnswer, sortContenders } from './standings';
import { TieResolver } from './tie-resolver';
import type { Landing, WeekContentionInput } from './types';
import { lossesOf, weekModel, type Tally, type WeekModel } from './week-model';

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
