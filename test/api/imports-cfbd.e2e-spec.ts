import { Game } from '../../src/games/entities/game.entity';
import { ProviderImport } from '../../src/imports/entities/provider-import.entity';
import { Conference } from '../../src/teams/entities/conference.entity';
import { TeamProviderId } from '../../src/teams/entities/team-provider-id.entity';
import { Team } from '../../src/teams/entities/team.entity';
import { createPick } from '../support/factories';
import { ProviderServer } from '../support/provider-server';
import { bearer, TestApp } from '../support/test-app';
import { apRanks, cfbdGames, cfbdLines, GAMES_PATH, importsSuite, Json, LINES_PATH } from '../support/imports-suite';

jest.setTimeout(60_000);

describe('Imports (docs/imports.md)', () => {
  const s = importsSuite();
  const { week1, preview, apply, counts, keysOf, mapEveryone, importedWeek } = s;
  let server: ProviderServer, t: TestApp, admin: string;
  beforeAll(() => ({ server, t, admin } = s));

  it('lists the providers with what they can do', async () => {
    const { body } = await t.http.get('/api/providers').set(bearer(admin)).expect(200);
    expect(body).toEqual([
      { name: 'cfbd', label: 'CollegeFootballData', configured: true, capabilities: ['schedule', 'lines', 'rankings', 'scores', 'calendar', 'teams'], time_zone: null },
      { name: 'scoreboard', label: 'NCAA scoreboard', configured: true, capabilities: ['schedule', 'rankings', 'scores'], time_zone: null },
      { name: 'csv', label: 'CSV file', configured: true, capabilities: ['schedule', 'lines', 'rankings', 'scores'], time_zone: 'America/New_York' },
    ]);
  });

  it('imports week 1 from CFBD: preview, map the FCS opponents, apply, and a second import changes nothing', async () => {
    const week = await week1();
    const fixtureGames = cfbdGames();
    const fcsTeams = new Map<string, string>();
    for (const game of fixtureGames) {
      for (const side of ['home', 'away']) if (game[`${side}Classification`] !== 'fbs') fcsTeams.set(String(game[`${side}Id`]), game[`${side}Team`]);
    }
    expect(fcsTeams.size).toBe(48);

    // The first preview: every FBS team matched (by name and alternate names), the FCS opponents listed.
    const first = await preview(week.id).expect(201);
    expect(first.body).toMatchObject({ kind: 'week', provider: 'cfbd', status: 'preview', week_id: week.id, football_season_id: week.football_season_id });
    expect(first.body.games).toHaveLength(96);
    expect(first.body.games.every((game: Json) => game.change === 'new' && game.selected === false && game.game_id === null)).toBe(true);
    expect(new Map(first.body.unmatched_teams.map((team: Json) => [team.external_id, team.name]))).toEqual(fcsTeams);
    expect(first.body.unmatched_teams.every((team: Json) => team.games === 1 && team.classification === 'fcs')).toBe(true);
    const side = (name: string) => first.body.games.flatMap((game: Json) => [game.home, game.away]).find((team: Json) => team.name === name);
    expect(side('App State')).toMatchObject({ team_name: 'Appalachian State' });
    expect(side('Florida International')).toMatchObject({ team_name: 'FIU' });
    for (const name of ["Hawai'i", 'Massachusetts']) expect(side(name).team_id).toEqual(expect.any(Number));
    expect(first.body.games.filter((game: Json) => game.fbs_vs_fbs)).toHaveLength(48);

    // Create every FCS opponent in one request.
    const mappings = first.body.unmatched_teams.map((team: Json) => ({ external_id: team.external_id, external_name: team.name, create: {} }));
    const mapped = await t.http.post('/api/team_mappings').set(bearer(admin)).send({ provider: 'cfbd', mappings }).expect(201);
    expect(mapped.body.mappings).toHaveLength(48);
    const fcs = await t.dataSource.getRepository(Conference).findOneByOrFail({ name: 'FCS' });
    const created = await t.dataSource.getRepository(Team).findBy({ conference_id: fcs.id });
    expect(created.map((team) => team.name).sort()).toEqual([...fcsTeams.values()].sort());
    expect(created.every((team) => team.classification === 'fcs')).toBe(true);

    // Preview again: nothing unmatched; the first preview is replaced.
    const second = await preview(week.id).expect(201);
    expect(second.body.unmatched_teams).toEqual([]);
    expect((await t.dataSource.getRepository(ProviderImport).findOneByOrFail({ id: first.body.id })).status).toBe('superseded');

    // Apply all 96 with a tiebreaker.
    const applied = await apply(second.body.id, { games: keysOf(second.body), tiebreaker: '401756846' }).expect(200);
    expect(applied.body).toMatchObject({ created: 96, updated: 0, removed: 0, unchanged: 0, import: { id: second.body.id, status: 'applied' } });
    expect(applied.body.games).toHaveLength(96);

    const ids = new Map((await t.dataSource.getRepository(TeamProviderId).findBy({ provider: 'cfbd' })).map((row) => [row.external_id, row.team_id]));
    const games = new Map((await t.dataSource.getRepository(Game).findBy({ week_id: week.id })).map((game) => [game.external_id, game]));
    const consensus = new Map(cfbdLines().map((entry) => [String(entry.id), entry.lines.find((book: Json) => book.provider === 'consensus').spread as number]));
    const ranks = apRanks();
    expect(games.size).toBe(96);
    for (const source of fixtureGames) {
      const game = games.get(String(source.id))!;
      expect(game).toBeDefined();
      expect(game.provider).toBe('cfbd');
      expect(game.home_team_id).toBe(ids.get(String(source.homeId)));
      expect(game.away_team_id).toBe(ids.get(String(source.awayId)));
      expect(game.game_date.toISOString()).toBe(new Date(source.startDate).toISOString());
      expect(game.status).toBe('scheduled');
      expect(game.home_team_ranking).toBe(ranks.get(source.homeId) ?? null);
      expect(game.away_team_ranking).toBe(ranks.get(source.awayId) ?? null);
      expect(game.is_tiebreaker).toBe(source.id === 401756846);
      const spread = consensus.get(String(source.id));
      if (spread === undefined) {
        expect(game.betting_line).toBeNull();
      } else {
        expect(game.betting_line).toBe(Math.abs(spread));
        expect(game.betting_line_team).toBe(spread < 0 ? 'home' : spread > 0 ? 'away' : null);
        expect(game.line_source).toBe('cfbd: consensus');
        expect(game.line_taken_at).toBeInstanceOf(Date);
      }
    }
    expect([...games.values()].filter((game) => game.betting_line !== null)).toHaveLength(48);
    expect(games.get('401756846')).toMatchObject({ name: 'Aer Lingus College Football Classic', betting_line: 2.5, betting_line_team: 'away' });
    expect([...games.values()].some((game) => game.home_team_ranking !== null || game.away_team_ranking !== null)).toBe(true);
    // Every team of the fixture is now remembered by its CFBD id.
    for (const source of fixtureGames) expect(ids.has(String(source.homeId)) && ids.has(String(source.awayId))).toBe(true);
    const answered = applied.body.games.find((game: Json) => game.external_id === '401756846');
    expect(answered).toMatchObject({ week_id: week.id, is_tiebreaker: true, line_source: 'cfbd: consensus', home_team: { name: 'Kansas State' }, away_team: { name: 'Iowa State' } });

    // The same data again: every game unchanged, and applying it writes nothing.
    const third = await preview(week.id).expect(201);
    expect(third.body.games.every((game: Json) => game.change === 'unchanged' && game.changes.length === 0 && game.selected)).toBe(true);
    const before = await t.dataSource.getRepository(Game).find({ where: { week_id: week.id }, order: { id: 'ASC' } });
    const again = await apply(third.body.id, { games: keysOf(third.body), tiebreaker: '401756846' }).expect(200);
    expect(again.body).toMatchObject({ created: 0, updated: 0, removed: 0, unchanged: 96 });
    expect(await t.dataSource.getRepository(Game).find({ where: { week_id: week.id }, order: { id: 'ASC' } })).toEqual(before);

    // GET /imports/{id} shows the stored preview; the list leaves the payload out.
    const stored = await t.http.get(`/api/imports/${third.body.id}`).set(bearer(admin)).expect(200);
    expect(stored.body).toMatchObject({ id: third.body.id, status: 'applied', summary: { created: 0, updated: 0, unchanged: 96 } });
    expect(stored.body.games).toHaveLength(96);
    const listed = await t.http.get(`/api/imports?filter=${encodeURIComponent(JSON.stringify({ kind: 'week', week_id: week.id }))}&range=[0,9]`).set(bearer(admin)).expect(200);
    expect(listed.body.map((entry: Json) => entry.id)).toEqual([third.body.id, second.body.id, first.body.id]);
    expect(listed.body.map((entry: Json) => entry.status)).toEqual(['applied', 'applied', 'superseded']);
    expect(listed.body[0]).not.toHaveProperty('payload');
    expect(listed.body[0]).not.toHaveProperty('games');
    expect(listed.headers['content-range']).toBe('imports 0-2/3');
  });

  it('shows exactly a moved kickoff and a moved line, and a line in the pool moves only when asked', async () => {
    const { week, keys } = await importedWeek();
    const games = cfbdGames();
    const moved = games.find((game) => game.id === 401756847)!;
    moved.startDate = '2025-08-23T23:00:00.000Z';
    server.answer(GAMES_PATH, { json: games });
    const lines = cfbdLines();
    const lined = lines.find((game) => game.id === 401756846)!;
    lined.lines.find((book: Json) => book.provider === 'consensus').spread = -3.5;
    server.answer(LINES_PATH, { json: lines });

    const { body } = await preview(week.id).expect(201);
    const changed = body.games.filter((game: Json) => game.change !== 'unchanged');
    expect(changed.map((game: Json) => [game.key, game.change, game.changes, game.line_frozen])).toEqual([
      ['401756846', 'changed', [{ field: 'betting_line', from: 2.5, to: 3.5 }, { field: 'betting_line_team', from: 'away', to: 'home' }], true],
      ['401756847', 'changed', [{ field: 'game_date', from: '2025-08-23T22:30:00.000Z', to: '2025-08-23T23:00:00.000Z' }], false],
    ]);

    const kept = await apply(body.id, { games: keys, tiebreaker: '401756846' }).expect(200);
    expect(kept.body).toMatchObject({ created: 0, updated: 1, removed: 0, unchanged: 95 });
    const repository = t.dataSource.getRepository(Game);
    expect((await repository.findOneByOrFail({ external_id: '401756847', week_id: week.id })).game_date.toISOString()).toBe('2025-08-23T23:00:00.000Z');
    expect(await repository.findOneByOrFail({ external_id: '401756846', week_id: week.id })).toMatchObject({ betting_line: 2.5, betting_line_team: 'away' });

    const again = await preview(week.id).expect(201);
    expect(again.body.games.filter((game: Json) => game.change !== 'unchanged').map((game: Json) => game.key)).toEqual(['401756846']);
    const taken = await apply(again.body.id, { games: keys, tiebreaker: '401756846', update_lines: ['401756846'] }).expect(200);
    expect(taken.body).toMatchObject({ created: 0, updated: 1, unchanged: 95 });
    expect(await repository.findOneByOrFail({ external_id: '401756846', week_id: week.id })).toMatchObject({ betting_line: 3.5, betting_line_team: 'home', line_source: 'cfbd: consensus' });

    // Those games are in that week: another week's preview leaves them out, saying where they are.
    const elsewhere = await preview((await week1()).id).expect(201);
    expect(elsewhere.body.games).toEqual([]);
    expect(elsewhere.body.warnings).toHaveLength(96);
    expect(elsewhere.body.warnings[0]).toMatch(/is already in Week 1 of 2025 #\d+ \(imported from cfbd\); it is left out of this week/);
  });

  it('adopts a game typed in by hand, removes a game not ticked, and refuses to remove one with picks', async () => {
    const week = await week1();
    await mapEveryone(week);
    const teams = t.dataSource.getRepository(Team);
    const [kansasState, iowaState] = [await teams.findOneByOrFail({ name: 'Kansas State' }), await teams.findOneByOrFail({ name: 'Iowa State' })];
    const games = t.dataSource.getRepository(Game);
    const typed = await games.save({ week_id: week.id, home_team_id: kansasState.id, away_team_id: iowaState.id, game_date: new Date('2025-08-23T18:00:00Z'), status: 'scheduled' as const, is_tiebreaker: false });
    const extra = await games.save({ week_id: week.id, home_team_id: iowaState.id, away_team_id: kansasState.id, game_date: new Date('2025-08-24T18:00:00Z'), status: 'scheduled' as const, is_tiebreaker: false });
    const { user } = await t.member();
    await createPick(t.dataSource, extra, user.id, { selected_team_id: iowaState.id });

    const { body } = await preview(week.id).expect(201);
    const adopted = body.games.find((game: Json) => game.key === '401756846');
    expect(adopted).toMatchObject({ game_id: typed.id, change: 'changed', selected: true });
    expect(adopted.changes.map((change: Json) => change.field)).toEqual(['game_date', 'betting_line', 'betting_line_team', 'home_team_ranking', 'away_team_ranking', 'name']);
    expect(body.games.find((game: Json) => game.key === `game:${extra.id}`)).toMatchObject({ change: 'kept', selected: true, game_id: extra.id });

    // Leaving out the game with picks is refused, and nothing is written.
    const before = await counts();
    const refused = await apply(body.id, { games: ['401756846'], tiebreaker: null }).expect(409);
    expect(refused.body.errors[0]).toMatch(new RegExp(`Kansas State at Iowa State \\(game ${extra.id}\\) has 1 pick`));
    expect(await counts()).toEqual(before);
    expect((await t.dataSource.getRepository(ProviderImport).findOneByOrFail({ id: body.id })).status).toBe('preview');
    expect(await games.findOneByOrFail({ id: typed.id })).toMatchObject({ provider: null, external_id: null });

    // Ticked, it stays; the typed game is adopted, not duplicated.
    const applied = await apply(body.id, { games: ['401756846', '401756847', `game:${extra.id}`], tiebreaker: `game:${extra.id}` }).expect(200);
    expect(applied.body).toMatchObject({ created: 1, updated: 2, removed: 0, unchanged: 0 });
    expect(await games.findOneByOrFail({ id: typed.id })).toMatchObject({ provider: 'cfbd', external_id: '401756846', is_tiebreaker: false, betting_line: 2.5 });
    expect(await games.findOneByOrFail({ id: extra.id })).toMatchObject({ is_tiebreaker: true });
    expect(await games.countBy({ week_id: week.id })).toBe(3);

    // A game the week has but the import is not told to keep leaves the week.
    const next = await preview(week.id).expect(201);
    const removed = await apply(next.body.id, { games: ['401756846', `game:${extra.id}`], tiebreaker: null }).expect(200);
    expect(removed.body).toMatchObject({ created: 0, removed: 1, updated: 1, unchanged: 1 });
    expect(await games.countBy({ week_id: week.id })).toBe(2);
    expect(await games.findOneBy({ external_id: '401756847', week_id: week.id })).toBeNull();
  });

  it('refuses an apply that cannot be: twice, after the week changed, unknown keys, a tiebreaker not ticked, an unmatched team', async () => {
    const { week, keys } = await importedWeek();
    const [applied] = await t.dataSource.getRepository(ProviderImport).find({ where: { week_id: week.id, status: 'applied' }, order: { id: 'DESC' }, take: 1 });
    expect((await apply(applied.id, { games: keys, tiebreaker: null }).expect(409)).body.errors[0]).toMatch(/applied already/);

    // The week changed since the preview (an admin edited a game).
    const fresh = await preview(week.id).expect(201);
    const game = await t.dataSource.getRepository(Game).findOneByOrFail({ week_id: week.id, external_id: '401756847' });
    await t.http.patch(`/api/games/${game.id}`).set(bearer(admin)).send({ name: 'Edited by hand' }).expect(200);
    expect((await apply(fresh.body.id, { games: keys, tiebreaker: null }).expect(409)).body).toEqual({ errors: ["The week's games changed since this preview. Preview again."] });

    const current = await preview(week.id).expect(201);
    const before = await counts();
    expect((await apply(current.body.id, { games: [...keys, 'nope'], tiebreaker: null }).expect(422)).body.errors[0]).toMatch(/Unknown game keys.*nope/);
    expect((await apply(current.body.id, { games: keys.slice(1), tiebreaker: keys[0] }).expect(422)).body.errors[0]).toMatch(/tiebreaker/);
    expect((await apply(current.body.id, { games: 'all' }).expect(422)).body.errors[0]).toMatch(/games must be a list/);
    expect(await counts()).toEqual(before);

    // A provider team nobody mapped: refused while ticked, nothing written.
    const games = cfbdGames();
    games.push({ ...games[1], id: 999004, awayId: 999001, awayTeam: 'Nowhere Tech', awayClassification: 'fcs' });
    games.push({ ...games[0], id: 999002, homeId: 999003, homeTeam: 'Elsewhere State', homeClassification: 'fcs', notes: null });
    server.answer(GAMES_PATH, { json: games });
    const unmatched = await preview(week.id).expect(201);
    expect(unmatched.body.unmatched_teams.map((team: Json) => team.name)).toEqual(['Elsewhere State', 'Nowhere Tech']);
    const beforeUnmatched = await counts();
    const refused = await apply(unmatched.body.id, { games: keysOf(unmatched.body), tiebreaker: null }).expect(422);
    expect(refused.body.errors).toEqual(['Map or create these teams first: Elsewhere State, Nowhere Tech']);
    expect(await counts()).toEqual(beforeUnmatched);
    expect((await t.dataSource.getRepository(ProviderImport).findOneByOrFail({ id: unmatched.body.id })).status).toBe('preview');
  });

  it('previews from the keyless scoreboard, matching its short names', async () => {
    const week = await week1();
    const { body } = await preview(week.id, 'scoreboard').expect(201);
    expect(server.requests.some((path) => path.startsWith('/cfbd'))).toBe(false);
    expect(body.games).toHaveLength(96);
    const game = body.games.find((entry: Json) => entry.key === '6458983');
    expect(game).toMatchObject({
      home: { external_id: 'kansas-st', name: 'Kansas St.', team_name: 'Kansas State', rank: 17 },
      away: { external_id: 'iowa-st', name: 'Iowa St.', team_name: 'Iowa State', rank: 22 },
      fbs_vs_fbs: true,
      betting_line: null,
      line_source: null,
    });
    // Only non-FBS opponents may be left unmatched: none of the seeded FBS teams is.
    const fbs = new Set((await t.dataSource.getRepository(Team).findBy({ classification: 'fbs' })).map((team) => team.name));
    const unmatchedNames: string[] = body.unmatched_teams.map((team: Json) => team.name);
    expect(unmatchedNames.filter((name) => fbs.has(name))).toEqual([]);
    expect(body.games.filter((entry: Json) => entry.home.team_id !== null && entry.away.team_id !== null).length).toBeGreaterThanOrEqual(48);
  });
});
