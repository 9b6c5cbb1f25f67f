import { BadRequestException, UnprocessableEntityException } from '@nestjs/common';
import { IsInt, IsOptional, IsString } from 'class-validator';
import { orderOf, parseListQuery } from './list-query';

class Filter {
  @IsOptional() @IsString()
  q?: string;

  @IsOptional() @IsInt({ message: 'week_id must be a whole number' })
  week_id?: number;
}

describe('parseListQuery', () => {
  it('reads the plain filters of docs/product.md#api as an unpaged list', () => {
    const params = parseListQuery({ week_id: '3' }, Filter);
    expect(params).toEqual({ filter: { week_id: 3 }, paged: false });
  });

  it("reads react-admin's sort, range and filter, and the filter wins over a plain parameter", () => {
    const params = parseListQuery({ week_id: '1', sort: '["name","desc"]', range: '[10,19]', filter: '{"q":"ala","week_id":4}' }, Filter);
    expect(params).toEqual({ filter: { q: 'ala', week_id: 4 }, sort: { field: 'name', order: 'DESC' }, skip: 10, take: 10, paged: true });
  });

  it('reads the widest page, the last position and the largest id', () => {
    expect(parseListQuery({ range: '[0,999]' }, Filter)).toMatchObject({ skip: 0, take: 1000 });
    expect(parseListQuery({ range: '[2147483647,2147483647]' }, Filter)).toMatchObject({ skip: 2147483647, take: 1 });
    expect(parseListQuery({ filter: '{"id":[2147483647],"week_id":2147483647}' }, Filter)).toMatchObject({ ids: [2147483647], filter: { week_id: 2147483647 } });
  });

  it('refuses a getMany of more ids than a page holds', () => {
    const ids = Array.from({ length: 1001 }, (_, index) => index + 1);
    expect(() => parseListQuery({ filter: JSON.stringify({ id: ids }) }, Filter)).toThrow('id may list at most 1000 records');
    expect(parseListQuery({ filter: JSON.stringify({ id: ids.slice(1) }) }, Filter).ids).toHaveLength(1000);
  });

  it('reads getMany ids', () => {
    expect(parseListQuery({ filter: '{"id":[1,2]}' }, Filter).ids).toEqual([1, 2]);
    expect(parseListQuery({ filter: '{"id":7}' }, Filter).ids).toEqual([7]);
  });

  const refusal = (query: Record<string, unknown>): unknown => {
    try {
      parseListQuery(query, Filter);
    } catch (caught) {
      return caught;
    }
    return undefined;
  };
  const text = (error: unknown) => JSON.stringify((error as BadRequestException).getResponse());

  it.each([
    [{ sort: 'name' }, 'sort must be JSON'],
    [{ sort: '["name","UP"]' }, 'sort must look like ["name","ASC"]'],
    [{ filter: '[1]' }, 'filter must be a JSON object'],
    [{ filter: '{"id":["x"]}' }, 'id must be whole numbers'],
    [{ week_id: 'three' }, 'week_id must be a whole number'],
    [{ range: '[0.5,3]' }, 'range must look like [0,24]'],
    [{ range: '[0,5,9]' }, 'range must look like [0,24]'],
    [{ range: 'NaN' }, 'range must be JSON'],
    [{ sort: '["name","ASC","x"]' }, 'sort must look like ["name","ASC"]'],
  ])('refuses %j, which it cannot read, with a 400', (query, message) => {
    const error = refusal(query);
    expect(error).toBeInstanceOf(BadRequestException);
    expect(text(error)).toContain(JSON.stringify(message).slice(1, -1));
  });

  it.each([
    [{ range: '[5,2]' }, 'range must be two positions from 0 to 2147483647, the first not past the last'],
    [{ range: '[-1,2]' }, 'range must be two positions'],
    [{ range: '[0,1e308]' }, 'range must be two positions'],
    [{ range: '[1e308,1e308]' }, 'range must be two positions'],
    [{ range: '[0,2147483648]' }, 'range must be two positions'],
    [{ range: '[0,1000]' }, 'range may span at most 1000 records'],
    [{ range: '[5000,6000]' }, 'range may span at most 1000 records'],
    [{ filter: '{"id":1e308}' }, 'id must be whole numbers from 1 to 2147483647'],
    [{ id: '2147483648' }, 'id must be whole numbers from 1 to 2147483647'],
    [{ week_id: '1e308' }, 'week_id must be at most 2147483647'],
    [{ filter: '{"week_id":2147483648}' }, 'week_id must be at most 2147483647'],
  ])('refuses %j, out of its bounds, with a 422 naming it', (query, message) => {
    const error = refusal(query);
    expect(error).toBeInstanceOf(UnprocessableEntityException);
    expect(text(error)).toContain(JSON.stringify(message).slice(1, -1));
  });
});

describe('orderOf', () => {
  const unsorted = parseListQuery({}, Filter);
  it('falls back to the default order with the id as tie-breaker', () => {
    expect(orderOf(unsorted, ['name'], { name: 'ASC' })).toEqual({ name: 'ASC', id: 'ASC' });
  });
  it('sorts by an allowed field, nested for relations, and refuses others', () => {
    expect(orderOf(parseListQuery({ sort: '["conference.name","DESC"]' }, Filter), ['conference.name'], { name: 'ASC' })).toEqual({
      conference: { name: 'DESC' },
      id: 'ASC',
    });
    expect(() => orderOf(parseListQuery({ sort: '["password_hash","ASC"]' }, Filter), ['name'], {})).toThrow('Cannot sort by password_hash');
  });

  it('sorts a shown field by the column behind it', () => {
    expect(orderOf(parseListQuery({ sort: '["display_name","DESC"]' }, Filter), ['number'], {}, { display_name: 'number' })).toEqual({
      number: 'DESC',
      id: 'ASC',
    });
  });
});
