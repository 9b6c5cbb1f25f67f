import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { keys } from './member';
import type { SeasonProgress, WeeklyAwards } from './types';

/* The results page's own reads, apart from api/member.ts: the top bar reads from there, so what is there loads with every page. */

export const useSeasonProgress = (seasonId: number | null) =>
  useQuery({
    queryKey: keys.progress(seasonId),
    queryFn: () => api<SeasonProgress>(`/season_results/${seasonId}/by_week`),
    enabled: seasonId !== null,
  });

/** The query of a week's awards, for `useWeekAwards` and a page that fetches them ahead (`prefetchQuery`). */
export const weekAwardsQuery = (weekId: number | null) => ({
  queryKey: keys.awards(weekId),
  queryFn: () => api<WeeklyAwards>(`/weeks/${weekId}/awards`),
});

/** A week's awards (docs/saturday.md#weekly-awards): none before the week is calculated. */
export const useWeekAwards = (weekId: number | null) => useQuery({ ...weekAwardsQuery(weekId), enabled: weekId !== null });
