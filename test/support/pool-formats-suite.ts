import { dateFromNow, hoursFromNow } from './factories';
import { bearer, TestApp } from './test-app';

export type Side = 'home' | 'away';
/** A game as these leagues use it: its id and its teams' names (picks name the team). */
export interface LeagueGame {
  id: number;
  home: string;
  away: string;
}
export interface Member {
  id: number;
  name: string;
  token: string;
}

/** The week's row as docs/pool-formats.md "Results" defines it. */
export type WeekRow = Record<'points' | 'wins' | 'losses' | 'pushes' | 'total_games' | 'win_percentage' | 'rank', number>;
export const WEEK_FIELDS = ['points', 'wins', 'losses', 'pushes', 'total_games', 'win_percentage', 'rank'] as const;
export const STANDING_FIELDS = [
  'total_points',
  'total_wins',
  'total_losses',
  'total_games',
  'total_pushes',
  'win_percentage',
  'weeks_participated',
  'weeks_dropped',
  'rank',
] as const;

/**
 * The set-up the hand-checked pool-format results files share: a test app, an admin session, and leagues built
 * through the API (seasons, weeks, teams, games, members and their picks) with their results read back. Call it
 * inside a describe: it registers the beforeAll and afterAll, and its t and admin are set once the beforeAll has run.
 */
export function poolFormatsSuite() {
  let t: TestApp;
  let admin: string;
  let conferenceId: number;
  let sequence = 0;
  const unique = () => `${process.pid}-${++sequence}`;

  beforeAll(async () => {
    t = await TestApp.start();
    admin = await t.adminToken();
    conferenceId = (await t.http.post('/api/conferences').set(bearer(admin)).send({ name: `Pool Formats ${unique()}` }).expect(201)).body.id;
  });
  afterAll(() => t.close());
  const s = { t: undefined as unknown as TestApp, admin: '' };
  beforeAll(() => Object.assign(s, { t, admin }));

  /** A season through the API; `rules` left out plays the spec's rules. */
  async function season(rules?: object): Promise<number> {
    const body = { name: `Formats ${unique()}`, start_date: dateFromNow(-30), end_date: dateFromNow(60), ...(rules ? { rules } : {}) };
    return (await t.http.post('/api/football_seasons').set(bearer(admin)).send(body).expect(201)).body.id;
  }

  /** Week 1 holds today (picks open); week 2 is the following one (upcoming, picks open too). */
  async function week(football_season_id: number, number: 1 | 2): Promise<number> {
    const [start, end] = number === 1 ? [-1, 5] : [6, 12];
    const body = { football_season_id, number, start_date: dateFromNow(start), end_date: dateFromNow(end) };
    return (await t.http.post('/api/weeks').set(bearer(admin)).send(body).expect(201)).body.id;
  }

  async function team(): Promise<{ id: number; name: string }> {
    const body = { name: `Team ${unique()}`, city: 'Springfield', state: 'IL', conference_id: conferenceId, webpage_url: 'https://example.com' };
    return (await t.http.post('/api/teams').set(bearer(admin)).send(body).expect(201)).body;
  }

  interface GameOptions {
    /** The favourite's side and the points it gives. */
    line?: [Side, number];
    tiebreaker?: boolean;
    /** Kickoff in hours from now; by default in the week's days, picks open. */
    kickoff?: number;
  }
  /** A game of week `number` (1 or 2) with its line, created by the admin. */
  async function game(week_id: number, number: 1 | 2, options: GameOptions = {}): Promise<LeagueGame> {
    const [home, away] = [await team(), await team()];
    const body = {
      week_id,
      home_team_id: home.id,
      away_team_id: away.id,
      game_date: hoursFromNow(options.kickoff ?? (number === 1 ? 48 : 24 * 8)).toISOString(),
      is_tiebreaker: options.tiebreaker ?? false,
      ...(options.line ? { betting_line_team: options.line[0], betting_line: options.line[1] } : {}),
    };
    const created = (await t.http.post('/api/games').set(bearer(admin)).send(body).expect(201)).body;
    return { id: created.id, home: home.name, away: away.name };
  }

  async function members(...names: string[]): Promise<Member[]> {
    const all: Member[] = [];
    for (const name of names) {
      const { user, token } = await t.member({ name });
      all.push({ id: user.id, name, token });
    }
    return all;
  }

  /** A member's own pick (POST /api/picks), with confidence/is_lock/tiebreaker fields as given. */
  async function pick(member: Member, g: LeagueGame, side: Side, extra: object = {}): Promise<void> {
    await t.http
      .post('/api/picks')
      .set(bearer(member.token))
      .send({ game_id: g.id, selected_winner: g[side], ...extra })
      .expect(201);
  }

  /** The admin's override for a member (after the deadline). */
  async function override(member: Member, g: LeagueGame, side: Side, extra: object = {}): Promise<void> {
    await t.http
      .post('/api/picks')
      .set(bearer(admin))
      .send({ game_id: g.id, selected_winner: g[side], user_id: member.id, reason: 'Phoned in before kickoff', ...extra })
      .expect(201);
  }

  const final = async (g: LeagueGame, home_score: number, away_score: number) =>
    t.http.put(`/api/games/${g.id}`).set(bearer(admin)).send({ home_score, away_score }).expect(200);
  const cancel = async (g: LeagueGame) => t.http.put(`/api/games/${g.id}`).set(bearer(admin)).send({ status: 'cancelled' }).expect(200);

  async function calculate(seasonId: number, weekIds: number[]): Promise<void> {
    for (const id of weekIds) await t.http.post(`/api/weekly_results/calculate/${id}`).set(bearer(admin)).expect(200);
    await t.http.post(`/api/season_results/calculate/${seasonId}`).set(bearer(admin)).expect(200);
  }

  /** The week's results by member name, the contract's fields (and the tiebreaker distance when asked). */
  async function weekly(seasonId: number, weekId: number, extra: string[] = []): Promise<Record<string, WeekRow>> {
    const rows = (await t.http.get('/api/weekly_results').query({ football_season_id: seasonId, week_id: weekId }).set(bearer(admin)).expect(200)).body;
    return Object.fromEntries(
      rows.map((row: { user: { name: string } } & Record<string, number>) => [row.user.name, Object.fromEntries([...WEEK_FIELDS, ...extra].map((key) => [key, row[key]]))]),
    );
  }

  /** The season standings by member name, the given fields of them. */
  async function standings(seasonId: number, fields: readonly string[] = STANDING_FIELDS): Promise<Record<string, Record<string, number>>> {
    const body = (await t.http.get(`/api/season_results/standings/${seasonId}`).set(bearer(admin)).expect(200)).body;
    return Object.fromEntries(
      body.standings.map((row: { user: { name: string } } & Record<string, number>) => [row.user.name, Object.fromEntries(fields.map((key) => [key, row[key]]))]),
    );
  }

  /** is_correct of each member's picks of the week, as `name: [is_correct per game, in the order given]` (undefined: no pick). */
  async function correctness(weekId: number, games: LeagueGame[]): Promise<Record<string, (boolean | null | undefined)[]>> {
    const picks: { user_id: number; user: { name: string }; game_id: number; is_correct: boolean | null }[] = (
      await t.http.get('/api/picks').query({ week_id: weekId }).set(bearer(admin)).expect(200)
    ).body;
    const names = [...new Set(picks.map((p) => p.user.name))];
    return Object.fromEntries(names.map((name) => [name, games.map((g) => picks.find((p) => p.user.name === name && p.game_id === g.id)?.is_correct)]));
  }

  return Object.assign(s, { unique, season, week, team, game, members, pick, override, final, cancel, calculate, weekly, standings, correctness });
}
