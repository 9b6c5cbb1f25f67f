import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { Request, Response } from 'express';
import { EntityNotFoundError } from 'typeorm';
import { isForeignKeyViolation, isUniqueViolation } from '../../database/driver-errors';


/** JSON.parse's messages, as body-parser passes them on. */
const JSON_SYNTAX_ERROR = /in JSON at position|JSON input|is not valid JSON|^Unexpected token/;

interface ErrorBody {
  status: number;
  errors: string[];
}

function messagesOf(response: string | object): string[] {
  if (typeof response === 'string') return [response];
  const { message, errors } = response as { message?: unknown; errors?: unknown };
  const list = errors ?? message;
  if (Array.isArray(list)) return list.map(String);
  if (typeof list === 'string') return [list];
  return [];
}

/**
 * The one place that shapes errors: every failure answers `{"errors": ["..."]}` with the status that fits.
 * Unknown errors are logged with their request and answered with a generic 500.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const context = host.switchToHttp();
    const request = context.getRequest<Request>();
    const response = context.getResponse<Response>();
    const { status, errors } = this.describe(exception, request);
    if (response.headersSent) return;
    response.status(status).json({ errors });
  }

  private describe(exception: unknown, request: Request): ErrorBody {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const errors = messagesOf(exception.getResponse());
      // Nest turns body-parser's SyntaxError into a bare 400; say what was wrong.
      if (exception.cause === undefined && status === 400 && JSON_SYNTAX_ERROR.test(errors[0] ?? '')) {
        return { status, errors: [`Request body is not valid JSON: ${errors[0]}`] };
      }
      return { status, errors: errors.length > 0 ? errors : [exception.message] };
    }
    // body-parser's other errors carry their own 4xx status (payload too large, bad encoding).
    const bodyError = exception as { type?: string; status?: number; expose?: boolean };
    if (bodyError?.expose && typeof bodyError.status === 'number' && bodyError.status < 500) {
      return { status: bodyError.status, errors: [String((exception as Error).message)] };
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
    this.logger.error(
      `${request.method} ${request.originalUrl} failed: ${(exception as Error)?.message ?? exception}`,
      (exception as Error)?.stack,
    );
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, errors: ['Internal server error'] };
  }
}
