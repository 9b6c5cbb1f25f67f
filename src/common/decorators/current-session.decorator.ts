import { createParamDecorator, ExecutionContext } from '@nestjs/common';

/** Where the session check leaves the public id of the session the request's token belongs to. */
export const SESSION_ID = 'sessionId';

/** The public id of the request's own session (the token's `sid`), so a handler can tell it from the member's others. */
export const CurrentSession = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  return context.switchToHttp().getRequest()[SESSION_ID];
});
