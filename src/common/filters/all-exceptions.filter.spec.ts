import { ArgumentsHost, ConflictException, Logger, UnprocessableEntityException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { AllExceptionsFilter } from './all-exceptions.filter';

function hostFor() {
  const response = { headersSent: false, status: jest.fn().mockReturnThis(), json: jest.fn() };
  const request = { method: 'POST', originalUrl: '/api/things' };
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
    [Object.assign(new Error('request entity too large'), { status: 413, expose: true }), 413, ['request entity too large']],
  ])('answers %s with %i and {"errors": %j}', (exception, status, errors) => {
    const { host, response } = hostFor();
    filter.catch(exception, host);
    expect(response.status).toHaveBeenCalledWith(status);
    expect(response.json).toHaveBeenCalledWith({ errors });
  });

  it('logs an unknown error with its request and answers a generic 500', () => {
    const log = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const { host, response } = hostFor();
    filter.catch(new Error('secret internals'), host);
    expect(response.status).toHaveBeenCalledWith(500);
    expect(response.json).toHaveBeenCalledWith({ errors: ['Internal server error'] });
    expect(log).toHaveBeenCalledWith(expect.stringContaining('POST /api/things failed: secret internals'), expect.any(String));
    log.mockRestore();
  });
});
