import { BadRequestException, createParamDecorator, ExecutionContext, UnprocessableEntityException } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { LRUCache } from 'lru-cache';
import { validateSync } from 'class-validator';
import type { FastifyRequest } from 'fastify';
import { FindOptionsOrder } from 'typeorm';

export type SortOrder = 'ASC' | 'DESC';

/**
 * A list request: the plain filters of docs/product.md#api (`?week_id=3`) merged with react-admin's ra-data-simple-rest
 * parameters (`sort=["name","ASC"]`, `range=[0,24]`, `filter={"q":"ala"}`).
 */
export interface ListParams<F> {
  filter: F;
  /** getMany: `filter={"id":[1,2]}`. */
  ids?: number[];
  sort?: { field: string; order: SortOrder };
  skip?: number;
  take?: number;
  /** True when react-admin's parameters were sent: the answer then carries a Content-Range header. */
  paged: boolean;
}

function parseJson(name: string, text: unknown): unknown {
  if (text === undefined) return undefined;
  if (typeof text !== 'string') throw new BadRequestException(`${name} must be JSON`);
  try {
    return JSON.parse(text);
  } catch {
    throw new BadRequestException(`${name} must be JSON`);
  }
}

/**
 * The bounds of every list parameter. A page and a getMany hold at most `pageSize` records (the admin's widest
 * list asks for 1000 users or teams); a number (a position, an id, an id filter) is at most `largestNumber`, the
 * largest id an INT column holds, so nothing out of bounds reaches the database.
 */
export const LIST_LIMITS = { pageSize: 1000, largestNumber: 2_147_483_647 } as const;

const inBounds = (value: number, least: number): boolean => value >= least && value <= LIST_LIMITS.largestNumber;

/**
 * Parses and validates a list request against a filter DTO class. A parameter that cannot be read (not JSON, not the
 * shape react-admin sends, not whole numbers) is a 400; one that reads well but lies out of its bounds (a position or
 * id past the largest, a reversed range, a page or getMany too large) is a 422 that names it.
 */
export function parseListQuery<F extends object>(query: Record<string, unknown>, filterClass: new () => F): ListParams<F> {
  const { sort, range, filter, ...plain } = query;
  const parsedFilter = parseJson('filter', filter) ?? {};
  if (typeof parsedFilter !== 'object' || parsedFilter === null || Array.isArray(parsedFilter)) {
    throw new BadRequestException('filter must be a JSON object');
  }
  const { id, ...fields } = { ...plain, ...(parsedFilter as Record<string, unknown>) };

  const params: ListParams<F> = { filter: {} as F, paged: sort !== undefined || range !== undefined || filter !== undefined };
  if (id !== undefined) {
    const ids = (Array.isArray(id) ? id : [id]).map(Number);
    if (!ids.every(Number.isInteger)) throw new BadRequestException('id must be whole numbers');
    if (!ids.every((value) => inBounds(value, 1))) throw new UnprocessableEntityException(`id must be whole numbers from 1 to ${LIST_LIMITS.largestNumber}`);
    if (ids.length > LIST_LIMITS.pageSize) throw new UnprocessableEntityException(`id may list at most ${LIST_LIMITS.pageSize} records`);
    params.ids = ids;
  }

  const parsedSort = parseJson('sort', sort);
  if (parsedSort !== undefined) {
    const [field, order] = Array.isArray(parsedSort) && parsedSort.length === 2 ? parsedSort : [];
    if (typeof field !== 'string' || !['ASC', 'DESC'].includes(String(order).toUpperCase())) {
      throw new BadRequestException('sort must look like ["name","ASC"]');
    }
    params.sort = { field, order: String(order).toUpperCase() as SortOrder };
  }

  const parsedRange = parseJson('range', range);
  if (parsedRange !== undefined) {
    const [start, end] = Array.isArray(parsedRange) && parsedRange.length === 2 ? parsedRange : [];
    if (!Number.isInteger(start) || !Number.isInteger(end)) throw new BadRequestException('range must look like [0,24]');
    if (!inBounds(start, 0) || !inBounds(end, 0) || end < start) {
      throw new UnprocessableEntityException(`range must be two positions from 0 to ${LIST_LIMITS.largestNumber}, the first not past the last`);
    }
    if (end - start >= LIST_LIMITS.pageSize) throw new UnprocessableEntityException(`range may span at most ${LIST_LIMITS.pageSize} records`);
    params.skip = start;
    params.take = end - start + 1;
  }

  const instance = plainToInstance(filterClass, fields, { enableImplicitConversion: true });
  const errors = validateSync(instance, { whitelist: true, stopAtFirstError: true });
  if (errors.length > 0) {
    throw new BadRequestException(errors.flatMap((error) => Object.values(error.constraints ?? {})));
  }
  // The filter DTOs check a number's kind (a whole number from 1); its size is bounded here, once for all of them.
  const outOfBounds = Object.entries(instance).find(([, value]) => typeof value === 'number' && !(Math.abs(value) <= LIST_LIMITS.largestNumber));
  if (outOfBounds) throw new UnprocessableEntityException(`${outOfBounds[0]} must be at most ${LIST_LIMITS.largestNumber}`);
  params.filter = instance;
  return params;
}

/**
 * Parsed list requests by address: every member's dashboard asks for the same few lists, and validating the same
 * query again costs more than the read it leads to. Frozen, since every request with that address shares one.
 */
const parsedLists = new LRUCache<string, Readonly<ListParams<object>>>({ max: 1000 });

/** `@ListQuery(GameFilterDto) list: ListParams<GameFilterDto>` in a list handler. */
export const ListQuery = createParamDecorator((filterClass: new () => object, context: ExecutionContext) => {
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  const key = `${filterClass.name} ${request.url}`;
  let params = parsedLists.get(key);
  if (!params) {
    params = deepFreeze(parseListQuery(request.query as Record<string, unknown>, filterClass));
    parsedLists.set(key, params);
  }
  return params;
});

function deepFreeze<T extends object>(value: T): T {
  for (const inner of Object.values(value)) if (typeof inner === 'object' && inner !== null) deepFreeze(inner as object);
  return Object.freeze(value);
}

/** An empty filter for lists that take none beyond react-admin's. */
export class NoFilter {}

export interface ListPage<T> {
  items: T[];
  total: number;
}

/**
 * The order of a list as (field, direction) pairs: the requested sort when the resource allows that field, else
 * the fallback; the id always breaks ties. For reads that write their own SQL (orderOf is TypeORM's form).
 */
export function sortOf(params: ListParams<unknown>, sortable: readonly string[], fallback: [string, SortOrder]): [string, SortOrder][] {
  const sort = requestedSort(params, sortable);
  if (!sort) return [fallback, ['id', 'ASC']];
  return sort.field === 'id' ? [['id', sort.order]] : [[sort.field, sort.order], ['id', 'ASC']];
}

/** The sort a list request asked for, its field (aliases resolved) checked against what the resource allows. */
function requestedSort(params: ListParams<unknown>, sortable: readonly string[], aliases: Record<string, string> = {}) {
  if (!params.sort) return undefined;
  const field = aliases[params.sort.field] ?? params.sort.field;
  if (field !== 'id' && !sortable.includes(field)) throw new BadRequestException(`Cannot sort by ${field}`);
  return { field, order: params.sort.order };
}

/**
 * TypeORM `order` for a list: the requested sort when the resource allows that field (dotted paths such as
 * "conference.name" sort by a relation), else the fallback; the id always breaks ties so pages are stable.
 * `aliases` maps a field react-admin shows (and so sorts by) to the column behind it ("display_name" → "number").
 */
export function orderOf<T>(
  params: ListParams<unknown>,
  sortable: readonly string[],
  fallback: Record<string, unknown>,
  aliases: Record<string, string> = {},
): FindOptionsOrder<T> {
  const sort = requestedSort(params, sortable, aliases);
  if (!sort) return { ...fallback, id: fallback.id ?? 'ASC' } as unknown as FindOptionsOrder<T>;
  const { field, order } = sort;
  const nested = field
    .split('.')
    .reverse()
    .reduce<unknown>((inner, key) => ({ [key]: inner }), order) as Record<string, unknown>;
  return (field === 'id' ? nested : { ...nested, id: 'ASC' }) as FindOptionsOrder<T>;
}
