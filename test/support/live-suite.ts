import { Clock } from '../../src/common/clock';
import { Game } from '../../src/games/entities/game.entity';
import { Team } from '../../src/teams/entities/team.entity';
import { createGame, createSeason, createWeek, hoursFromNow } from './factories';
import { bearer, TestApp } from './test-app';

export interface Cell {
  game_id: number;
  status: 'hidden' | 'shown' | 'none';
  selected_winner?: string;
}
export interface Row {
  user: { id: number; name: string };
  picks_made: number;
  wins: number;
  picks: Cell[];
}
export interface LiveGame {
  id: number;
  status: string;
  home_score: number | null;
  away_score: number | null;
  locked: boolean;
  cover: string | null;
  pick_counts: { home: number; away: number } | null;
}
export interface Contender {
  user: { id: number; name: string };
  status: string;
}

/**
 * The set-up the live board's API test files share: a test app, an admin session, a server clock each test moves on
 * (s.now), and requests to the board. Call it inside a describe: it registers the hooks, and its t and admin are set
 * once the beforeAll has run.
 */
export function liveSuite() {
  /** now: the server's clock, moved on by each test: the board is kept 5 seconds by it, so no test sleeps. */
  const s = { t: undefined as unknown as TestApp, admin: '', run: 0, now: Date.now() };
  let tests = 0;

  beforeAll(async () => {
    s.t = await TestApp.start();
    s.admin = await s.t.adminToken();
  });
  afterAll(() => s.t.close());
  beforeEach(() => {
    // Every test starts a minute later than the one before (or before a test that jumped ahead): nothing kept carries over.
    s.now = Date.now() + ++tests * 60_000;
    jest.spyOn(s.t.app.get(Clock), 'now').mockImplementation(() => new Date(s.now));
  });
  afterEach(() => jest.restoreAllMocks());

  const helpers = {
    teamOf: (id: number) => s.t.dataSource.getRepository(Team).findOneByOrFail({ id }),
    live: (weekId: number, token: string) => s.t.http.get(`/api/weeks/${weekId}/live`).set(bearer(token)),
    rowOf: (body: { members: Row[] }, userId: number) => body.members.find((row) => row.user.id === userId)!,
    cellOf: (row: Row, game: Game) => row.picks.find((cell) => cell.game_id === game.id)!,
    gameOf: (body: { games: LiveGame[] }, game: Game) => body.games.find((one) => one.id === game.id)!,
    /** A week with a game still open for picks (kickoff in 3 days) and one locked (kickoff in 30 minutes); two members. */
    async week() {
      const t = s.t;
      const season = await createSeason(t.dataSource);
      const { id: week_id, number } = await createWeek(t.dataSource, { football_season_id: season.id });
      const open = await createGame(t.dataSource, { week_id, game_date: hoursFromNow(72), is_tiebreaker: true });
      const locked = await createGame(t.dataSource, { week_id, game_date: hoursFromNow(0.5) });
      s.run++;
      const ann = await t.member({ name: `Live ${s.run} Ann` });
      const bob = await t.member({ name: `Live ${s.run} Bob` });
      return { season, week_id, number, open, locked, ann, bob };
    },
  };
  return Object.assign(s, helpers);
}
