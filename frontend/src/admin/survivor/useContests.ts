import { type Identifier, useGetList } from 'react-admin';
import { useSeasons } from '../common/seasonWeek';
import type { SurvivorContest } from './survivorTypes';

/** Every survivor contest (one per season at most), newest first, named with its season: "2026 Season: Survivor". */
export function useContestChoices() {
  const contests = useGetList<SurvivorContest>('survivor_contests', { pagination: { page: 1, perPage: 200 }, sort: { field: 'id', order: 'DESC' } });
  const seasons = useSeasons();
  const choices = (contests.data ?? []).map((contest) => {
    const season = seasons.data?.find((candidate) => candidate.id === contest.football_season_id);
    return { id: contest.id, name: season ? `${season.name}: ${contest.name}` : contest.name, contest };
  });
  const find = (id: Identifier | undefined | null | '') => contests.data?.find((contest) => String(contest.id) === String(id));
  return { choices, find, isPending: contests.isPending, current: seasons.data?.find((season) => season.is_current) };
}

/** Entry closes when the rules lock: the first week's first pick deadline. */
export const entryClosed = (contest: SurvivorContest | undefined) =>
  !!contest && (contest.rules_locked || (!!contest.entry_closes_at && Date.parse(contest.entry_closes_at) <= Date.now()));
