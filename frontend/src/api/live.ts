import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiFetch, readAnswer } from './client';
import { keys } from './member';
import type { LiveBoard } from './types';

/*
 * Reading live boards (the live page and the results page's "Who can still win"), apart from api/member.ts: the top
 * bar reads from there, so what is there loads with every page.
 */

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
