import { Clock } from '../../src/common/clock';
import { Game } from '../../src/games/entities/game.entity';
import { createTeam, createWeek } from './factories';
import { bearer, TestApp } from './test-app';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/**
 * The set-up the games API test files share: a test app whose clock stands still at NOW, an admin and a member
 * session, and requests to /api/games. Call it inside a describe: it registers the beforeAll and afterAll, and its
 * t, admin, member and memberId are set once the beforeAll has run.
 */
export function gamesSuite() {
  /** The server's "now" for the file, on a whole second (MariaDB DATETIME keeps no milliseconds). */
  const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
  const fromNow = (ms: number) => new Date(NOW.getTime() + ms);
  const s = { t: undefined as unknown as TestApp, admin: '', member: '', memberId: 0 };
  const games = () => s.t.dataSource.getRepository(Game);
  const helpers = {
    NOW,
    fromNow,
    games,
    stored: (id: number) => games().findOneByOrFail({ id }),
    gameCount: () => games().count(),
    /** A week and two teams to build a game from, all new. */
    async fixture() {
      const week = await createWeek(s.t.dataSource);
      const home = await createTeam(s.t.dataSource, { nickname: 'Hosts' });
      const away = await createTeam(s.t.dataSource, { nickname: 'Visitors' });
      const other = await createTeam(s.t.dataSource);
      const body = { week_id: week.id, home_team_id: home.id, away_team_id: away.id, game_date: fromNow(3 * DAY).toISOString() };
      return { week, home, away, other, body };
    },
    post: (body: object, token = s.admin) => s.t.http.post('/api/games').set(bearer(token)).send(body),
    patch: (id: number, body: object, token = s.admin) => s.t.http.patch(`/api/games/${id}`).set(bearer(token)).send(body),
    put: (id: number, body: object, token = s.admin) => s.t.http.put(`/api/games/${id}`).set(bearer(token)).send(body),
    get: (path: string, token = s.member) => s.t.http.get(path).set(bearer(token)),
  };

  beforeAll(async () => {
    s.t = await TestApp.start();
    jest.spyOn(s.t.app.get(Clock), 'now').mockImplementation(() => new Date(NOW));
    s.admin = await s.t.adminToken();
    const session = await s.t.member();
    s.member = session.token;
    s.memberId = session.user.id;
  });
  afterAll(() => s.t.close());
  return Object.assign(s, helpers);
}
