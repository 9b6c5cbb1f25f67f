import { HttpError } from 'react-admin';
import { NetworkError } from './reachability';
import { ApiError, OFFLINE_WRITE_MESSAGE } from './client';
import { failureText } from './failure';

const FALLBACK = 'Something failed';

/** The member client's failures, as api/client.ts throws them. */
const apiErrors = [
  new ApiError(422, ['Name is required', 'Email is invalid'], null),
  new ApiError(409, ['Already taken'], null),
  new ApiError(400, [], null),
  new ApiError(400, [''], null),
  new ApiError(500, ['Internal server error'], null),
  new ApiError(503, ['The database is not available right now'], null, 1000),
  new ApiError(0, [OFFLINE_WRITE_MESSAGE], null),
];

/** The console's failures, as admin/dataProvider/httpClient.ts throws them (body `{messages}`). */
const httpError = (status: number, messages: string[] | undefined) =>
  new HttpError(messages?.[0] ?? 'Failed', status, messages === undefined ? undefined : { messages });
const httpErrors = [
  httpError(422, ['name must not be empty', 'end_date must be on or after start_date']),
  httpError(404, ['Week not found']),
  httpError(400, []),
  httpError(400, ['']),
  httpError(400, undefined),
  httpError(499, ['Almost a 5xx']),
  httpError(500, ['Internal server error']),
  httpError(502, ['CFBD did not answer.', 'Upload a CSV file instead.']),
  httpError(504, ['CFBD was too slow.']),
  httpError(503, []),
];

const others: unknown[] = [new NetworkError(new TypeError('Failed to fetch')), new Error('bug'), 'text', null, undefined, { status: 400, body: { messages: ['x'] } }];

// Today's four helpers, verbatim, as the reference the one helper must reproduce.
const errorText = (error: unknown, fallback: string): string => (error instanceof ApiError && error.errors[0] ? error.errors[0] : fallback);
function consoleFailureText(error: unknown, fallback: string): string {
  if (error instanceof HttpError && error.status < 500) {
    const first = (error.body as { messages?: string[] } | undefined)?.messages?.[0];
    if (first) return first;
  }
  return fallback;
}
function importFailureText(error: unknown, fallback: string): string {
  if (error instanceof HttpError && error.status !== 500) {
    const messages = (error.body as { messages?: string[] } | undefined)?.messages ?? [];
    if (messages.length > 0) return messages.join(' ');
  }
  return fallback;
}
const allErrors = (failure: unknown, fallback: string) => (failure instanceof ApiError && failure.errors.length ? failure.errors.join(', ') : fallback);

describe('failureText', () => {
  it.each([...apiErrors, ...others])('reads a member page failure as errorText did (%s)', (error) => {
    expect(failureText(error, FALLBACK)).toBe(errorText(error, FALLBACK));
  });

  it.each([...httpErrors, ...others])("reads a console failure as the data provider's failureText did (%s)", (error) => {
    expect(failureText(error, FALLBACK)).toBe(consoleFailureText(error, FALLBACK));
  });

  it.each([...httpErrors, ...others])('reads an import failure as importFailureText did (%s)', (error) => {
    expect(failureText(error, FALLBACK, { all: true, upstream: true })).toBe(importFailureText(error, FALLBACK));
  });

  it.each([...apiErrors, ...others])("reads a profile form's failure as allErrors did (%s)", (error) => {
    expect(failureText(error, FALLBACK, { all: true })).toBe(allErrors(error, FALLBACK));
  });

  it('gives the texts the screens show', () => {
    expect(failureText(apiErrors[0], FALLBACK)).toBe('Name is required');
    expect(failureText(apiErrors[0], FALLBACK, { all: true })).toBe('Name is required, Email is invalid');
    expect(failureText(apiErrors[6], FALLBACK)).toBe(OFFLINE_WRITE_MESSAGE);
    expect(failureText(httpErrors[0], FALLBACK)).toBe('name must not be empty');
    expect(failureText(httpErrors[6], FALLBACK)).toBe(FALLBACK);
    expect(failureText(httpErrors[7], FALLBACK)).toBe(FALLBACK);
    expect(failureText(httpErrors[7], FALLBACK, { upstream: true })).toBe('CFBD did not answer.');
    expect(failureText(httpErrors[7], FALLBACK, { all: true, upstream: true })).toBe('CFBD did not answer. Upload a CSV file instead.');
    expect(failureText(httpErrors[6], FALLBACK, { all: true, upstream: true })).toBe(FALLBACK);
  });
});
