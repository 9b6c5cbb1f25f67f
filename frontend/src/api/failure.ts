/**
 * The one way a screen turns a failed call into the text it shows (docs/product.md#errors), for member pages and the
 * admin console alike.
 */
import { ApiError } from './client';

export interface FailureTextOptions {
  /** Every message, joined (', ' between them, or ' ' with `upstream`), instead of the first one only. */
  all?: boolean;
  /**
   * The console's 5xx is read too, except a bare 500: a data provider that is down answers 502/504 with a message
   * that names it and says what to do. Its messages are whole sentences, so `all` joins them with a space.
   */
  upstream?: boolean;
}

/**
 * The messages a failure carries that a person may read, or null when it carries none worth showing.
 *
 * - The member client's `ApiError` (api/client.ts): its `errors`, whatever the status (the offline refusal has 0, a
 *   503 says the server is busy).
 * - The console's react-admin `HttpError` (admin/dataProvider/httpClient.ts, body `{messages}`): its messages when
 *   the status is under 500 (a 5xx says nothing a person can act on), or, with `upstream`, any status but 500.
 *   It is recognised by its shape (an Error with a numeric `status` and a body with a `messages` list), so member
 *   pages never pull react-admin into their bundle.
 * - Anything else (a network failure, a bug): none.
 */
function messagesOf(error: unknown, upstream: boolean): string[] | null {
  if (error instanceof ApiError) return error.errors;
  if (!(error instanceof Error)) return null;
  const { status, body } = error as Error & { status?: unknown; body?: unknown };
  if (typeof status !== 'number') return null;
  const messages = (body as { messages?: unknown } | null | undefined)?.messages;
  if (!Array.isArray(messages)) return null;
  const readable = upstream ? status !== 500 : status < 500;
  return readable ? (messages as string[]) : null;
}

/**
 * The text to show for a failure: the server's first message (or, with `all`, every message joined), else the
 * screen's own fallback ("Create failed", "Failed to load teams"…). See `messagesOf` for which failures are read.
 *
 * - `failureText(e, fallback)`: the first message (a member page's ApiError; the console's HttpError under 500).
 * - `failureText(e, fallback, { all: true })`: every message joined with ', ' (the profile forms).
 * - `failureText(e, fallback, { all: true, upstream: true })`: every message of the console's HttpError joined with
 *   ' ', shown for a 502/504 too (the import screens, whose provider failures name the provider).
 */
export function failureText(error: unknown, fallback: string, options: FailureTextOptions = {}): string {
  const messages = messagesOf(error, options.upstream ?? false);
  if (!messages) return fallback;
  if (options.all) return messages.length > 0 ? messages.join(options.upstream ? ' ' : ', ') : fallback;
  return messages[0] ? messages[0] : fallback;
}
