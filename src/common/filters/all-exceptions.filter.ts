import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EntityNotFoundError, QueryFailedError } from 'typeorm';
import { DatabaseUnavailableError } from '../../database/database-unavailable.error';
import { isDatabaseUnavailable, isForeignKeyViolation, isUniqueViolation } from '../../database/driver-errors';
import { redactTokens } from '../redact';

interface ErrorBody {
  status: number;
  errors: string[];
  /** Seconds, for a 503 or 429: when the client may try again. */
  retryAfter?: number;
  /** For a 502/504 about another service (a data provider), its name: this server itself is fine. */
  upstream?: string;
  /** What the client must do first, beside the message (`second_factor_enrolment_required: true`, …). */
  flags?: Record<string, true>;
}

/** The `…_required: true` fields of an exception's body, which the web app acts on. */
function flagsOf(response: string | object): Record<string, true> | undefined {
  if (typeof response === 'string') return undefined;
  const flags = Object.entries(response).filter(([key, value]) => key.endsWith('_required') && value === true);
  return flags.length > 0 ? (Object.fromEntries(flags) as Record<string, true>) : undefined;
}

/**
 * The header of a 502/504 that this server sends about another service it asked (a data provider): the web app keeps
 * it apart from a proxy's 502/504 while this server is down, which means "unreachable".
 */
export const UPSTREAM_HEADER = 'Upstream-Failure';

const UNAVAILABLE = new DatabaseUnavailableError();

function messagesOf(response: string | object): string[] {
  if (typeof response === 'string') return [response];
  const { message, errors } = response as { message?: unknown; errors?: unknown };
  const list = errors ?? message;
  if (Array.isArray(list)) return list.map(String);
  if (typeof list === 'string') return [list];
  return [];
}

/**
 * A request as a log line names it: the method and the route it matched (`/api/users/:id`), never the values in its
 * path or query; a request that matched no route by its path alone, tokens redacted.
 */
function routeOf(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions?.url ?? redactTokens(request.url.split('?')[0])}`;
}

/**
 * An unknown error as a log line: its class, its driver's code, and its message unless a database driver wrote it
 * (a driver's message quotes the values it refused). The stack goes without its first lines, which repeat the message.
 */
function describeUnknown(exception: unknown): { line: string; frames?: string } {
  if (!(exception instanceof Error)) return { line: typeof exception };
  const { code, sql, sqlMessage } = exception as { code?: unknown; sql?: unknown; sqlMessage?: unknown };
  const fromDriver = exception instanceof QueryFailedError || sql !== undefined || sqlMessage !== undefined;
  const name = exception.constructor.name;
  const line = fromDriver ? `${name}${typeof code === 'string' ? ` ${code}` : ''}` : `${name}: ${exception.message}`;
  const frames = exception.stack?.split('\n').filter((frame) => /^\s+at /.test(frame)).join('\n');
  return { line, frames };
}

/**
 * The one place that shapes errors: every failure answers `{"errors": ["..."]}` with the status that fits.
 * Unknown errors are logged by their route and class (no request data: docs/decisions.md, "API and errors") and
 * answered with a generic 500.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const context = host.switchToHttp();
    const request = context.getRequest<FastifyRequest>();
    const response = context.getResponse<FastifyReply>();
    const { status, errors, retryAfter, upstream, flags } = this.describe(exception, request);
    if (response.sent) return;
    if (retryAfter !== undefined) response.header('Retry-After', String(retryAfter));
    if (upstream !== undefined) response.header(UPSTREAM_HEADER, upstream);
    response.status(status).send({ errors, ...flags });
  }

  private describe(exception: unknown, request: FastifyRequest): ErrorBody {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const errors = messagesOf(exception.getResponse());
      // A 429 says when to come back (ThrottledException carries it).
      const { retryAfterSeconds, upstream } = exception as { retryAfterSeconds?: unknown; upstream?: unknown };
      const retryAfter = typeof retryAfterSeconds === 'number' ? retryAfterSeconds : undefined;
      const flags = flagsOf(exception.getResponse());
      return { status, errors: errors.length > 0 ? errors : [exception.message], retryAfter, upstream: typeof upstream === 'string' ? upstream : undefined, flags };
    }
    // The HTTP layer's own refusals carry their 4xx status: a malformed or too large body, a bad media type.
    const bodyError = exception as { statusCode?: number; message?: string };
    if (typeof bodyError?.statusCode === 'number' && bodyError.statusCode >= 400 && bodyError.statusCode < 500) {
      return { status: bodyError.statusCode, errors: [String(bodyError.message)] };
    }
    if (isDatabaseUnavailable(exception)) {
      // Not the request's fault and not a bug: say so, and let the client retry (never 401 or 500 for this).
      const { message, retryAfterSeconds } = exception instanceof DatabaseUnavailableError ? exception : UNAVAILABLE;
      this.logger.warn(`${routeOf(request)}: database unavailable (${(exception as Error)?.message ?? exception})`);
      return { status: HttpStatus.SERVICE_UNAVAILABLE, errors: [message], retryAfter: retryAfterSeconds };
    }
    if (exception instanceof EntityNotFoundError) {
      return { status: HttpStatus.NOT_FOUND, errors: ['Record not found'] };
    }
    if (isUniqueViolation(exception)) {
      return { status: HttpStatus.CONFLICT, errors: ['A record with these values already exists'] };
    }
    if (isForeignKeyViolation(exception)) {
      return { status: HttpStatus.CONFLICT, errors: ['This change conflicts with related records'] };
    }
    const { line, frames } = describeUnknown(exception);
    this.logger.error(`${routeOf(request)} failed: ${line}`, frames);
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, errors: ['Internal server error'] };
  }
}
