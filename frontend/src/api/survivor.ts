import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, assertCanWrite } from './client';
import type { SurvivorSummary } from './member';
import type { components } from './schema';

/*
 * The survivor contest's member routes (docs/pool-formats.md#routes, "Members"): the /survivor page's reads and
 * writes. The summary (`GET /api/survivor`) is read in api/member.ts, since the top bar and the dashboard ask it too.
 * Types are the server's (schema.d.ts).
 */

export type { SurvivorSummary };

type Schemas = components['schemas'];

/** One team the member may pick this week (`GET /api/weeks/{id}/survivor_pick`, `options`). */
export type SurvivorOption = Schemas['SurvivorOptionDto'];
/** A member's survivor pick of a week. */
export type SurvivorPick = Schemas['SurvivorOwnPickDto'];
export type SurvivorWeekPick = Schemas['SurvivorWeekPickDto'];
export type SurvivorBoard = Schemas['SurvivorBoardDto'];
export type SurvivorBoardEntrant = Schemas['SurvivorBoardEntrantDto'];
export type SurvivorOutcome = NonNullable<Schemas['SurvivorTeamUsedDto']['outcome']>;

export const survivorKeys = {
  weekPick: (weekId: number | null) => ['survivor', 'week-pick', weekId] as const,
  board: (contestId: number | null, weekId: number | null) => ['survivor', 'board', contestId, weekId] as const,
};

/** The teams of the week with the member's pick (the window and the used weeks are the server's). */
export const useSurvivorWeekPick = (weekId: number | null, enabled = true) =>
  useQuery({
    queryKey: survivorKeys.weekPick(weekId),
    queryFn: () => api<SurvivorWeekPick>(`/weeks/${weekId}/survivor_pick`),
    enabled: enabled && weekId !== null,
    refetchInterval: 60_000,
  });

export const useSurvivorBoard = (contestId: number | null, weekId: number | null) =>
  useQuery({
    queryKey: survivorKeys.board(contestId, weekId),
    queryFn: () => api<SurvivorBoard>(`/survivor/${contestId}/board${weekId === null ? '' : `?week_id=${weekId}`}`),
    enabled: contestId !== null,
  });

/**
 * Saves the member's pick of the week (`PUT /api/weeks/{id}/survivor_pick`). Not optimistic: the page says "saved"
 * only from the server's 200, and offline the save is refused before it is sent (assertCanWrite).
 */
export function useSaveSurvivorPick(weekId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamId: number) => {
      assertCanWrite();
      return api<SurvivorPick>(`/weeks/${weekId}/survivor_pick`, { method: 'PUT', body: { team_id: teamId } });
    },
    onSuccess: (pick) => {
      queryClient.setQueryData<SurvivorWeekPick>(survivorKeys.weekPick(weekId), (old) => (old ? { ...old, pick } : old));
      // The summary, the board and the options all sit under 'survivor'.
      void queryClient.invalidateQueries({ queryKey: ['survivor'] });
    },
    // A refusal usually means a game locked meanwhile: read the options again so the lock shows.
    onError: () => void queryClient.invalidateQueries({ queryKey: survivorKeys.weekPick(weekId) }),
  });
}

/** Opts in (`POST /api/survivor/{id}/entry`, 201) or out (`DELETE`, 204) while entry is open. */
export function useSurvivorEntry(contestId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enter: boolean) => {
      assertCanWrite();
      return api<unknown>(`/survivor/${contestId}/entry`, { method: enter ? 'POST' : 'DELETE' });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['survivor'] });
    },
  });
}
