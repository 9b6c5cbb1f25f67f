import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { api, assertCanWrite } from './client';
import { keys } from './member';
import { pushOffer } from '../pwa/push';
import type { Game, Pick } from './types';

/*
 * Saving picks (the dashboard's writes), apart from api/member.ts's reads: the top bar reads from there, so what is
 * there loads with every page, and only the dashboard saves picks.
 */

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
