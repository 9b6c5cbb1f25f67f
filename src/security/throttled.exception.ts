import { HttpException, HttpStatus } from '@nestjs/common';

/** 429 with `Retry-After` (the error filter sends `retryAfterSeconds` as the header). */
export class ThrottledException extends HttpException {
  readonly retryAfterSeconds: number;

  constructor(message: string, waitMs: number) {
    super({ errors: [message] }, HttpStatus.TOO_MANY_REQUESTS);
    this.retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  }
}
