import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';
import { isUnreachableStatus, NetworkError, retryDelayMs } from './reachability';

/** The server could not be reached, or answered that it cannot serve now (502/503/504 not about a data provider). */
export const isUnreachable = (error: unknown): boolean =>
  error instanceof NetworkError || (error instanceof ApiError && !error.upstream && isUnreachableStatus(error.status));

/**
 * A client error (4xx) will not change on a retry; a network failure or a 5xx may. A read that could not reach the
 * server is tried again until it can (the "Retrying…" notice is up meanwhile), whatever the limit: the limit is for
 * answers that say something went wrong.
 */
export const retryTransient = (limit: number) => (failures: number, error: unknown) =>
  isUnreachable(error) || (failures < limit && !(error instanceof ApiError && error.status >= 400 && error.status < 500));

/** Waits the server's Retry-After when it sent one, else doubles from 1 s up to 30 s. */
export const retryDelay = (failures: number, error: unknown): number =>
  retryDelayMs(failures, error instanceof ApiError ? error.retryAfterMs : null);

/**
 * The member pages' query cache: fresh for 30 s, reads retried (see retryTransient). Writes are never retried
 * behind the member's back: a retried pick could land after a newer one.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: retryTransient(1), retryDelay },
      mutations: { retry: false },
    },
  });
}
