import type { LoggerService } from '@nestjs/common';
import { bearer, TestApp } from '../support/test-app';

/**
 * Every list route refuses a list parameter it cannot read with a 400, and one out of its bounds with a 422, each
 * naming it (docs/decisions.md, "Lists"): none of them reaches the database as a 500.
 */
const LIST_ROUTES: [route: string, numericFilter: string | null][] = [
  ['/api/picks', 'week_id'],
  ['/api/games', 'week_id'],
  ['/api/teams', 'conference_id'],
  ['/api/conferences', null],
  ['/api/users', null],
  ['/api/football_seasons', null],
  ['/api/weeks', 'football_season_id'],
  ['/api/weekly_notifications/deliveries', 'week_id'],
  ['/api/team_mappings', 'team_id'],
  ['/api/imports', 'week_id'],
  ['/api/invitations', null],
  ['/api/security_events', 'user_id'],
];

const manyIds = JSON.stringify({ id: Array.from({ length: 1001 }, (_, index) => index + 1) });

/** [what, the status (400 unreadable, 422 out of bounds), query, the parameter the message names] */
const BAD: [string, 400 | 422, Record<string, string>, string][] = [
  ['a range ending at 1e308', 422, { range: '[0,1e308]' }, 'range'],
  ['a range from 1e308', 422, { range: '[1e308,1e308]' }, 'range'],
  ['a range past the safe integers', 422, { range: '[9007199254740993,9007199254740999]' }, 'range'],
  ['a negative range', 422, { range: '[-1,5]' }, 'range'],
  ['a range of fractions', 400, { range: '[0.5,3]' }, 'range'],
  ['a range of text', 400, { range: '[0,"9"]' }, 'range'],
  ['a reversed range', 422, { range: '[9,2]' }, 'range'],
  ['NaN', 400, { range: 'NaN' }, 'range'],
  ['a range of NaN', 400, { range: '[NaN,1]' }, 'range'],
  ['a range of one number', 400, { range: '[0]' }, 'range'],
  ['a range of three numbers', 400, { range: '[0,5,9]' }, 'range'],
  ['a range wider than a page', 422, { range: '[0,1000]' }, 'range'],
  ['a sort on no field', 400, { sort: '[1,"ASC"]' }, 'sort'],
  ['a sort on an unknown field', 400, { sort: '["no_such_field","ASC"]' }, 'sort'],
  ['a sort on a prototype key', 400, { sort: '["__proto__","ASC"]' }, 'sort'],
  ['a sort without an order', 400, { sort: '["id"]' }, 'sort'],
  ['a sort that is not JSON', 400, { sort: 'id' }, 'sort'],
  ['a filter that is not JSON', 400, { filter: '{"id":' }, 'filter'],
  ['a filter that is a list', 400, { filter: '[1]' }, 'filter'],
  ['a filter id of 1e308', 422, { filter: '{"id":1e308}' }, 'id'],
  ['filter ids of 1e308', 422, { filter: '{"id":[1,1e308]}' }, 'id'],
  ['a filter id past the ids', 422, { filter: '{"id":2147483648}' }, 'id'],
  ['a negative filter id', 422, { filter: '{"id":-1}' }, 'id'],
  ['more filter ids than a page', 422, { filter: manyIds }, 'id'],
  ['an id parameter of 1e308', 422, { id: '1e308' }, 'id'],
];

describe('List parameters', () => {
  let t: TestApp;
  let admin: string;
  const errors: string[] = [];
  const logger: LoggerService = { log: () => undefined, warn: () => undefined, error: (message: unknown) => errors.push(String(message)) };

  beforeAll(async () => {
    t = await TestApp.start({}, { logger });
    admin = await t.adminToken();
  });
  afterAll(() => t.close());

  describe.each(LIST_ROUTES)('GET %s', (route, numericFilter) => {
    it.each(BAD)('refuses %s with a %d naming it', async (_what, status, query, parameter) => {
      const { body } = await t.http.get(route).query(query).set(bearer(admin)).expect(status);
      expect(body.errors[0]).toMatch(new RegExp(`\\b${parameter}\\b`, 'i'));
    });

    if (numericFilter) {
      it.each([
        ['in filter', { filter: JSON.stringify({ [numericFilter]: 1e308 }) }],
        ['as a parameter', { [numericFilter]: '1e308' }],
        ['past the ids', { filter: JSON.stringify({ [numericFilter]: 2 ** 31 }) }],
      ])(`refuses ${numericFilter} of 1e308 %s with a 422 naming it`, async (_where, query) => {
        const { body } = await t.http.get(route).query(query).set(bearer(admin)).expect(422);
        expect(body.errors[0]).toMatch(new RegExp(`^${numericFilter}\\b`));
      });
    }

    it('still answers the widest page', async () => {
      await t.http.get(route).query({ range: '[0,999]', sort: '["id","DESC"]', filter: '{}' }).set(bearer(admin)).expect(200);
    });
  });

  it('logged no error for any of them', () => {
    expect(errors).toEqual([]);
  });
});
