import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { Game } from '../../src/games/entities/game.entity';
import { csvSchedule } from '../../src/imports/providers/csv.provider';
import { Conference } from '../../src/teams/entities/conference.entity';
import { Team } from '../../src/teams/entities/team.entity';
import { createConference, createGame, createSeason, createTeam, createWeek } from '../support/factories';
import { bearer, TestApp } from '../support/test-app';

const BOM = '\uFEFF';
const GAMES_HEADER = 'game_id,game_date,away_team,home_team,away_rank,home_rank,betting_line,betting_line_team,is_tiebreaker,status,away_score,home_score,name';
const TEAMS_HEADER = 'id,name,nickname,mascot,conference,city,state,webpage_url,classification,alternate_names';

describe('CSV export and import', () => {
  let t: TestApp;
  let admin: string;
  let member: string;

  let n = 0;
  const unique = (prefix: string) => `${prefix} ${process.pid}-${++n}`;
  const teams = () => t.dataSource.getRepository(Team);
  const conferences = () => t.dataSource.getRepository(Conference);

  beforeAll(async () => {
    t = await TestApp.start();
    admin = await t.adminToken();
    member = (await t.member()).token;
  });
  afterAll(() => t.close());

  describe("a week's games", () => {
    /** A week of three games: a scheduled one with a name and a formula-like team, the tiebreaker with a line, a final. */
    async function weekOfGames() {
      const season = await createSeason(t.dataSource, { name: unique('Season'), year: 2025 });
      const week = await createWeek(t.dataSource, { football_season_id: season.id, number: 3 });
      const [ohioState, texas, syracuse, tennessee, navy] = await Promise.all(
        ['Ohio State', 'Texas', 'Syracuse', 'Tennessee', 'Navy'].map((name) => createTeam(t.dataSource, { name: unique(name) })),
      );
      const formula = await createTeam(t.dataSource, { name: unique('=HYPERLINK("x")') });
      const tiebreaker = await createGame(t.dataSource, {
        week_id: week.id,
        home_team_id: ohioState.id,
        away_team_id: texas.id,
        game_date: new Date('2025-09-13T16:00:00Z'),
        is_tiebreaker: true,
        betting_line: 2.5,
        betting_line_team: 'home',
        home_team_ranking: 3,
        away_team_ranking: 1,
      });
      const final = await createGame(t.dataSource, {
        week_id: week.id,
        home_team_id: tennessee.id,
        away_team_id: syracuse.id,
        game_date: new Date('2025-09-13T19:30:00Z'),
        status: 'completed',
        home_score: 26,
        away_score: 45,
        winner_team_id: syracuse.id,
        betting_line: 14,
        betting_line_team: 'away',
      });
      const first = await createGame(t.dataSource, {
        week_id: week.id,
        home_team_id: navy.id,
        away_team_id: formula.id,
        game_date: new Date('2025-09-12T23:00:00Z'),
        name: 'Friday Night, "Lights"',
      });
      // A game of another week is not in the file.
      await createGame(t.dataSource, { home_team_id: ohioState.id, away_team_id: texas.id });
      return { season, week, games: { first, tiebreaker, final }, teams: { ohioState, texas, syracuse, tennessee, navy, formula } };
    }

    it('downloads the games as CSV ordered by kickoff, ISO 8601 UTC, teams by name, yes/no, empty cells for nulls, formulas guarded', async () => {
      const { season, week, games, teams: named } = await weekOfGames();
      const response = await t.http.get(`/api/weeks/${week.id}/games.csv`).set(bearer(admin)).expect(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${season.name} week 3 games.csv"`);
      expect(response.text).toBe(
        [
          `${BOM}${GAMES_HEADER}`,
          `${games.first.id},2025-09-12T23:00:00Z,"'${named.formula.name.replace(/"/g, '""')}",${named.navy.name},,,,,no,scheduled,,,"Friday Night, ""Lights"""`,
          `${games.tiebreaker.id},2025-09-13T16:00:00Z,${named.texas.name},${named.ohioState.name},1,3,2.5,home,yes,scheduled,,,`,
          `${games.final.id},2025-09-13T19:30:00Z,${named.syracuse.name},${named.tennessee.name},,,14,away,no,completed,45,26,`,
          '',
        ].join('\n'),
      );
    });

    it('reads back through the csv provider as the same games, line and tiebreaker', async () => {
      const { week, games } = await weekOfGames();
      const response = await t.http.get(`/api/weeks/${week.id}/games.csv`).set(bearer(admin)).expect(200);
      const schedule = csvSchedule(response.text, { year: 2025, week: 3, timeZone: 'America/New_York' });

      const stored = await t.dataSource.getRepository(Game).find({ where: { week_id: week.id }, relations: { home_team: true, away_team: true }, order: { game_date: 'ASC' } });
      expect(schedule.games.map((game) => game.external_id)).toEqual(stored.map((game) => `game:${game.id}`));
      expect(
        schedule.games.map((game) => ({
          kickoff: game.kickoff.toISOString(),
          home: game.home.name,
          away: game.away.name,
          home_rank: game.home_rank,
          away_rank: game.away_rank,
          status: game.status,
          home_score: game.home_score,
          away_score: game.away_score,
          name: game.name,
        })),
      ).toEqual(
        stored.map((game) => ({
          kickoff: game.game_date.toISOString(),
          home: game.home_team!.name,
          away: game.away_team!.name,
          home_rank: game.home_team_ranking,
          away_rank: game.away_team_ranking,
          status: game.status,
          home_score: game.home_score,
          away_score: game.away_score,
          name: game.name,
        })),
      );
      expect(schedule.lines.map(({ game_external_id, source, spread }) => ({ game_external_id, source, spread }))).toEqual([
        { game_external_id: `game:${games.tiebreaker.id}`, source: 'csv', spread: -2.5 },
        { game_external_id: `game:${games.final.id}`, source: 'csv', spread: 14 },
      ]);
      expect(schedule.tiebreaker).toBe(`game:${games.tiebreaker.id}`);
    });

    it('answers a week without games with the header only, and 404 for an unknown week', async () => {
      const week = await createWeek(t.dataSource);
      expect((await t.http.get(`/api/weeks/${week.id}/games.csv`).set(bearer(admin)).expect(200)).text).toBe(`${BOM}${GAMES_HEADER}\n`);
      expect((await t.http.get('/api/weeks/999999/games.csv').set(bearer(admin)).expect(404)).body).toEqual({ errors: ['Week not found'] });
    });
  });

  describe('teams', () => {
    const exportTeams = async () => (await t.http.get('/api/teams.csv').set(bearer(admin)).expect(200)).text;
    const importTeams = (csv: string, token = admin) => t.http.post('/api/teams/import').set(bearer(token)).send({ csv });
    /** The exported file's rows by team name. */
    const rowsOf = (csv: string) => parse(csv, { bom: true, columns: true }) as Record<string, string>[];
    const snapshot = async () => ({
      teams: await teams().find({ order: { id: 'ASC' } }),
      conferences: await conferences().find({ order: { id: 'ASC' } }),
    });

    it('downloads every team with its conference by name and alternate names joined by "; "', async () => {
      const conference = await createConference(t.dataSource, { name: unique('Sun Belt') });
      const team = await createTeam(t.dataSource, {
        name: unique('Appalachian State'),
        nickname: 'Mountaineers',
        conference_id: conference.id,
        alternate_names: ['App State', 'Appalachian St.'],
        classification: 'fbs',
      });
      const response = await t.http.get('/api/teams.csv').set(bearer(admin)).expect(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="teams.csv"');
      const lines = response.text.split('\n');
      expect(lines[0]).toBe(`${BOM}${TEAMS_HEADER}`);
      expect(lines).toContain(`${team.id},${team.name},Mountaineers,,${conference.name},Springfield,IL,https://example.com,fbs,App State; Appalachian St.`);
      expect(lines).toHaveLength((await teams().count()) + 2);
    });

    it('imports its own export as it is: nothing created, nothing updated', async () => {
      await createTeam(t.dataSource, { alternate_names: ['One', 'Two'], classification: 'fcs', mascot: '@Mascot' });
      const csv = await exportTeams();
      const before = await snapshot();
      const response = await importTeams(csv).expect(200);
      expect(response.body).toEqual({ created: 0, updated: 0, unchanged: before.teams.length });
      expect(await snapshot()).toEqual(before);
    });

    it('applies an edited file: a team renamed by id, one found by name, and a new team in FCS (created on first use)', async () => {
      const conference = await createConference(t.dataSource, { name: unique('Big Ten') });
      const renamed = await createTeam(t.dataSource, { conference_id: conference.id });
      const byName = await createTeam(t.dataSource, { conference_id: conference.id, nickname: 'Old nickname' });
      const csv = await exportTeams();
      const rows = rowsOf(csv);
      const exported = rows.length;
      const newName = unique('Renamed U');
      const fcsTeam = unique('Montana State');
      expect(await conferences().existsBy({ name: 'FCS' })).toBe(false);

      for (const row of rows) {
        if (Number(row.id) === renamed.id) row.name = newName;
        if (Number(row.id) === byName.id) Object.assign(row, { id: '', name: byName.name.toUpperCase(), nickname: 'Hornets', alternate_names: 'B one;  ; B two ' });
      }
      // The conference and classification spelled as people type them.
      rows.push({ id: '', name: fcsTeam, nickname: 'Bobcats', mascot: '', conference: 'fcs', city: '', state: '', webpage_url: '', classification: 'FCS', alternate_names: '' });
      const edited = stringify(rows, { header: true, columns: TEAMS_HEADER.split(','), record_delimiter: 'windows' });
      const response = await importTeams(edited).expect(200);
      expect(response.body).toEqual({ created: 1, updated: 2, unchanged: exported - 2 });

      expect(await teams().findOneByOrFail({ id: renamed.id })).toEqual({ ...renamed, name: newName, alternate_names: null, classification: null });
      expect(await teams().findOneByOrFail({ id: byName.id })).toEqual(
        expect.objectContaining({ name: byName.name.toUpperCase(), nickname: 'Hornets', alternate_names: ['B one', 'B two'], conference_id: conference.id }),
      );
      const fcs = await conferences().findOneByOrFail({ name: 'FCS' });
      expect(await teams().findOneByOrFail({ name: fcsTeam })).toEqual(
        expect.objectContaining({ nickname: 'Bobcats', conference_id: fcs.id, city: '', state: '', webpage_url: '', classification: 'fcs', wins: 0, losses: 0 }),
      );
      // The FCS team goes out and back in unchanged too, empty cells and all.
      expect((await importTeams(await exportTeams()).expect(200)).body).toEqual({ created: 0, updated: 0, unchanged: await teams().count() });
    });

    it('keeps what a column the file leaves out says', async () => {
      const team = await createTeam(t.dataSource, { mascot: 'Mike', classification: 'fbs', alternate_names: ['LSU'] });
      const conference = await conferences().findOneByOrFail({ id: team.conference_id });
      const response = await importTeams(`id,name,conference\n${team.id},${team.name} II,${conference.name}\n`).expect(200);
      expect(response.body).toEqual({ created: 0, updated: 1, unchanged: 0 });
      expect(await teams().findOneByOrFail({ id: team.id })).toEqual({ ...team, name: `${team.name} II` });
    });

    it('refuses a file with problems, naming each line, and writes nothing', async () => {
      const conference = await createConference(t.dataSource, { name: unique('ACC') });
      const team = await createTeam(t.dataSource, { conference_id: conference.id });
      const other = await createTeam(t.dataSource, { conference_id: conference.id });
      const before = await snapshot();
      const newTeam = unique('Fine New Team');
      const file = [
        TEAMS_HEADER,
        `,${newTeam},,,${conference.name},Durham,NC,https://goduke.com,fbs,`,
        `${team.id},${team.name} Renamed,,,${conference.name},Springfield,IL,https://example.com,,`,
        `,,,,${conference.name},Durham,NC,https://goduke.com,,`,
        `,${unique('Nowhere U')},,,No Such Conference,Durham,NC,https://goduke.com,,`,
        `,${unique('Bad Url U')},,,${conference.name},Durham,NC,goduke dot com,,`,
        `,${unique('Bad Class U')},,,${conference.name},Durham,NC,https://goduke.com,fbs2,`,
        `,${newTeam.toUpperCase()},,,${conference.name},Durham,NC,https://goduke.com,,`,
        `999999,${unique('Ghost U')},,,${conference.name},Durham,NC,https://goduke.com,,`,
        `${other.id},${team.name},,,${conference.name},Springfield,IL,https://example.com,,`,
        `,${unique('No City U')},,,${conference.name},,NC,https://goduke.com,,`,
      ].join('\n');
      const response = await importTeams(file).expect(422);
      expect(response.body.errors).toEqual([
        'Line 4: name is required',
        'Line 5: conference No Such Conference does not exist; create it first (only FCS is created on first use)',
        'Line 6: webpage_url must be a web address starting with http:// or https://',
        'Line 7: classification must be one of: fbs, fcs, ii, iii',
        `Line 8: the name ${newTeam.toUpperCase()} is already on line 2`,
        'Line 9: no team has id 999999; leave id empty to create a team',
        `Line 10: the name ${team.name} belongs to another team (id ${team.id})`,
        'Line 11: city is required',
      ]);
      expect(await snapshot()).toEqual(before);
    });

    it('refuses an unknown column, a file without a header and a body without csv', async () => {
      expect((await importTeams('id,name,conference,colour\n,X,Y,red').expect(422)).body.errors).toEqual([
        `Unknown column: colour; the columns are ${TEAMS_HEADER.split(',').join(', ')}`,
      ]);
      expect((await importTeams('1,Clemson,ACC').expect(422)).body.errors).toEqual([
        `The first line must be the header naming the columns: ${TEAMS_HEADER.split(',').join(', ')}`,
      ]);
      expect((await t.http.post('/api/teams/import').set(bearer(admin)).send({}).expect(422)).body.errors).toEqual(['csv is required']);
    });
  });

  describe('team fields for imports', () => {
    it('accepts, shows and changes alternate names and classification', async () => {
      const conference = await createConference(t.dataSource);
      const body = { name: unique('Florida International'), city: 'Miami', state: 'FL', conference_id: conference.id, webpage_url: 'https://fiusports.com' };
      const created = await t.http
        .post('/api/teams')
        .set(bearer(admin))
        .send({ ...body, alternate_names: [' FIU ', '', 'fiu', 'Florida Intl'], classification: 'FBS' })
        .expect(201);
      expect(created.body).toEqual(expect.objectContaining({ alternate_names: ['FIU', 'Florida Intl'], classification: 'fbs' }));
      const id = created.body.id as number;
      const cleared = await t.http.put(`/api/teams/${id}`).set(bearer(admin)).send({ alternate_names: [], classification: null }).expect(200);
      expect(cleared.body).toEqual(expect.objectContaining({ alternate_names: [], classification: null }));
      expect(await teams().findOneByOrFail({ id })).toEqual(expect.objectContaining({ alternate_names: null, classification: null }));
    });

    it.each([
      [{ classification: 'fbs2' }, 'classification must be one of: fbs, fcs, ii, iii'],
      [{ alternate_names: 'FIU' }, 'alternate_names must be a list of names'],
      [{ alternate_names: [7] }, 'each of alternate_names must be text'],
      [{ alternate_names: ['x'.repeat(101)] }, 'each of alternate_names must be at most 100 characters'],
    ])('refuses %j', async (fields, message) => {
      const team = await createTeam(t.dataSource);
      const response = await t.http.patch(`/api/teams/${team.id}`).set(bearer(admin)).send(fields).expect(422);
      expect(response.body.errors).toEqual([message]);
    });
  });

  describe('access', () => {
    it.each([
      ['GET', '/api/teams.csv'],
      ['POST', '/api/teams/import'],
      ['GET', '/api/weeks/1/games.csv'],
    ])('%s %s is for admins only', async (method, path) => {
      const call = (token?: string) => {
        const req = method === 'GET' ? t.http.get(path) : t.http.post(path).send({ csv: TEAMS_HEADER });
        return token ? req.set(bearer(token)) : req;
      };
      await call(member).expect(403);
      await call().expect(401);
    });
  });
});

describe("A week's games from a spreadsheet's dates", () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    // Not the default zone, so the kickoffs below can only come out right when TZ_DISPLAY is the one read.
    t = await TestApp.start({ TZ_DISPLAY: 'America/Chicago' });
    admin = await t.adminToken();
  });
  afterAll(() => t.close());

  it('reads the spreadsheet forms as times in TZ_DISPLAY, across the autumn clock change, and stores those kickoffs', async () => {
    const season = await createSeason(t.dataSource, { name: 'Spreadsheet dates', year: 2026 });
    const week = await createWeek(t.dataSource, { football_season_id: season.id, number: 10 });
    const [rice, tulane, army, navy, temple, tulsa, utep, smu] = await Promise.all(
      ['Rice', 'Tulane', 'Army', 'Navy', 'Temple', 'Tulsa', 'UTEP', 'SMU'].map((name) => createTeam(t.dataSource, { name: `${name} ${process.pid}` })),
    );
    const csv = [
      'game_date,away_team,home_team',
      // Saturday before the change: CDT (-5); Sunday after it: CST (-6).
      `10/31/2026 11:00 am,${rice.name},${tulane.name}`,
      `11/1/2026 11:00 AM,${army.name},${navy.name}`,
      `12/31/2026 19:30,${temple.name},${tulsa.name}`,
      `2026-12-31 7:30,${utep.name},${smu.name}`,
    ].join('\r\n');
    const preview = (await t.http.post('/api/imports').set(bearer(admin)).send({ week_id: week.id, provider: 'csv', csv }).expect(201)).body;
    // The preview lists the games by kickoff.
    expect(preview.games.map((game: { game_date: string; start_time_tbd: boolean }) => [game.game_date, game.start_time_tbd])).toEqual([
      ['2026-10-31T16:00:00.000Z', false],
      ['2026-11-01T17:00:00.000Z', false],
      ['2026-12-31T13:30:00.000Z', false],
      ['2027-01-01T01:30:00.000Z', false],
    ]);
    const keys = preview.games.map((game: { key: string }) => game.key);
    await t.http.post(`/api/imports/${preview.id}/apply`).set(bearer(admin)).send({ games: keys, tiebreaker: keys[0] }).expect(200);

    const stored = await t.dataSource.getRepository(Game).find({ where: { week_id: week.id }, order: { game_date: 'ASC' } });
    expect(stored.map((game) => [game.away_team_id, game.game_date.toISOString()])).toEqual([
      [rice.id, '2026-10-31T16:00:00.000Z'],
      [army.id, '2026-11-01T17:00:00.000Z'],
      [utep.id, '2026-12-31T13:30:00.000Z'],
      [temple.id, '2027-01-01T01:30:00.000Z'],
    ]);
  });

  it('refuses a kickoff in none of the forms, naming the line, the forms and the zone, and writes nothing', async () => {
    const week = await createWeek(t.dataSource);
    const [away, home] = await Promise.all(['Away', 'Home'].map((name) => createTeam(t.dataSource, { name: `${name} ${process.pid}` })));
    const csv = ['game_date,away_team,home_team', `Dec 31 2026 7:30 PM,${away.name},${home.name}`, `12/31/2026 13:30 PM,${home.name},${away.name}`].join('\n');
    const response = await t.http.post('/api/imports').set(bearer(admin)).send({ week_id: week.id, provider: 'csv', csv }).expect(422);
    expect(response.body.errors).toEqual([
      'Line 2: game_date must be a date and time such as 12/31/2026 7:30 PM, 12/31/2026 19:30, 2026-12-31 19:30, 12/31/2026 (time TBD) or 2026-12-31T19:30:00Z (times without a zone are in America/Chicago)',
      'Line 3: game_date has 13 PM: with AM or PM the hour is 1 to 12',
    ]);
    expect(await t.dataSource.getRepository(Game).countBy({ week_id: week.id })).toBe(0);
  });
});
