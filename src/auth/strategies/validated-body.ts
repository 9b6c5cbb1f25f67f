import type { Type } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AppValidationPipe } from '../../common/pipes/app-validation.pipe';

const pipe = new AppValidationPipe();

/**
 * A sign-in strategy's body, checked with the route's DTO by the app's own pipe (422 with its messages, as elsewhere):
 * guards, and so passport's strategies, run before the route's pipes.
 */
export const validatedBody = <T>(request: FastifyRequest, dto: Type<T>): Promise<T> =>
  pipe.transform(request.body ?? {}, { type: 'body', metatype: dto }) as Promise<T>;
