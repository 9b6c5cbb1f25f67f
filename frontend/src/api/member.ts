import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { api, apiFetch, assertCanWrite, readAnswer } from './client';
import { pushOffer } from '../pwa/push';
import { retryTransient } from './queryClient';
import type { ActiveSession, Game, LiveBoard, LiveStatus, Pick, PickGrid, Pot, Profile, Season, SeasonProgress, SeasonStanding, Team, WeekResponse, WeeklyAwards, WeeklyResult } from './types';

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
  live: (path: string) => ['live', path] as const,
  liveStatus: ['live', 'status'] as const,
  awards: (weekId: number | null) => ['awards', weekId] as const,
  pot: (seasonId: number | null) => ['pot', seasonId] as const,
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

export const useSeasonProgress = (seasonId: number | null) =>
  useQuery({
    queryKey: keys.progress(seasonId),
    queryFn: () => api<SeasonProgress>(`/season_results/${seasonId}/by_week`),
    enabled: seasonId !== null,
  });

export const usePickGrid = (weekId: number | null, enabled: boolean) =>
  useQuery({ queryKey: keys.pickGrid(weekId), queryFn: () => api<PickGrid>(`/weeks/${weekId}/pick_grid`), enabled: enabled && weekId !== null });

export const useTeams = () => useQuery({ queryKey: keys.teams, queryFn: () => api<Team[]>('/teams'), staleTime: SEASON_WEEKS_STALE_MS });

export const useMe = (userId: number | undefined) => useQuery({ queryKey: keys.me(userId), queryFn: () => api<Profile>('/me') });

export interface PickInput {
  game: Game;
  /** The chosen team's name (docs/product.md#data selected_winner). */
  team: string;
  /** Sent only when both are whole numbers (the tiebreaker game). */
  scores?: { home: number; away: number };
  /** The saved pick of the game, if any: saving it is an update, otherwise a create (docs/product.md#states). */
  existing?: Pick;
}

/**
 * Saves a pick. Optimistic: the choice shows at once and is rolled back when the server refuses it; once the last
 * of several quick saves has landed the week's picks are read again, so an older answer cannot undo a newer choice.
 * Resolves with the saved pick, rejects with the server's error.
 */
export function useSavePick(weekId: number | null, userId: number | undefined): (input: PickInput) => Promise<Pick> {
  const queryClient = useQueryClient();
  const inFlight = useRef(0);
  return useCallback(
    async ({ game, team, scores, existing }: PickInput) => {
      // Offline the choice is refused before it shows: it must never look saved.
      assertCanWrite();
      const key = keys.picks(weekId, userId);
      const replace = (pick: Pick) => queryClient.setQueryData<Pick[]>(key, (picks = []) => [...picks.filter((other) => other.game_id !== pick.game_id), pick]);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Pick[]>(key);
      replace({
        ...existing,
        game_id: game.id,
        week_id: game.week_id,
        selected_winner: team,
        tiebreaker_home_score: scores ? scores.home : (existing?.tiebreaker_home_score ?? null),
        tiebreaker_away_score: scores ? scores.away : (existing?.tiebreaker_away_score ?? null),
      });
      const body = {
        game_id: game.id,
        selected_winner: team,
        week_id: game.week_id,
        ...(scores ? { tiebreaker_home_score: scores.home, tiebreaker_away_score: scores.away } : {}),
      };
      inFlight.current += 1;
      try {
        const saved = await (existing?.id ? api<Pick>(`/picks/${existing.id}`, { method: 'PUT', body }) : api<Pick>('/picks', { method: 'POST', body }));
        replace(saved);
        pushOffer.markPickSaved();
        return saved;
      } catch (error) {
        queryClient.setQueryData(key, previous);
        // A refused pick usually means the clock moved on: read the games again so their lock shows.
        void queryClient.invalidateQueries({ queryKey: keys.games(weekId) });
        throw error;
      } finally {
        inFlight.current -= 1;
        if (inFlight.current === 0) void queryClient.invalidateQueries({ queryKey: key });
      }
    },
    [queryClient, weekId, userId],
  );
}

/** A confidence or lock change of a saved pick (docs/pool-formats.md#picks). */
export type PickExtras = { confidence: number } | { is_lock: boolean };

/**
 * The week's picks as they stand once the server has applied `change` to `pick`: a number another pick holds swaps
 * to it (it takes this pick's old number), a lock clears the member's other lock.
 */
export function withExtras(picks: Pick[], pick: Pick, change: PickExtras): Pick[] {
  return picks.map((other) => {
    const self = other.game_id === pick.game_id;
    if ('confidence' in change) {
      if (self) return { ...other, confidence: change.confidence };
      return other.confidence === change.confidence ? { ...other, confidence: pick.confidence ?? null } : other;
    }
    if (self) return { ...other, is_lock: change.is_lock };
    return change.is_lock && other.is_lock ? { ...other, is_lock: false } : other;
  });
}

/**
 * Gives a saved pick confidence points or the lock with one POST /api/picks (the server swaps and moves the rest).
 * The change shows at once; saves go one after another in the order tapped, and once the last has landed the week's
 * picks are read again (a refused change is undone by that read). Rejects with the server's error.
 */
export function useSavePickExtras(weekId: number | null, userId: number | undefined): (pick: Pick, change: PickExtras) => Promise<Pick> {
  const queryClient = useQueryClient();
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const inFlight = useRef(0);
  return useCallback(
    async (pick: Pick, change: PickExtras) => {
      assertCanWrite();
      const key = keys.picks(weekId, userId);
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<Pick[]>(key, (picks = []) => withExtras(picks, pick, change));
      inFlight.current += 1;
      const body = { game_id: pick.game_id, selected_winner: pick.selected_winner, ...change };
      const saved = queue.current.then(() => api<Pick>('/picks', { method: 'POST', body }));
      queue.current = saved.catch(() => undefined);
      try {
        return await saved;
      } finally {
        inFlight.current -= 1;
        if (inFlight.current === 0) void queryClient.invalidateQueries({ queryKey: key });
      }
    },
    [queryClient, weekId, userId],
  );
}

/** The member's signed-in sessions, this one marked `current`. */
export const useActiveSessions = (userId: number | undefined) =>
  useQuery({
    queryKey: keys.sessions(userId),
    queryFn: () => api<ActiveSession[]>('/me/sessions'),
    enabled: userId !== undefined,
  });

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

/** A live board as last read: the board, its ETag and when the server last confirmed it (a 200 or a 304). */
export interface LiveAnswer {
  board: LiveBoard;
  etag: string;
  checkedAt: number;
}

/**
 * Reads a live board with `If-None-Match: <etag>` when one is known. A 304 means "unchanged": the previous answer
 * stands, with a new `checkedAt`. The header is set here because the browser adds it itself only from its HTTP
 * cache, and the board's `Cache-Control: no-cache` answers are ones it may not keep.
 */
export async function fetchLiveBoard(path: string, previous: LiveAnswer | undefined): Promise<LiveAnswer> {
  const response = await apiFetch(path, previous ? { headers: { 'If-None-Match': previous.etag } } : {});
  if (response.status === 304 && previous) return { ...previous, checkedAt: Date.now() };
  const board = await readAnswer<LiveBoard>(response);
  // The board's version is its ETag.
  return { board, etag: response.headers.get('ETag') ?? board.version, checkedAt: Date.now() };
}

/** A live board's query: its key, and a read that sends the last answer's ETag (the live page adds its polling). */
export const liveBoardQuery = (path: string) => ({
  queryKey: keys.live(path),
  queryFn: ({ client }: { client: QueryClient }) => fetchLiveBoard(path, client.getQueryData<LiveAnswer>(keys.live(path))),
});

/** A week's live board read once (the results page's "Who can still win"); the live page polls its own. */
export const useWeekLive = (weekId: number | null) => useQuery({ ...liveBoardQuery(`/weeks/${weekId}/live`), enabled: weekId !== null });

/** A week's awards (docs/saturday.md#weekly-awards): none before the week is calculated. */
export const useWeekAwards = (weekId: number | null) =>
  useQuery({
    queryKey: keys.awards(weekId),
    queryFn: () => api<WeeklyAwards>(`/weeks/${weekId}/awards`),
    enabled: weekId !== null,
  });
