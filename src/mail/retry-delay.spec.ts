import { isPermanentFailure, MAIL_RETRY_MAX_DELAY_MS, mayRetry, retryDelayMs, UnsendableMailError } from './retry-delay';

describe('retryDelayMs', () => {
  it.each([
    [1, 30_000],
    [2, 60_000],
    [3, 120_000],
    [4, 240_000],
  ])('waits the first delay doubled per earlier failure: after attempt %i, %i ms', (attempts, expected) => {
    expect(retryDelayMs(attempts, 30_000)).toBe(expected);
  });

  it('never waits longer than the cap, even after very many attempts', () => {
    expect(retryDelayMs(10, 30_000)).toBe(MAIL_RETRY_MAX_DELAY_MS);
    expect(retryDelayMs(1000, 30_000)).toBe(MAIL_RETRY_MAX_DELAY_MS);
    expect(retryDelayMs(5, 100, 1_000)).toBe(1_000);
  });

  it('treats "no attempt yet" like the first', () => {
    expect(retryDelayMs(0, 50)).toBe(50);
  });
});

describe('mayRetry', () => {
  it('allows attempts up to the maximum, then gives up', () => {
    expect(mayRetry(1, 3)).toBe(true);
    expect(mayRetry(2, 3)).toBe(true);
    expect(mayRetry(3, 3)).toBe(false);
    expect(mayRetry(1, 1)).toBe(false);
  });
});

describe('isPermanentFailure', () => {
  it.each([
    [{ responseCode: 550 }, true],
    [{ responseCode: 554 }, true],
    [{ responseCode: 451 }, false],
    [{ responseCode: 421 }, false],
    [Object.assign(new Error('Greeting never received'), { code: 'ETIMEDOUT' }), false],
    [new Error('Connection closed'), false],
    [new UnsendableMailError('Nothing to send'), true],
  ])('%j: %s', (error, permanent) => {
    expect(isPermanentFailure(error)).toBe(permanent);
  });
});
