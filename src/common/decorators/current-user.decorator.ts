import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Principal } from '../principal';

/**
 * The member or admin the request's session token belongs to. The session check puts the whole account on the request
 * (handlers type it as the User entity); this floor knows it only as a principal.
 */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): Principal => {
  return context.switchToHttp().getRequest().user;
});
