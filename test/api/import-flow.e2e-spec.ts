import { Game } from '../../src/games/entities/game.entity';
import { TeamProviderId } from '../../src/teams/entities/team-provider-id.entity';
import { seedReferenceData } from '../../src/seeds/demo-seed';
import { createPick, createSeason, createWeek } from '../support/factories';
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
});
