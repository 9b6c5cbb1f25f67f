import { applyDecorators, CallHandler, ExecutionContext, Injectable, NestInterceptor, Type, UseInterceptors } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { map, Observable } from 'rxjs';
import type { ListPage, ListParams } from './list-query';

/**
 * A page of a list as a list handler answers it: the items and the size of the whole list. `ListAnswerInterceptor`
 * sends the items and react-admin's Content-Range.
 */
export class ListAnswer<R> {
  private constructor(
    readonly resource: string,
    readonly params: ListParams<unknown>,
    readonly items: R[],
    readonly total: number,
  ) {}

  /** The page's items, each mapped to its answer. */
  static of<T, R>(resource: string, params: ListParams<unknown>, page: ListPage<T>, answer: (item: T) => R): ListAnswer<R> {
    return new ListAnswer(resource, params, page.items.map(answer), page.total);
  }
}

/** react-admin's Content-Range header of a list answer of `count` items out of `total`, when its parameters were sent. */
export function sendRange(response: FastifyReply, resource: string, params: ListParams<unknown>, count: number, total: number): void {
  if (!params.paged) return;
  const start = params.skip ?? 0;
  const end = count === 0 ? start : start + count - 1;
  response.header('Content-Range', `${resource} ${start}-${end}/${total}`);
  response.header('Access-Control-Expose-Headers', 'Content-Range');
}

@Injectable()
export class ListAnswerInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const response = context.switchToHttp().getResponse<FastifyReply>();
    return next.handle().pipe(
      map((answer: ListAnswer<unknown>) => {
        sendRange(response, answer.resource, answer.params, answer.items.length, answer.total);
        return answer.items;
      }),
    );
  }
}

/** A list handler answering a `ListAnswer` of `item`s: documented as an array of them, sent with Content-Range. */
export const ListOf = (item: Type<unknown>) => applyDecorators(ApiOkResponse({ type: item, isArray: true }), UseInterceptors(ListAnswerInterceptor));
