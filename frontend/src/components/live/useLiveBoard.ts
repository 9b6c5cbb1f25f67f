import { useQuery } from '@tanstack/react-query';
import { liveBoardQuery } from '../../api/live';

/** docs/saturday.md#the-live-board: the page asks every 15 seconds while it is in view. */
export const LIVE_POLL_MS = 15_000;
/** The fastest a `?poll=` override may ask (the server keeps each board 5 s anyway). */
const MIN_POLL_MS = 500;

/**
 * The poll interval: 15 s, or the `poll` query parameter in milliseconds (`/live?poll=1000`), which the browser
 * test uses to finish in seconds. Values under 500 ms or not numbers are ignored.
 */
export function pollInterval(search: string): number {
  const value = Number(new URLSearchParams(search).get('poll'));
  return Number.isFinite(value) && value >= MIN_POLL_MS ? value : LIVE_POLL_MS;
}

/**
 * A live board kept current by polling with `If-None-Match` (a 304 keeps the answer as it was). React Query does
 * the timing: the interval stops while the tab is hidden (`refetchIntervalInBackground: false`) and a read goes
 * out at once when it is shown again (`refetchOnWindowFocus: 'always'`: its focus signal is `visibilitychange`).
 * Its structural sharing keeps every unchanged part of a new answer the same object, so memoised parts of the page
 * redraw only when their own data changed.
 */
export function useLiveBoard(path: string, pollMs: number) {
  return useQuery({
    ...liveBoardQuery(path),
    refetchInterval: pollMs,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
  });
}
