/**
 * The database cannot take the request right now: it is unreachable, frozen, refusing connections, or (SQLite) busy
 * with other writes for longer than a request should wait. Answered 503 with Retry-After, never 401 or 500: the
 * request was fine and may be sent again.
 */
export class DatabaseUnavailableError extends Error {
  constructor(
    message = 'The database is not available right now; please try again in a moment.',
    readonly retryAfterSeconds = 2,
  ) {
    super(message);
    this.name = 'DatabaseUnavailableError';
  }
}
