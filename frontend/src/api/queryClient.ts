import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';

/** A client error (4xx) will not change on a retry; a network failure or a 5xx may. */
export const retryTransient = (limit: number) => (failures: number, error: unknown) =>
  failures < limit && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

/** The member pages' query cache: fresh for 30 s, one retry of a transient failure. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: retryTransient(1) },
      mutations: { retry: false },
    },
  });
}
