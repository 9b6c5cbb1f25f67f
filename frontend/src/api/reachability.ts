import { useSyncExternalStore } from 'react';
import { CACHED_ANSWER_HEADER } from '../pwa/shared';

/**
 * Answers that mean "the server cannot answer right now", not "the request is wrong": the API's 503 (database
 * unreachable or busy, with Retry-After) and a proxy's 502/504 while the server restarts. Like a network failure,
 * a later try may well succeed.
 */
const UNREACHABLE_STATUSES = new Set([502, 503, 504]);
export const isUnreachableStatus = (status: number): boolean => UNREACHABLE_STATUSES.has(status);

/**
 * The header the API puts on a 502/504 about another service it asked (a data provider, docs/imports.md): the API
 * itself answered, so the server is reachable; the error is shown like any other.
 */
export const UPSTREAM_HEADER = 'Upstream-Failure';

/** An answer that means this server cannot answer now (not a data provider's failure it reports). */
export const isUnreachableAnswer = (response: Response): boolean => isUnreachableStatus(response.status) && !response.headers.has(UPSTREAM_HEADER);

/** The API's public health check: it answers 503 while the database does not. */
export const HEALTH_PATH = '/api/health';

/** Waits between tries: never a tight loop, never longer than half a minute. */
export const RETRY_MIN_MS = 500;
export const RETRY_MAX_MS = 30_000;

/** The fetch could not reach the server at all (offline, connection refused or reset). */
export class NetworkError extends TypeError {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'Network request failed', { cause });
    this.name = 'NetworkError';
  }
}

/** Retry-After as milliseconds from now: delta-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | null {
  const value = header?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** How long to wait before try `failures + 1`: the server's Retry-After if it gave one, else doubling from 1 s. */
export function retryDelayMs(failures: number, retryAfterMs: number | null = null): number {
  const wanted = retryAfterMs ?? 1000 * 2 ** failures;
  return Math.min(RETRY_MAX_MS, Math.max(RETRY_MIN_MS, wanted));
}

type Listener = () => void;
const listeners = new Set<Listener>();
let unreachable = false;
/** The device has no network: the browser says so, or the service worker answered from its cache. */
let offline = false;
/** Unreachable answers in a row, for the probe's backoff. */
let failuresInRow = 0;
let lastRetryAfterMs: number | null = null;
let inFlight = 0;
let watchers = 0;
let probeTimer: ReturnType<typeof setTimeout> | null = null;

function set(next: boolean, nextOffline = false): void {
  const isOffline = next && (nextOffline || (typeof navigator !== 'undefined' && navigator.onLine === false));
  if (next === unreachable && isOffline === offline) return;
  unreachable = next;
  offline = isOffline;
  listeners.forEach((listener) => listener());
}

function stopProbe(): void {
  if (probeTimer !== null) clearTimeout(probeTimer);
  probeTimer = null;
}

/**
 * While someone shows the notice, the health check is asked again after the server's Retry-After (else a growing
 * backoff) whenever no other call is under way: a page whose own reads gave up, or the login page after a refused
 * sign-in, still learns that the server is back. Every unreachable answer starts the wait afresh, so the probe
 * only fills the silences between the pages' own retries.
 */
function scheduleProbe(): void {
  stopProbe();
  if (!unreachable || watchers === 0) return;
  probeTimer = setTimeout(() => {
    probeTimer = null;
    if (inFlight > 0) return;
    const done = reachability.begin();
    fetch(HEALTH_PATH, { headers: { Accept: 'application/json' } }).then(
      (response) => done(response),
      () => done(null),
    );
  }, retryDelayMs(failuresInRow - 1, lastRetryAfterMs));
}

/** Whether the API can be reached, as the latest finished call found it. */
export const reachability = {
  isUnreachable: (): boolean => unreachable,

  /** Unreachable because the device is offline (what the page shows is the service worker's last cached answers). */
  isOffline: (): boolean => offline,

  /**
   * A call is starting; the returned function records how it ended: the response, or null when the fetch itself
   * failed. Any answer but 502/503/504 (a 404 or a 401 too, or a data provider's failure the API reports) shows the
   * server is back.
   */
  begin(): (response: Response | null) => void {
    inFlight += 1;
    let ended = false;
    return (response) => {
      if (ended) return;
      ended = true;
      inFlight = Math.max(0, inFlight - 1);
      const cached = response?.headers.has(CACHED_ANSWER_HEADER) ?? false;
      if (response && !cached && !isUnreachableAnswer(response)) {
        failuresInRow = 0;
        lastRetryAfterMs = null;
        stopProbe();
        set(false);
        return;
      }
      failuresInRow += 1;
      lastRetryAfterMs = response && !cached ? parseRetryAfter(response.headers.get('Retry-After')) : null;
      set(true, cached);
      scheduleProbe();
    };
  },

  /** Keeps checking for the server's return while the caller (the notice) is shown; returns the way to stop. */
  watch(): () => void {
    watchers += 1;
    scheduleProbe();
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      watchers -= 1;
      if (watchers === 0) stopProbe();
    };
  },

  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /** Back to "reachable" with nothing pending (between tests). */
  reset(): void {
    stopProbe();
    failuresInRow = 0;
    lastRetryAfterMs = null;
    inFlight = 0;
    set(false);
  },
};

// The browser's own word that the network went: the notice shows at once, before any call fails.
if (typeof window !== 'undefined') window.addEventListener('offline', () => set(true, true));

/** True while the device is offline (a kind of unreachable), re-rendering when that changes. */
export function useOffline(): boolean {
  return useSyncExternalStore(reachability.subscribe, reachability.isOffline);
}

/** True while the API cannot be reached, re-rendering when that changes. */
export function useServerUnreachable(): boolean {
  return useSyncExternalStore(reachability.subscribe, reachability.isUnreachable);
}
