import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { retryTransient } from './queryClient';
import type { components } from './schema';
import type { Game, LiveStatus, Pick, PickGrid, Pot, Season, SeasonStanding, WeekResponse, WeeklyResult } from './types';

/** docs/product.md#constants: the season weeks query is fresh for 5 minutes and retried 3 times. */
export const SEASON_WEEKS_STALE_MS = 5 * 60 * 1000;
export const SEASON_WEEKS_RETRY = 3;
/** Games carry their pick window; a minute-old window is refreshed so locks show without a reload. */
const GAMES_REFRESH_MS = 60 * 1000;

export const keys = {
  seasons: ['seasons'] as const,
  season: (id: number | null) => ['season', id] as const,
  week: (id: number | null) => ['week', id] as const,
  currentSeason: ['season', 'current'] as const,
  games: (weekId: number | null) => ['games', weekId] as const,
  picks: (weekId: number | null, userId: number | undefined) => ['picks', weekId, userId] as const,
  standings: (seasonId: number | null) => ['standings', seasonId] as const,
  weeklyResults: (seasonId: number | null, weekId: number | null) => ['weekly-results', seasonId, weekId] as const,
  progress: (seasonId: number | null) => ['season-progress', seasonId] as const,
  pickGrid: (weekId: number | null) => ['pick-grid', weekId] as const,
  teams: ['teams'] as const,
  me: (userId: number | undefined) => ['me', userId] as const,
  sessions: (userId: number | undefined) => ['me', userId, 'sessions'] as const,
  passkeys: (userId: number | undefined) => ['me', userId, 'passkeys'] as const,
  live: (path: string) => ['live', path] as const,
  liveStatus: ['live', 'status'] as const,
  awards: (weekId: number | null) => ['awards', weekId] as const,
  pot: (seasonId: number | null) => ['pot', seasonId] as const,
  survivor: (seasonId: number | null) => ['survivor', 'summary', seasonId] as const,
};

/** The current season with its rules (the top bar's admin links ask; no current season is a 404). */
export const useCurrentSeason = (enabled: boolean) =>
  useQuery({ queryKey: keys.currentSeason, queryFn: () => api<Season>('/football_seasons/current'), enabled, staleTime: SEASON_WEEKS_STALE_MS });

export const useSeasons = () =>
  useQuery({ queryKey: keys.seasons, queryFn: () => api<Season[]>('/football_seasons'), staleTime: SEASON_WEEKS_STALE_MS });

/** One season with its weeks and their status. */
export const useSeason = (id: number | null) =>
  useQuery({
    queryKey: keys.season(id),
    queryFn: () => api<Season>(`/football_seasons/${id}`),
    enabled: id !== null,
    staleTime: SEASON_WEEKS_STALE_MS,
    retry: retryTransient(SEASON_WEEKS_RETRY),
  });

/** One week with its season (a link's `?week=`: docs/member-pages.md#links-to-a-week); an unknown id is a 404. */
export const useWeek = (id: number | null) =>
  useQuery({
    queryKey: keys.week(id),
    queryFn: () => api<WeekResponse>(`/weeks/${id}`),
    enabled: id !== null,
    staleTime: SEASON_WEEKS_STALE_MS,
    retry: retryTransient(SEASON_WEEKS_RETRY),
  });

export const useGames = (weekId: number | null) =>
  useQuery({
    queryKey: keys.games(weekId),
    queryFn: () => api<Game[]>(`/games?week_id=${weekId}`),
    enabled: weekId !== null,
    refetchInterval: GAMES_REFRESH_MS,
  });

/** The member's own picks of a week (admins make none, so they never ask). */
export const useMyPicks = (weekId: number | null, userId: number | undefined, enabled = true) =>
  useQuery({
    queryKey: keys.picks(weekId, userId),
    queryFn: () => api<Pick[]>(`/picks?week_id=${weekId}&user_id=${userId}`),
    enabled: enabled && weekId !== null && userId !== undefined,
  });

/** The season's pot, payouts and winnings, and whether the member paid (docs/pool-formats.md#entry-fees-and-payouts). */
export const usePot = (seasonId: number | null) =>
  useQuery({ queryKey: keys.pot(seasonId), queryFn: () => api<Pot>(`/seasons/${seasonId}/pot`), enabled: seasonId !== null });

export const useStandings = (seasonId: number | null) =>
  useQuery({
    queryKey: keys.standings(seasonId),
    queryFn: () => api<SeasonStanding[]>(`/standings?football_season_id=${seasonId}`),
    enabled: seasonId !== null,
  });

export const useWeeklyResults = (seasonId: number | null, weekId: number | null) =>
  useQuery({
    queryKey: keys.weeklyResults(seasonId, weekId),
    queryFn: () => api<WeeklyResult[]>(`/weekly_results?football_season_id=${seasonId}&week_id=${weekId}`),
    enabled: seasonId !== null && weekId !== null,
  });

export const usePickGrid = (weekId: number | null, enabled: boolean) =>
  useQuery({ queryKey: keys.pickGrid(weekId), queryFn: () => api<PickGrid>(`/weeks/${weekId}/pick_grid`), enabled: enabled && weekId !== null });


/** The top bar asks whether today is a game day this rarely: the answer changes twice a day at most. */
export const LIVE_STATUS_REFRESH_MS = 5 * 60 * 1000;

/** Whether today is a game day (docs/saturday.md#the-live-board): the top bar's Live link. Members and admins only. */
export const useLiveStatus = (enabled: boolean) =>
  useQuery({
    queryKey: keys.liveStatus,
    queryFn: () => api<LiveStatus>('/live/status'),
    enabled,
    staleTime: LIVE_STATUS_REFRESH_MS,
    refetchInterval: LIVE_STATUS_REFRESH_MS,
    // A failed check leaves the link out; the next interval asks again.
    retry: false,
  });

/** A season's survivor contest as a member sees it (`GET /api/survivor`, docs/pool-formats.md#routes). */
export type SurvivorSummary = components['schemas']['SurvivorViewDto'];

/**
 * A season's survivor contest and the member's place in it (null: the current season). The top bar asks it for its
 * link, the dashboard for its card; a failure leaves both out.
 */
export const useSurvivorSummary = (seasonId: number | null, enabled = true) =>
  useQuery({
    queryKey: keys.survivor(seasonId),
    queryFn: () => api<SurvivorSummary>(seasonId === null ? '/survivor' : `/survivor?season_id=${seasonId}`),
    enabled,
    staleTime: 60 * 1000,
    retry: false,
  });
