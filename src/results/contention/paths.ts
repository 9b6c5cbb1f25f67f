/** The paths to a win: the shortest sets of results after which a member wins, and how they read. */
import { andList } from '../../common/and-list';
import type { ContentionPathDto, PathConditionDto } from '../dto/contention.dto';
import { countRange, hasBit, type LeafWins } from './enumeration';
import { MAX_PATHS, PATH_CANDIDATES } from './limits';
import type { WeekModel } from './week-model';

/**
 * Up to 5 shortest sets of results after which the member wins whatever else happens (a tie on points left to the
 * tiebreaker score counts, and says so). The decision tree over the undecided games in kickoff order gives the
 * maximal outcome prefixes that always win; each drops the conditions it doesn't need, then the distinct sets are
 * sorted, shortest first.
 */
export function pathsOf(model: WeekModel, wins: LeafWins, member: number, budget: { leaves: number }): { paths: ContentionPathDto[]; more: number } {
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
