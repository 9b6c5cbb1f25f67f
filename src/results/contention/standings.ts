/** The answer's contenders: statuses from the leaves or the bound, sorted, with paths for those who can win. */
import type { ContenderDto, ContentionDto, ContentionPathDto, ContentionStatus } from '../dto/contention.dto';
import { countRange, type LeafWins } from './enumeration';
import { REDUCTION_BUDGET } from './limits';
import { pathsOf } from './paths';
import type { ContentionMember } from './types';
import type { WeekModel } from './week-model';

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
export function sortContenders(standings: Standing[]): ContenderDto[] {
  return standings
    .sort(
      (a, b) =>
        STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || b.max - a.max || b.current - a.current || a.member.name.localeCompare(b.member.name),
    )
    .map(({ member, current, max, status, paths, more_paths }) => ({ user: { id: member.id, name: member.name }, current, max, status, paths, more_paths }));
}

/** Statuses from the leaves: clinched when first in every outcome and score, eliminated in none. */
export function statusOf(wins: LeafWins, member: number): ContentionStatus {
  const all = countRange(wins.all[member], 0, wins.leaves);
  if (all === wins.leaves) return 'clinched';
  return countRange(wins.some[member], 0, wins.leaves) > 0 ? 'can_win' : 'eliminated';
}

/** Statuses by the bound: clinched above everyone's reach, eliminated below someone's certain points. */
export function boundStatus(i: number, eligible: boolean[], certain: boolean[], beats: (a: number, b: number) => boolean): ContentionStatus {
  if (!eligible[i]) return 'eliminated';
  if (certain[i] && eligible.every((ok, j) => j === i || !ok || beats(i, j))) return 'clinched';
  if (eligible.some((ok, j) => j !== i && ok && certain[j] && beats(j, i))) return 'eliminated';
  return 'can_win';
}

/** The answer of a final or enumerated race from its leaves: statuses, and paths for those who can win. */
export function enumeratedAnswer(
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
