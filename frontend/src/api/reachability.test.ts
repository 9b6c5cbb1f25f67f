import { HttpError } from 'react-admin';
import { authProvider } from '../admin/authProvider';
import { httpClient } from '../admin/dataProvider';
import { session, SESSION_EXPIRED_EVENT } from '../session/session';
import { fakeToken, MEMBER, signIn } from '../test/helpers';
import { api, ApiError } from './client';
import { retryDelay, retryTransient } from './queryClient';
import { NetworkError, parseRetryAfter, reachability, RETRY_MAX_MS, RETRY_MIN_MS, retryDelayMs, UPSTREAM_HEADER } from './reachability';

const DB_DOWN = 'The database is not available right now; please try again in a moment.';

/** Every call answers the same: a status with the API's error body (and Retry-After), or a failed fetch. */
function serverAnswers(answer: { status: number; retryAfter?: string; upstream?: string } | 'network failure') {
  const fetchStub = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    if (answer === 'network failure') throw new TypeError('Failed to fetch');
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (answer.retryAfter !== undefined) headers['Retry-After'] = answer.retryAfter;
    if (answer.upstream !== undefined) headers[UPSTREAM_HEADER] = answer.upstream;
    const body = answer.status === 200 ? { id: 7 } : { errors: [answer.status === 401 ? 'Your session has ended' : DB_DOWN] };
    return new Response(JSON.stringify(body), { status: answer.status, headers });
  });
  vi.stubGlobal('fetch', fetchStub);
  return fetchStub;
}

describe('reaching the server', () => {
  const expired = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    window.addEventListener(SESSION_EXPIRED_EVENT, expired);
  });
  afterEach(() => {
    window.removeEventListener(SESSION_EXPIRED_EVENT, expired);
    expired.mockReset();
    vi.unstubAllGlobals();
    reachability.reset();
    session.clear();
  });

  it.each([502, 503, 504])('marks the server unreachable on a %i and keeps the session', async (status) => {
    signIn(MEMBER);
    const token = session.token();
    serverAnswers({ status, retryAfter: '2' });
    const failure = await api('/me').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status, retryAfterMs: 2000 });
    expect(reachability.isUnreachable()).toBe(true);
    expect(session.token()).toBe(token);
    expect(localStorage.getItem('token')).toBe(token);
    expect(expired).not.toHaveBeenCalled();
  });

  it.each([502, 504])('keeps the server reachable on a %i the API sends about a data provider, and never retries it', async (status) => {
    signIn(MEMBER);
    serverAnswers({ status, upstream: 'data-provider' });
    const failure = await api('/imports').catch((error: unknown) => error);
    expect(failure).toMatchObject({ status, upstream: true });
    expect(reachability.isUnreachable()).toBe(false);
    expect(retryTransient(1)(1, failure)).toBe(false);
  });

  it('marks the server unreachable when the fetch itself fails, and keeps the session', async () => {
    signIn(MEMBER);
    serverAnswers('network failure');
    await expect(api('/me')).rejects.toBeInstanceOf(NetworkError);
    expect(reachability.isUnreachable()).toBe(true);
    expect(session.token()).not.toBeNull();
    expect(expired).not.toHaveBeenCalled();
  });

  it('is reachable again as soon as a call gets an answer, even a refusal', async () => {
    serverAnswers({ status: 503 });
    await expect(api('/me')).rejects.toThrow(DB_DOWN);
    expect(reachability.isUnreachable()).toBe(true);
    serverAnswers({ status: 200 });
    await api('/me');
    expect(reachability.isUnreachable()).toBe(false);

    serverAnswers('network failure');
    await expect(api('/me')).rejects.toThrow();
    serverAnswers({ status: 404 });
    await expect(api('/me')).rejects.toMatchObject({ status: 404 });
    expect(reachability.isUnreachable()).toBe(false);
  });

  it('still ends the session on a 401 (docs/product.md#states), which also shows the server is there', async () => {
    signIn(MEMBER);
    serverAnswers({ status: 503 });
    await expect(api('/me')).rejects.toThrow();
    serverAnswers({ status: 401 });
    await expect(api('/me')).rejects.toMatchObject({ status: 401 });
    expect(expired).toHaveBeenCalledTimes(1);
    expect(session.token()).toBeNull();
    expect(reachability.isUnreachable()).toBe(false);
  });

  it('does not end the session on a 503 of the login call either', async () => {
    serverAnswers({ status: 503 });
    await expect(api('/users/login', { method: 'POST', body: {}, isLogin: true })).rejects.toThrow(DB_DOWN);
    expect(expired).not.toHaveBeenCalled();
    expect(reachability.isUnreachable()).toBe(true);
  });

  it('asks the health check again while the notice is watched and nothing else is trying', async () => {
    const fetchStub = serverAnswers({ status: 503, retryAfter: '0' });
    await expect(api('/games')).rejects.toThrow();
    const stop = reachability.watch();
    await vi.waitFor(() => expect(fetchStub.mock.calls.some(([url]) => url === '/api/health')).toBe(true), { timeout: 3000 });
    expect(reachability.isUnreachable()).toBe(true);
    serverAnswers({ status: 200 });
    await vi.waitFor(() => expect(reachability.isUnreachable()).toBe(false), { timeout: 3000 });
    stop();
  });
});

describe('the admin console on an unreachable server', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    reachability.reset();
    session.clear();
  });

  it('keeps the admin signed in: checkError never rejects a 503, a 502 or a failed fetch', async () => {
    session.start(fakeToken(), { ...MEMBER, role: 'admin', admin: true });
    serverAnswers({ status: 503, retryAfter: '2' });
    const failure = await httpClient('/api/teams').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect(failure).toMatchObject({ status: 503 });
    await expect(authProvider.checkError(failure)).resolves.toBeUndefined();
    await expect(authProvider.checkError(new HttpError('Bad gateway', 502))).resolves.toBeUndefined();
    await expect(authProvider.checkError(new NetworkError(new TypeError('Failed to fetch')))).resolves.toBeUndefined();
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(session.token()).not.toBeNull();
    expect(reachability.isUnreachable()).toBe(true);
  });
});

describe('retrying reads', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2025-09-06T12:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('Sat, 06 Sep 2025 12:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
  });

  it('waits what the server asks, else doubles from 1 s, within 0.5–30 s', () => {
    expect([0, 1, 2, 3, 10].map((failures) => retryDelayMs(failures))).toEqual([1000, 2000, 4000, 8000, RETRY_MAX_MS]);
    expect(retryDelayMs(5, 2000)).toBe(2000);
    expect(retryDelayMs(0, 0)).toBe(RETRY_MIN_MS);
    expect(retryDelayMs(0, 120_000)).toBe(RETRY_MAX_MS);
    expect(retryDelay(0, new ApiError(503, [DB_DOWN], null, 2000))).toBe(2000);
    expect(retryDelay(2, new NetworkError(new TypeError('Failed to fetch')))).toBe(4000);
  });

  it('keeps retrying a read the server could not take, past the query’s limit', () => {
    const retry = retryTransient(3);
    expect(retry(50, new ApiError(503, [DB_DOWN], null))).toBe(true);
    expect(retry(50, new ApiError(502, [], null))).toBe(true);
    expect(retry(50, new NetworkError(new TypeError('Failed to fetch')))).toBe(true);
    expect(retry(3, new ApiError(500, [], null))).toBe(false);
    expect(retry(0, new ApiError(422, ['Pick deadline has passed - no changes allowed'], null))).toBe(false);
  });
});
