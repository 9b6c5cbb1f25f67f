/** The admin's HTTP layer: react-admin's httpClient over the app's API client, and the form errors (failure texts: api/failure.ts). */
import { fetchUtils, HttpError } from 'react-admin';
import { apiFetch, errorsOf } from '../../api/client';
import { failureText } from '../../api/failure';
import { SELECT_SEASON } from '../../constants';

/** The admin resources whose URL differs from the API's: /admin/seasons lists /api/football_seasons. */
const API_RESOURCE: Record<string, string> = { seasons: 'football_seasons' };
export const apiResource = (resource: string) => API_RESOURCE[resource] ?? resource;

/** How docs/product.md#errors names a resource in "Failed to load …". */
const LOAD_LABEL: Record<string, string> = { seasons: 'football seasons' };
export const loadFailedText = (resource: string) => `Failed to load ${LOAD_LABEL[resource] ?? resource.replace(/_/g, ' ')}`;

/** The body of a failed call as the API sends it, plus the messages kept apart from react-admin's form errors. */
interface FailureBody {
  messages: string[];
  errors?: Record<string, unknown>;
}

export const failureStatus = (error: unknown): number | undefined => (error instanceof HttpError ? error.status : undefined);

/**
 * react-admin's httpClient over the app's one API client (apiFetch), so the bearer token and the session-expired
 * flow on a 401 are the member pages' own.
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers: Record<string, string> = {};
  new Headers(options.headers).forEach((value, name) => {
    if (name.toLowerCase() !== 'content-type') headers[name] = value;
  });
  const body = typeof options.body === 'string' && options.body !== '' ? (JSON.parse(options.body) as unknown) : undefined;
  const response = await apiFetch(url, { method: options.method ?? 'GET', body, headers });
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const messages = errorsOf(json);
    throw new HttpError(messages[0] ?? response.statusText, response.status, { messages } satisfies FailureBody);
  }
  return { status: response.status, headers: response.headers, body: text, json };
}

/** A plain JSON call for the admin actions beyond CRUD (results, notifications, reminders…). */
export async function call<T>(path: string, method = 'GET', body?: unknown): Promise<T> {
  const { json } = await httpClient(`/api${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  return json as T;
}

/** A field the message names first ("name must not be empty", "end_date must be on or after start_date"). */
const FIELD_FIRST = /^([a-z][a-z0-9_]*)\s/;
/** Messages that name their field in words rather than by name. */
const FIELD_OF_MESSAGE: Record<string, string> = { [SELECT_SEASON]: 'football_season_id' };

/**
 * react-admin's server-side validation: `body.errors` maps fields to messages (shown under the inputs) and
 * `root.serverError` carries the first message (shown in the form). Only fields the form sent are named, so an
 * error can never sit on an input that is not there.
 */
export function formErrorsOf(messages: string[], sent: object, fallback: string, status: number): Record<string, unknown> {
  const errors: Record<string, unknown> = {};
  if (status < 500) {
    for (const message of messages) {
      const field = FIELD_OF_MESSAGE[message] ?? FIELD_FIRST.exec(message)?.[1];
      if (field && field in sent && !(field in errors)) errors[field] = message;
    }
  }
  errors.root = { serverError: status < 500 && messages[0] ? messages[0] : fallback };
  return errors;
}

/** Rethrows a failed call with the spec's text as its message (and form errors for create and update). */
export function failWith(error: unknown, fallback: string, sent?: object): never {
  if (!(error instanceof HttpError)) throw error;
  const body = (error.body ?? { messages: [] }) as FailureBody;
  const messages = body.messages ?? [];
  const next: FailureBody = { messages };
  if (sent) next.errors = formErrorsOf(messages, sent, fallback, error.status);
  throw new HttpError(failureText(error, fallback), error.status, next);
}
