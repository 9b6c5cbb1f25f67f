import { session } from '../session/session';
import { followEnrolmentRequired } from '../session/enrolmentRedirect';
import { NetworkError, parseRetryAfter, reachability, UPSTREAM_HEADER } from './reachability';
import { asksReauthentication, confirmIdentity } from './reauthentication';

export const API_BASE = '/api';

/** A failed call: the HTTP status and the server's `{"errors": [...]}` (docs/product.md#errors reads the first). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: string[],
    readonly body: unknown,
    /** The server's Retry-After (a 503 while its database is unreachable or busy), in milliseconds. */
    readonly retryAfterMs: number | null = null,
    /** A 502/504 the API sent about a data provider it asked: the server itself is reachable. */
    readonly upstream = false,
  ) {
    super(errors[0] ?? `Request failed (${status})`);
  }
}

/** What a write tried while the device is offline says (docs/member-pages.md#offline). */
export const OFFLINE_WRITE_MESSAGE = "You're offline — picks can't be saved now.";

/**
 * Refuses a write while the device is offline (the browser says so, or the service worker answered from its cache):
 * the page shows cached answers, and a change must fail visibly instead of seeming saved.
 */
export function assertCanWrite(): void {
  if (reachability.isOffline() || (typeof navigator !== 'undefined' && navigator.onLine === false)) throw new ApiError(0, [OFFLINE_WRITE_MESSAGE], null);
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  /** The login call: its 401 means wrong credentials, not an expired session. */
  isLogin?: boolean;
  headers?: Record<string, string>;
  /** A 403 asking to confirm who the member is stays the answer: the retry after a confirmation, and the confirmation itself. */
  noReauthentication?: boolean;
}

/**
 * The one API client of the web app, for member pages and the admin console alike: JSON in and out, the bearer
 * token when there is one, and the session-expired flow on any 401 except the login call's. A failed fetch
 * (rejected as NetworkError) or a 502/503/504 marks the server unreachable until a call gets an answer again; it
 * never touches the session. A sensitive change answered 403 with `reauthentication_required` asks the member to
 * confirm who they are (reauthentication.ts) and, once they did, is sent again, once.
 */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<Response> {
  if ((options.method ?? 'GET') !== 'GET' && !options.isLogin) assertCanWrite();
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = session.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const done = reachability.begin();
  let response: Response;
  try {
    response = await fetch(path.startsWith('http') || path.startsWith(API_BASE) ? path : `${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body,
    });
  } catch (error) {
    done(null);
    throw new NetworkError(error);
  }
  done(response);
  if (response.status === 401 && !options.isLogin && token) session.expire();
  if (response.status === 403 && token) {
    // A refusal that says what to do first: set up a second factor, or confirm who you are (then the call is sent again).
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as Record<string, unknown> | null;
    followEnrolmentRequired(body);
    if (!options.noReauthentication && asksReauthentication(body) && (await confirmIdentity())) return apiFetch(path, { ...options, noReauthentication: true });
  }
  return response;
}

/** The messages of a failed call's body: the spec's `errors` list, else an `error` or `message` text. */
export function errorsOf(body: unknown): string[] {
  const record = (body ?? {}) as { errors?: unknown; error?: unknown; message?: unknown };
  if (Array.isArray(record.errors)) return record.errors.map(String);
  if (typeof record.error === 'string') return [record.error];
  if (typeof record.message === 'string') return [record.message];
  return [];
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return readAnswer<T>(await apiFetch(path, options));
}

/** A response's JSON body; a failed call throws ApiError (its errors, Retry-After, whether upstream failed). */
export async function readAnswer<T>(response: Response): Promise<T> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    // The connection dropped while the body arrived.
    throw new NetworkError(error);
  }
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = text;
  }
  if (!response.ok) {
    throw new ApiError(response.status, errorsOf(data), data, parseRetryAfter(response.headers.get('Retry-After')), response.headers.has(UPSTREAM_HEADER));
  }
  return data as T;
}
