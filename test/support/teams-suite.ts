import { Conference } from '../../src/teams/entities/conference.entity';
import { Team } from '../../src/teams/entities/team.entity';
import { createConference } from './factories';
import { TestApp } from './test-app';

/**
 * The set-up the teams API test files share: a test app, admin and member sessions, a conference for new teams, and
 * a valid body to create one from. Call it inside a describe: it registers the beforeAll and afterAll, and its t,
 * admin, member and conference are set once the beforeAll has run.
 */
export function teamsSuite() {
  let t: TestApp;
  let admin: string;
  let member: string;
  let conference: Conference;

  let n = 0;
  const unique = (prefix: string) => `${prefix} ${process.pid}-${++n}`;
  const teams = () => t.dataSource.getRepository(Team);
  const validBody = (overrides: Record<string, unknown> = {}) => ({
    name: unique('Tigers U'),
    city: 'Clemson',
    state: 'SC',
    conference_id: conference.id,
    webpage_url: 'https://clemsontigers.com',
    ...overrides,
  });

  beforeAll(async () => {
    t = await TestApp.start();
    admin = await t.adminToken();
    member = (await t.member()).token;
    conference = await createConference(t.dataSource, { name: unique('Home Conference') });
  });
  afterAll(() => t.close());
  const s = { t: undefined as unknown as TestApp, admin: '', member: '', conference: undefined as unknown as Conference };
  beforeAll(() => Object.assign(s, { t, admin, member, conference }));

  return Object.assign(s, { unique, teams, validBody });
}
