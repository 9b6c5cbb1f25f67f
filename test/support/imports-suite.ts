import { createServer } from 'node:net';
import { Game } from '../../src/games/entities/game.entity';
import { Pick } from '../../src/picks/entities/pick.entity';
import { ProviderImport } from '../../src/imports/entities/provider-import.entity';
import { Week } from '../../src/seasons/weeks/entities/week.entity';
import { seedReferenceData } from '../../src/seeds/demo-seed';
import { TeamProviderId } from '../../src/teams/entities/team-provider-id.entity';
import { Team } from '../../src/teams/entities/team.entity';
import { createSeason, createWeek } from './factories';
import { fixture, ProviderServer } from './provider-server';
import { bearer, TestApp } from './test-app';

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const GAMES_PATH = '/cfbd/games?year=2025&week=1&seasonType=regular';
export const LINES_PATH = '/cfbd/lines?year=2025&week=1&seasonType=regular';
export const cfbdGames = () => fixture<Json[]>('cfbd/games-2025-week1.json');
export const cfbdLines = () => fixture<Json[]>('cfbd/lines-2025-week1-shape.json');
export const apRanks = () => new Map<number, number>(fixture<Json[]>('cfbd/rankings-2025-week1-shape.json')[0].polls[0].ranks.map((rank: Json) => [rank.teamId, rank.rank]));

/** What a message must not show: an internal code such as "(23)" or "ECONNRESET". */
export const INTERNAL_CODE = /\(\d+\)|\bE[A-Z]{4,}\b|\b[A-Z]+_[A-Z_]+\b/;

/** A port nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * The set-up the import API test files share: a fake provider server, a test app that asks it, admin and member
 * sessions, the reference teams, and an empty pool before each test. Call it inside a describe: it registers the
 * hooks, and its server, t, admin and member are set once the beforeAll has run.
 */
export function importsSuite() {
  let server: ProviderServer;
  let t: TestApp;
  let admin: string;
  let member: string;

  beforeAll(async () => {
    server = await ProviderServer.start();
    // Short enough for the 504 tests, long enough for a loaded machine to read the fixtures (and 10 MB of an endless
    // answer up to its cap) in time.
    t = await TestApp.start(server.env({ PROVIDER_TIMEOUT: '3s' }));
    admin = await t.adminToken();
    ({ token: member } = await t.member());
    await t.dataSource.transaction((manager) => seedReferenceData(manager));
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });
  afterEach(() => server.reset());
  // A provider's game is in one week at most (games are unique by provider and id): each test imports into an empty pool.
  beforeEach(async () => {
    await t.dataSource.getRepository(Pick).createQueryBuilder().delete().execute();
    await t.dataSource.getRepository(Game).createQueryBuilder().delete().execute();
  });
  const s = { server: undefined as unknown as ProviderServer, t: undefined as unknown as TestApp, admin: '', member: '' };
  beforeAll(() => Object.assign(s, { server, t, admin, member }));

  let seasons = 0;
  /** The next number for a new season's name, unique in the file. */
  const nextSeason = () => ++seasons;
  /** Week 1 of a new 2025 season (the fixtures' year), empty. */
  async function week1(): Promise<Week> {
    const season = await createSeason(t.dataSource, { name: `2025 #${nextSeason()}`, year: 2025, start_date: '2025-08-23', end_date: '2026-01-20' });
    return createWeek(t.dataSource, { football_season_id: season.id, number: 1, start_date: '2025-08-23', end_date: '2025-09-01' });
  }

  const preview = (week_id: number, provider = 'cfbd', token = admin) => t.http.post('/api/imports').set(bearer(token)).send({ week_id, provider });
  const apply = (id: number, body: Json) => t.http.post(`/api/imports/${id}/apply`).set(bearer(admin)).send(body);
  const counts = async () => ({
    games: await t.dataSource.getRepository(Game).count(),
    imports: await t.dataSource.getRepository(ProviderImport).count(),
    mappings: await t.dataSource.getRepository(TeamProviderId).count(),
    teams: await t.dataSource.getRepository(Team).count(),
  });
  const keysOf = (body: Json) => (body.games as Json[]).map((game) => game.key as string);

  /** Every team of the fixture known: the FCS opponents created (once) through the mappings API. */
  async function mapEveryone(week: Week): Promise<void> {
    const { body } = await preview(week.id).expect(201);
    if (body.unmatched_teams.length === 0) return;
    const mappings = body.unmatched_teams.map((team: Json) => ({ external_id: team.external_id, external_name: team.name, create: {} }));
    await t.http.post('/api/team_mappings').set(bearer(admin)).send({ provider: 'cfbd', mappings }).expect(201);
  }

  /** A week with the fixture's 96 games applied. */
  async function importedWeek(): Promise<{ week: Week; keys: string[] }> {
    const week = await week1();
    await mapEveryone(week);
    const { body } = await preview(week.id).expect(201);
    await apply(body.id, { games: keysOf(body), tiebreaker: '401756846' }).expect(200);
    return { week, keys: keysOf(body) };
  }

  return Object.assign(s, { nextSeason, week1, preview, apply, counts, keysOf, mapEveryone, importedWeek });
}
