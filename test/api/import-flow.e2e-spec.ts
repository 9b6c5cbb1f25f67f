import { Game } from '../../src/games/entities/game.entity';
import { TeamProviderId } from '../../src/teams/entities/team-provider-id.entity';
import { seedReferenceData } from '../../src/seeds/demo-seed';
import { createPick, createSeason, createWeek, hoursFromNow } from '../support/factories';
import { fixture, ProviderServer } from '../support/provider-server';
import { bearer, TestApp } from '../support/test-app';

interface CfbdGame {
  id: number;
  startDate: string;
  homeId: number;
  awayId: number;
  homeTeam: string;
  awayTeam: string;
  homeClassification: string | null;
  awayClassification: string | null;
  homePoints: number;
  awayPoints: number;
}

/**
 * The whole flow on the real app (docs/imports.md): from a pool with the seeded FBS teams, import week 1 of
 * 2025 from CollegeFootballData, resolve the unmatched teams, apply, then sync the finals from the keyless scoreboard:
 * every game has the fixture's teams, kickoff and final score, and the week's results are calculated. Both steps are
 * idempotent.
 */
describe('Import a real week, then sync its finals', () => {
  let server: ProviderServer;
  let t: TestApp;
  let admin: string;
  const fixtureGames = fixture<CfbdGame[]>('cfbd/games-2025-week1.json');

  beforeAll(async () => {
    server = await ProviderServer.start();
    t = await TestApp.start(server.env({ SCORE_SYNC_PROVIDER: 'scoreboard' }));
    admin = await t.adminToken();
    await t.dataSource.transaction((manager) => seedReferenceData(manager));
  });

  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  it('imports week 1 of 2025, syncs every final and calculates the week', async () => {
    const season = await createSeason(t.dataSource, { name: '2025-2026', year: 2025, start_date: '2025-08-23', end_date: '2026-01-20' });
    const week = await createWeek(t.dataSource, { football_season_id: season.id, number: 1, start_date: '2025-08-23', end_date: '2025-09-01' });

    const first = (await t.http.post('/api/imports').set(bearer(admin)).send({ week_id: week.id, provider: 'cfbd' }).expect(201)).body;
    // Only the opponents from outside FBS are left for the admin: every FBS team is found by name or alternate name.
    const outsiders = new Map<string, string>();
    for (const game of fixtureGames) {
      if (game.homeClassification !== 'fbs') outsiders.set(String(game.homeId), game.homeTeam);
      if (game.awayClassification !== 'fbs') outsiders.set(String(game.awayId), game.awayTeam);
    }
    const unmatched = first.unmatched_teams as { external_id: string; name: string }[];
    expect(new Map(unmatched.map((team) => [team.external_id, team.name]))).toEqual(outsiders);

    await t.http
      .post('/api/team_mappings')
      .set(bearer(admin))
      .send({ provider: 'cfbd', mappings: unmatched.map((team) => ({ external_id: team.external_id, external_name: team.name, create: {} })) })
      .expect(201);

    const preview = (await t.http.post('/api/imports').set(bearer(admin)).send({ week_id: week.id, provider: 'cfbd' }).expect(201)).body;
    expect(preview.unmatched_teams).toEqual([]);
    expect(preview.games).toHaveLength(96);
    expect(new Set(preview.games.map((game: { change: string }) => game.change))).toEqual(new Set(['new']));

    const keys = preview.games.map((game: { key: string }) => game.key);
    const applied = (await t.http.post(`/api/imports/${preview.id}/apply`).set(bearer(admin)).send({ games: keys, tiebreaker: '401756846' }).expect(200)).body;
    expect(applied).toMatchObject({ created: 96, updated: 0, removed: 0 });

    const ids = new Map((await t.dataSource.getRepository(TeamProviderId).findBy({ provider: 'cfbd' })).map((row) => [row.external_id, row.team_id]));
    const games = await t.dataSource.getRepository(Game).find({ where: { week_id: week.id } });
    expect(games).toHaveLength(96);
    const byExternalId = new Map(games.map((game) => [game.external_id, game]));
    for (const expected of fixtureGames) {
      const game = byExternalId.get(String(expected.id))!;
      expect(game).toBeDefined();
      expect(game.provider).toBe('cfbd');
      expect(game.home_team_id).toBe(ids.get(String(expected.homeId)));
      expect(game.away_team_id).toBe(ids.get(String(expected.awayId)));
      expect(game.game_date.toISOString()).toBe(new Date(expected.startDate).toISOString());
      expect(game.is_tiebreaker).toBe(expected.id === 401756846);
      expect(game.home_score).toBeNull();
    }

    // A member's picks (entered by the admin after the deadlines, as an override would be): the week can be scored.
    const { user } = await t.member();
    const picked = games.slice(0, 12);
    for (const game of picked) await createPick(t.dataSource, game, user.id);

    const sync = (await t.http.post('/api/score_sync').set(bearer(admin)).send({ week_id: week.id }).expect(200)).body;
    expect(sync.changes).toHaveLength(96);
    expect(sync.unmatched).toEqual([]);
    expect(sync.results_calculated).toBe(true);

    const synced = new Map((await t.dataSource.getRepository(Game).find({ where: { week_id: week.id } })).map((game) => [game.external_id, game]));
    for (const expected of fixtureGames) {
      const game = synced.get(String(expected.id))!;
      expect([game.status, game.home_score, game.away_score]).toEqual(['completed', expected.homePoints, expected.awayPoints]);
      expect(game.winner_team_id).toBe(expected.homePoints > expected.awayPoints ? game.home_team_id : game.away_team_id);
      expect(game.sync_flag).toBeNull();
    }
    const results = (await t.http.get('/api/weekly_results').query({ football_season_id: season.id, week_id: week.id }).set(bearer(admin)).expect(200)).body;
    const rows = Array.isArray(results) ? results : results.results;
    const wins = picked.filter((game) => synced.get(game.external_id)!.winner_team_id === game.home_team_id).length;
    // A game without a pick counts as a loss (docs/product.md), so the week is scored over all 96 games.
    expect(rows).toEqual([expect.objectContaining({ user: expect.objectContaining({ id: user.id }), wins, losses: 96 - wins, total_games: 96 })]);

    // Again, with the same data: nothing changes.
    expect((await t.http.post('/api/score_sync').set(bearer(admin)).send({ week_id: week.id }).expect(200)).body.changes).toEqual([]);
    const again = (await t.http.post('/api/imports').set(bearer(admin)).send({ week_id: week.id, provider: 'cfbd' }).expect(201)).body;
    const changed = again.games.filter((game: { change: string }) => game.change !== 'unchanged');
    expect(changed).toEqual([]);
    const reapplied = (await t.http.post(`/api/imports/${again.id}/apply`).set(bearer(admin)).send({ games: keys, tiebreaker: '401756846' }).expect(200)).body;
    expect(reapplied).toMatchObject({ created: 0, updated: 0, removed: 0, unchanged: 96 });
  });

  it('imports and syncs a postseason week from the keyless scoreboard (our week 17: its postseason)', async () => {
    const season = await createSeason(t.dataSource, { name: 'Bowls 2025', year: 2025 });
    const week = await createWeek(t.dataSource, { football_season_id: season.id, number: 17, start_date: '2025-12-13', end_date: '2026-01-20' });
    const first = (await t.http.post('/api/imports').set(bearer(admin)).send({ week_id: week.id, provider: 'scoreboard' }).expect(201)).body;
    expect(server.requests).toContain('/ncaa/scoreboard/football/fbs/2025/P/all-conf');
    const unmatched = first.unmatched_teams as { external_id: string; name: string }[];
    if (unmatched.length > 0) {
      await t.http
        .post('/api/team_mappings')
        .set(bearer(admin))
        .send({ provider: 'scoreboard', mappings: unmatched.map((team) => ({ external_id: team.external_id, external_name: team.name, create: {} })) })
        .expect(201);
    }
    const preview = (await t.http.post('/api/imports').set(bearer(admin)).send({ week_id: week.id, provider: 'scoreboard' }).expect(201)).body;
    const keys = preview.games.map((game: { key: string }) => game.key);
    expect(keys).toHaveLength(fixture<{ games: unknown[] }>('ncaa-api/scoreboard-postseason.json').games.length);
    await t.http.post(`/api/imports/${preview.id}/apply`).set(bearer(admin)).send({ games: keys, tiebreaker: keys[0] }).expect(200);

    const sync = (await t.http.post('/api/score_sync').set(bearer(admin)).send({ week_id: week.id }).expect(200)).body;
    expect(sync.changes).toHaveLength(keys.length);
    const games = await t.dataSource.getRepository(Game).find({ where: { week_id: week.id } });
    expect(games.every((game) => game.status === 'completed' && game.home_score !== null && game.winner_team_id !== null)).toBe(true);
  });
});

/** A kickoff `hours` from now, on the minute as kickoffs are. */
const kickoffIn = (hours: number) => new Date(Math.floor(hoursFromNow(hours).getTime() / 60_000) * 60_000).toISOString();

describe('A week through a spreadsheet', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await TestApp.start();
    admin = await t.adminToken();
    await t.dataSource.transaction((manager) => seedReferenceData(manager));
  });

  afterAll(async () => {
    await t?.close();
  });

  it('downloads a week as CSV, takes it back unchanged, then takes an edited kickoff, line and tiebreaker', async () => {
    const season = await createSeason(t.dataSource, { name: 'Spreadsheet season', year: 2025 });
    const week = await createWeek(t.dataSource, { football_season_id: season.id, number: 3 });
    const csv = [
      'game_date,away_team,home_team,away_rank,home_rank,betting_line,betting_line_team,is_tiebreaker',
      `${kickoffIn(50)},Iowa St.,Kansas State,22,17,3.5,home,no`,
      `${kickoffIn(54)},Texas,Ohio State,1,3,2.5,home,yes`,
      `${kickoffIn(58)},App State,Charlotte,,,7,away,no`,
    ].join('\n');
    const first = (await t.http.post('/api/imports').set(bearer(admin)).send({ week_id: week.id, provider: 'csv', csv }).expect(201)).body;
    expect(first.unmatched_teams).toEqual([]);
    expect(first.games.map((game: { change: string; selected: boolean }) => [game.change, game.selected])).toEqual([
      ['new', true],
      ['new', true],
      ['new', true],
    ]);
    const tiebreaker = first.games.find((game: { is_tiebreaker: boolean }) => game.is_tiebreaker).key;
    const keys = first.games.map((game: { key: string }) => game.key);
    expect((await t.http.post(`/api/imports/${first.id}/apply`).set(bearer(admin)).send({ games: keys, tiebreaker }).expect(200)).body).toMatchObject({ created: 3 });

    const exported = (await t.http.get(`/api/weeks/${week.id}/games.csv`).set(bearer(admin)).expect(200)).text;
    const back = (await t.http.post('/api/imports').set(bearer(admin)).send({ week_id: week.id, provider: 'csv', csv: exported }).expect(201)).body;
    expect(back.games.map((game: { changes: unknown[] }) => game.changes)).toEqual([[], [], []]);
    expect(back.games.map((game: { change: string }) => game.change)).toEqual(['unchanged', 'unchanged', 'unchanged']);

    // In the spreadsheet: Texas at Ohio State moves an hour later, its line to 3, and the tiebreaker to App State's game.
    const moved = kickoffIn(55);
    const edited = exported
      .replace(/^(\d+),([^,]+),Texas,Ohio State,1,3,2\.5,home,yes/m, (_all, id) => `${id},${moved},Texas,Ohio State,1,3,3,home,no`)
      .replace(/^(\d+,[^,]+,Appalachian State,Charlotte,,,7,away,)no/m, '$1yes');
    expect(edited).not.toBe(exported);
    const preview = (await t.http.post('/api/imports').set(bearer(admin)).send({ week_id: week.id, provider: 'csv', csv: edited }).expect(201)).body;
    const texas = preview.games.find((game: { home: { team_name: string } }) => game.home.team_name === 'Ohio State');
    expect(texas.change).toBe('changed');
    expect(texas.changes.map((entry: { field: string }) => entry.field).sort()).toEqual(['betting_line', 'game_date']);
    expect(texas.line_frozen).toBe(true);
    const newTiebreaker = preview.games.find((game: { is_tiebreaker: boolean }) => game.is_tiebreaker);
    expect(newTiebreaker.home.team_name).toBe('Charlotte');
    const applied = (await t.http
      .post(`/api/imports/${preview.id}/apply`)
      .set(bearer(admin))
      .send({ games: preview.games.map((game: { key: string }) => game.key), tiebreaker: newTiebreaker.key, update_lines: [texas.key] })
      .expect(200)).body;
    expect(applied).toMatchObject({ created: 0, removed: 0 });
    const game = await t.dataSource.getRepository(Game).findOneByOrFail({ id: texas.game_id });
    expect([game.game_date.toISOString(), game.betting_line, game.is_tiebreaker, game.line_source, game.provider]).toEqual([moved, 3, false, 'csv', null]);
  });
});
