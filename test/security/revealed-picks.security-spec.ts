import { Clock } from '../../src/common/clock';
import { Team } from '../../src/teams/entities/team.entity';
import { User } from '../../src/users/entities/user.entity';
import { createGame, createPick } from '../support/factories';
import { ADMIN, bearer, TestApp } from '../support/test-app';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * A pick comes before the picks are revealed, never after (docs/decisions.md): once the pick grid showed everyone's
 * picks of a game, moving its kickoff later does not let a member change theirs, unless an admin reopens the game,
 * which is recorded.
 */
describe('Revealed picks stay locked', () => {
  let t: TestApp;
  let admin: string;
  /** A whole second: MariaDB's DATETIME keeps no milliseconds. */
  const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);

  beforeAll(async () => {
    t = await TestApp.start();
    jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => new Date(NOW));
    admin = await t.adminToken();
  });
  afterAll(() => t.close());

  it('V11.1.1 a member cannot pick after seeing the others\' picks; only an explicit, audited reopening lets them', async () => {
    const game = await createGame(t.dataSource, { game_date: new Date(NOW.getTime() + 30 * MINUTE) });
    const away = await t.dataSource.getRepository(Team).findOneByOrFail({ id: game.away_team_id });
    const member = await t.member();
    const other = await t.member();
    await createPick(t.dataSource, game, member.user.id, { selected_team_id: game.home_team_id });
    await createPick(t.dataSource, game, other.user.id, { selected_team_id: away.id });
    const grid = await t.http.get(`/api/weeks/${game.week_id}/pick_grid`).set(bearer(member.token)).expect(200);
    expect(grid.body.members.find((row: { user: { id: number } }) => row.user.id === other.user.id).picks[0]).toEqual(
      expect.objectContaining({ status: 'shown', selected_winner: away.name }),
    );

    // The kickoff moves three days later: the deadline is ahead again, but the game stays closed.
    const later = new Date(NOW.getTime() + 3 * DAY).toISOString();
    await t.http.patch(`/api/games/${game.id}`).set(bearer(admin)).send({ game_date: later }).expect(200);
    const pick = () => t.http.post('/api/picks').set(bearer(member.token)).send({ game_id: game.id, week_id: game.week_id, selected_winner: away.name });
    expect((await pick().expect(422)).body.errors[0]).toBe('Pick deadline has passed - no changes allowed');
    expect((await t.http.get(`/api/games/${game.id}`).set(bearer(member.token)).expect(200)).body).toEqual(
      expect.objectContaining({ deadline_status: 'closed', picks_allowed: false }),
    );

    // Only an admin reopens it, and the reopening is in the game's history and the security log.
    await t.http.patch(`/api/games/${game.id}`).set(bearer(member.token)).send({ reopen_picks: true }).expect(403);
    await pick().expect(422);
    await t.http.patch(`/api/games/${game.id}`).set(bearer(admin)).send({ reopen_picks: true }).expect(200);
    const history = (await t.http.get(`/api/games/${game.id}/history`).set(bearer(admin)).expect(200)).body as { action: string }[];
    expect(history.map((entry) => entry.action)).toEqual(['picks_reopened', 'picks_locked']);
    const adminId = (await t.dataSource.getRepository(User).findOneByOrFail({ email: ADMIN.email })).id;
    const events: { actor_id: number | string }[] = await t.dataSource.query("SELECT actor_id FROM security_events WHERE type = 'picks_reopened'");
    expect(events.map((event) => Number(event.actor_id))).toEqual([adminId]);
    await pick().expect(200);
  });
});
