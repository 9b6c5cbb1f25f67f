import { ArgumentsHost, ConflictException, Logger, UnprocessableEntityException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { DatabaseUnavailableError } from '../../database/database-unavailable.error';
import { ReauthenticationRequiredException } from '../recent-auth';
import { AllExceptionsFilter } from './all-exceptions.filter';

function hostFor(request: object = { method: 'POST', url: '/api/things' }) {
  const response = { sent: false, status: jest.fn().mockReturnThis(), send: jest.fn(), header: jest.fn() };
  const host = { switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }) } as unknown as ArgumentsHost;
  return { host, response };
}

describe('AllExceptionsFilter', () => {
  const filter = new AllExceptionsFilter();

  it.each([
    [new ConflictException('Taken'), 409, ['Taken']],
    [new UnprocessableEntityException({ errors: ['a is wrong', 'b is wrong'] }), 422, ['a is wrong', 'b is wrong']],
    [new QueryFailedError('INSERT', [], Object.assign(new Error('dup'), { code: 'ER_DUP_ENTRY' })), 409, ['A record with these values already exists']],
    [
      new QueryFailedError('INSERT', [], Object.assign(new Error('dup'), { code: 'SQLITE_CONSTRAINT_UNIQUE' })),
      409,
      ['A record with these values already exists'],
    ],
    [
      new QueryFailedError('DELETE', [], Object.assign(new Error('fk'), { code: 'ER_ROW_IS_REFERENCED_2' })),
      409,
      ['This change conflicts with related records'],
    ],
    [Object.assign(new Error('Request body is too large'), { statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' }), 413, ['Request body is too large']],
    [Object.assign(new Error('Request body is not valid JSON: Unexpected end of JSON input'), { statusCode: 400 }), 400, ['Request body is not valid JSON: Unexpected end of JSON input']],
  ])('answers %s with %i and {"errors": %j}', (exception, status, errors) => {
    const { host, response } = hostFor();
    filter.catch(exception, host);
    expect(response.status).toHaveBeenCalledWith(status);
    expect(response.send).toHaveBeenCalledWith({ errors });
  });

  it('adds an exception\'s answer fields beside the errors (the re-authentication flag)', () => {
    const { host, response } = hostFor();
    filter.catch(new ReauthenticationRequiredException(), host);
    expect(response.status).toHaveBeenCalledWith(403);
    expect(response.send).toHaveBeenCalledWith({ errors: ["Confirm it's you to make this change."], reauthentication_required: true });
  });

  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED' })],
    ['a query that timed out', new QueryFailedError('SELECT', [], Object.assign(new Error('Query inactivity timeout'), { code: 'PROTOCOL_SEQUENCE_TIMEOUT' }))],
    ['a lost connection', new QueryFailedError('SELECT', [], Object.assign(new Error('Connection lost'), { code: 'PROTOCOL_CONNECTION_LOST', fatal: true }))],
    ['a locked SQLite file', new QueryFailedError('INSERT', [], Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }))],
    ['a closed pool', new Error('Pool is closed.')],
    ['the write gate giving up', new DatabaseUnavailableError()],
  ])('answers %s with 503, Retry-After and the errors shape', (_name, exception) => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const { host, response } = hostFor();
    filter.catch(exception, host);
    expect(response.status).toHaveBeenCalledWith(503);
    expect(response.header).toHaveBeenCalledWith('Retry-After', '2');
    expect(response.send).toHaveBeenCalledWith({ errors: [expect.stringMatching(/^The database is/)] });
    warn.mockRestore();
  });

  it('logs an unknown error with its request and answers a generic 500', () => {
    const log = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const { host, response } = hostFor();
    filter.catch(new Error('secret internals'), host);
    expect(response.status).toHaveBeenCalledWith(500);
    expect(response.send).toHaveBeenCalledWith({ errors: ['Internal server error'] });
    expect(log).toHaveBeenCalledWith('POST /api/things failed: Error: secret internals', expect.stringMatching(/^\s+at /));
    log.mockRestore();
  });

  it("logs a failed query by its route, class and the driver's code: no query values, path values, SQL, parameters or driver text", () => {
    const log = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const request = { method: 'GET', url: '/api/users/7/picks?range=%5B0%2C1e308%5D&q=alice%40pool.test', routeOptions: { url: '/api/users/:id/picks' } };
    const { host, response } = hostFor(request);
    const driverError = Object.assign(new Error("Incorrect integer value: 'alice@pool.test' for column 'q'"), { code: 'ER_TRUNCATED_WRONG_VALUE' });
    filter.catch(new QueryFailedError('SELECT * FROM users WHERE email = ?', ['alice@pool.test'], driverError), host);
    expect(response.status).toHaveBeenCalledWith(500);
    expect(response.send).toHaveBeenCalledWith({ errors: ['Internal server error'] });
    expect(log).toHaveBeenCalledWith('GET /api/users/:id/picks failed: QueryFailedError ER_TRUNCATED_WRONG_VALUE', expect.stringMatching(/^\s+at /));
    const logged = JSON.stringify(log.mock.calls);
    for (const secret of ['alice', '1e308', 'range', '/7/', 'SELECT', 'Incorrect']) expect(logged).not.toContain(secret);
    log.mockRestore();
  });
});
