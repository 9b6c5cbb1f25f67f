import { ApiError } from './client';
import { SEASON_WEEKS_RETRY, SEASON_WEEKS_STALE_MS } from './member';
import { retryTransient } from './queryClient';

describe('the query cache', () => {
  it('keeps season weeks fresh for 5 minutes and retries them 3 times (docs/product.md#constants)', () => {
    expect(SEASON_WEEKS_STALE_MS).toBe(5 * 60 * 1000);
    const retry = retryTransient(SEASON_WEEKS_RETRY);
    const serverError = new ApiError(500, [], null);
    expect([0, 1, 2, 3].map((failures) => retry(failures, serverError))).toEqual([true, true, true, false]);
    expect(retry(0, new TypeError('Failed to fetch'))).toBe(true);
  });

  it('does not retry what a retry cannot change (4xx)', () => {
    const retry = retryTransient(SEASON_WEEKS_RETRY);
    expect(retry(0, new ApiError(404, ['Football season not found'], null))).toBe(false);
    expect(retry(0, new ApiError(401, [], null))).toBe(false);
  });
});
