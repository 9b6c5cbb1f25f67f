import { Clock } from '../../src/common/clock';
import { Game } from '../../src/games/entities/game.entity';
import { Pick } from '../../src/picks/entities/pick.entity';
import { Team } from '../../src/teams/entities/team.entity';
import { createGame, createPick, createWeek, dateFromNow } from '../support/factories';
import { User } from '../../src/users/entities/user.entity';
import { ADMIN, bearer, TestApp } from '../support/test-app';
import { DAY, gamesSuite, HOUR, MINUTE } from '../support/games-suite';

describe('Games', () => {
  const s = gamesSuite();
  const { NOW, fromNow, games, stored, patch, put, get } = s;
  let t: TestApp, admin: string, member: string, memberId: number;
  beforeAll(() => ({ t, admin, member, memberId } = s));

  describe('deadline fields at the server clock', () => {
    it.each<[string, number, string, number, boolean]>([
      ['30 minutes before the deadline', 90 * MINUTE, 'closing_soon', 30, true],
      ['3 days away', 3 * DAY + HOUR, 'open', 3 * 24 * 60, true],
      ['at the deadline instant', HOUR, 'closed', 0, false],
      ['kicked off', -10 * MINUTE, 'closed', 0, false],
    ])('a game %s', async (_label, kickoffIn, status, minutes, allowed) => {
      const game = await createGame(t.dataSource, { game_date: fromNow(kickoffIn) });
      const expected = {
        game_date: fromNow(kickoffIn).toISOString(),
        pick_deadline: fromNow(kickoffIn - HOUR).toISOString(),
        deadline_status: status,
        minutes_until_deadline: minutes,
        picks_allowed: allowed,
      };
      expect((await get(`/api/games/${game.id}`).expect(200)).body).toEqual(expect.objectContaining(expected));
      const listed = await get(`/api/games?week_id=${game.week_id}`).expect(200);
      expect(listed.body).toEqual([expect.objectContaining({ id: game.id, ...expected })]);
    });

    it('refuses picks for a game in a past week, even before its deadline', async () => {
      const week = await createWeek(t.dataSource, { start_date: dateFromNow(-14), end_date: dateFromNow(-8) });
      const game = await createGame(t.dataSource, { week_id: week.id, game_date: fromNow(3 * DAY) });
      expect((await get(`/api/games/${game.id}`).expect(200)).body).toEqual(expect.objectContaining({ deadline_status: 'open', picks_allowed: false }));
    });

    it.each([
      ['completed', 'closed'],
      ['cancelled', 'open'],
    ] as const)('refuses picks for a %s game, its deadline %s', async (status, deadline) => {
      const game = await createGame(t.dataSource, { status, game_date: fromNow(3 * DAY) });
      expect((await get(`/api/games/${game.id}`).expect(200)).body).toEqual(expect.objectContaining({ status, deadline_status: deadline, picks_allowed: false }));
    });

    it('follows the clock: the same game closes once its deadline passes', async () => {
      const game = await createGame(t.dataSource, { game_date: fromNow(2 * HOUR) });
      expect((await get(`/api/games/${game.id}`)).body.deadline_status).toBe('closing_soon');
      const clock = jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => fromNow(HOUR));
      try {
        expect((await get(`/api/games/${game.id}`)).body).toEqual(expect.objectContaining({ deadline_status: 'closed', picks_allowed: false }));
      } finally {
        clock.mockImplementation(() => new Date(NOW));
      }
    });
  });

  describe('revealed picks stay locked (docs/decisions.md)', () => {
    const securityEvents = (type: string) => t.dataSource.query('SELECT type, user_id, actor_id, details FROM security_events WHERE type = ?', [type]);
    const history = async (id: number) => (await get(`/api/games/${id}/history`, admin).expect(200)).body as { action: string; previous_value: Record<string, unknown>; new_value: Record<string, unknown> }[];
    const pickFor = (game: Game, team: Team) =>
      t.http.post('/api/picks').set(bearer(member)).send({ game_id: game.id, week_id: game.week_id, selected_winner: team.name });
    const adminId = async () => (await t.dataSource.getRepository(User).findOneByOrFail({ email: ADMIN.email })).id;

    /** A game 30 minutes before kickoff (its deadline passed 30 minutes ago), picked by the member and another member. */
    async function revealedGame() {
      const game = await createGame(t.dataSource, { game_date: fromNow(30 * MINUTE) });
      const home = await t.dataSource.getRepository(Team).findOneByOrFail({ id: game.home_team_id });
      const away = await t.dataSource.getRepository(Team).findOneByOrFail({ id: game.away_team_id });
      const other = await t.member();
      await createPick(t.dataSource, game, memberId, { selected_team_id: home.id });
      await createPick(t.dataSource, game, other.user.id, { selected_team_id: away.id });
      const grid = await get(`/api/weeks/${game.week_id}/pick_grid`).expect(200);
      const otherRow = grid.body.members.find((row: { user: { id: number } }) => row.user.id === other.user.id);
      // The pick grid already shows everyone's pick of the game to the member.
      expect(otherRow.picks).toEqual([expect.objectContaining({ game_id: game.id, status: 'shown', selected_winner: away.name })]);
      return { game, home, away, other };
    }

    it('keeps a revealed game closed when an admin moves its kickoff later, and records the lock in its history', async () => {
      const { game, home, away, other } = await revealedGame();
      const moved = await patch(game.id, { game_date: fromNow(3 * DAY).toISOString() }).expect(200);
      expect(moved.body).toEqual(
        expect.objectContaining({
          game_date: fromNow(3 * DAY).toISOString(),
          pick_deadline: fromNow(3 * DAY - HOUR).toISOString(),
          deadline_status: 'closed',
          minutes_until_deadline: 0,
          picks_allowed: false,
          picks_locked_at: NOW.toISOString(),
        }),
      );
      expect((await stored(game.id)).picks_locked_at).toEqual(NOW);
      expect((await get(`/api/games?week_id=${game.week_id}`).expect(200)).body).toEqual([expect.objectContaining({ id: game.id, deadline_status: 'closed', picks_allowed: false, picks_locked_at: NOW.toISOString() })]);

      // The member cannot switch to the side they saw the others take, and the grid keeps showing the picks.
      const refused = await pickFor(game, away).expect(422);
      expect(refused.body.errors[0]).toBe('Pick deadline has passed - no changes allowed');
      expect((await t.dataSource.getRepository(Pick).findOneByOrFail({ game_id: game.id, user_id: memberId })).selected_team_id).toBe(home.id);
      const grid = await get(`/api/weeks/${game.week_id}/pick_grid`).expect(200);
      expect(grid.body.games).toEqual([expect.objectContaining({ id: game.id, locked: true })]);
      const otherRow = grid.body.members.find((row: { user: { id: number } }) => row.user.id === other.user.id);
      expect(otherRow.picks[0]).toEqual(expect.objectContaining({ status: 'shown', selected_winner: away.name }));

      const [entry] = await history(game.id);
      expect(entry).toEqual(
        expect.objectContaining({
          action: 'picks_locked',
          previous_value: expect.objectContaining({ picks_locked_at: null }),
          new_value: expect.objectContaining({ picks_locked_at: NOW.toISOString() }),
        }),
      );
      // Another edit keeps the lock (and records nothing new about it).
      await patch(game.id, { name: 'Moved', game_date: fromNow(4 * DAY).toISOString() }).expect(200);
      expect((await stored(game.id)).picks_locked_at).toEqual(NOW);
      expect((await history(game.id)).filter((e) => e.action === 'picks_locked')).toHaveLength(1);
    });

    it('reopens the picks only when an admin says so (reopen_picks), audited in the history and the security log', async () => {
      const { game, away } = await revealedGame();
      await patch(game.id, { game_date: fromNow(3 * DAY).toISOString() }).expect(200);

      // Members may not reopen; a malformed flag is refused; neither changes the lock.
      await patch(game.id, { reopen_picks: true }, member).expect(403);
      const malformed = await patch(game.id, { reopen_picks: 'yes' }).expect(422);
      expect(malformed.body.errors).toEqual(['reopen_picks must be true or false']);
      expect((await stored(game.id)).picks_locked_at).toEqual(NOW);

      const reopened = await put(game.id, { reopen_picks: true }).expect(200);
      expect(reopened.body).toEqual(expect.objectContaining({ deadline_status: 'open', picks_allowed: true, picks_locked_at: null }));
      expect((await stored(game.id)).picks_locked_at).toBeNull();
      const [entry] = await history(game.id);
      expect(entry).toEqual(
        expect.objectContaining({
          action: 'picks_reopened',
          admin: expect.objectContaining({ name: expect.any(String) }),
          previous_value: expect.objectContaining({ picks_locked_at: NOW.toISOString() }),
          new_value: expect.objectContaining({ picks_locked_at: null }),
        }),
      );
      const events = (await securityEvents('picks_reopened')).filter((event: { details: string }) => event.details === `Picks of game ${game.id} reopened`);
      expect(events).toHaveLength(1);
      expect(Number(events[0].actor_id)).toBe(await adminId());

      // Open again: the member may change their pick.
      await pickFor(game, away).expect(200);
      expect((await t.dataSource.getRepository(Pick).findOneByOrFail({ game_id: game.id, user_id: memberId })).selected_team_id).toBe(away.id);
    });

    it('reopens at once when the kickoff moves with reopen_picks, audited the same way', async () => {
      const { game } = await revealedGame();
      const moved = await patch(game.id, { game_date: fromNow(3 * DAY).toISOString(), reopen_picks: true }).expect(200);
      expect(moved.body).toEqual(expect.objectContaining({ deadline_status: 'open', picks_allowed: true, picks_locked_at: null }));
      expect((await history(game.id)).map((e) => e.action)).toEqual(['picks_reopened']);
      expect((await securityEvents('picks_reopened')).some((event: { details: string }) => event.details === `Picks of game ${game.id} reopened`)).toBe(true);
    });

    it('leaves a game whose picks were never revealed alone: moving it later locks nothing, reopening records nothing', async () => {
      const game = await createGame(t.dataSource, { game_date: fromNow(2 * DAY) });
      const moved = await patch(game.id, { game_date: fromNow(3 * DAY).toISOString() }).expect(200);
      expect(moved.body).toEqual(expect.objectContaining({ deadline_status: 'open', picks_locked_at: null }));
      await patch(game.id, { reopen_picks: true }).expect(200);
      // A revealed game moved to another time still past its deadline needs no lock either.
      const past = await createGame(t.dataSource, { game_date: fromNow(30 * MINUTE) });
      await patch(past.id, { game_date: fromNow(40 * MINUTE).toISOString() }).expect(200);
      expect((await stored(past.id)).picks_locked_at).toBeNull();
      expect(await history(game.id)).toEqual([]);
      expect(await history(past.id)).toEqual([]);
    });
  });

  describe('a final before kickoff closes the game at once (docs/results-integrity.md)', () => {
    const history = async (id: number) => (await get(`/api/games/${id}/history`, admin).expect(200)).body as { action: string }[];
    const teamsOf = async (game: Game) => {
      const repo = t.dataSource.getRepository(Team);
      return { home: await repo.findOneByOrFail({ id: game.home_team_id }), away: await repo.findOneByOrFail({ id: game.away_team_id }) };
    };
    const closed = { deadline_status: 'closed', minutes_until_deadline: 0, picks_allowed: false };
    const REFUSAL = 'Pick deadline has passed - no changes allowed';

    it('answers a game scored weeks before its kickoff as closed, refuses the member\'s new and changed picks, and shows everyone\'s picks', async () => {
      const game = await createGame(t.dataSource, { game_date: fromNow(21 * DAY) });
      const { home, away } = await teamsOf(game);
      const other = await t.member();
      const own = await createPick(t.dataSource, game, memberId, { selected_team_id: home.id });
      await createPick(t.dataSource, game, other.user.id, { selected_team_id: away.id });

      const scored = await patch(game.id, { home_score: 10, away_score: 31 }).expect(200);
      expect(scored.body).toEqual(expect.objectContaining({ status: 'completed', winner_team_id: away.id, pick_deadline: fromNow(21 * DAY - HOUR).toISOString(), ...closed }));
      expect((await get(`/api/games?week_id=${game.week_id}`).expect(200)).body).toEqual([expect.objectContaining({ id: game.id, ...closed })]);

      const changed = await t.http.put(`/api/picks/${own.id}`).set(bearer(member)).send({ game_id: game.id, week_id: game.week_id, selected_winner: away.name }).expect(422);
      expect(changed.body).toEqual({ errors: [REFUSAL] });
      expect((await t.dataSource.getRepository(Pick).findOneByOrFail({ id: own.id })).selected_team_id).toBe(home.id);
      const fresh = await t.member();
      const created = await t.http.post('/api/picks').set(bearer(fresh.token)).send({ game_id: game.id, week_id: game.week_id, selected_winner: away.name }).expect(422);
      expect(created.body).toEqual({ errors: [REFUSAL] });
      expect(await t.dataSource.getRepository(Pick).countBy({ game_id: game.id })).toBe(2);

      // The reveal follows the same closed rule: the grid shows the game locked and the other member's pick.
      const grid = await get(`/api/weeks/${game.week_id}/pick_grid`).expect(200);
      expect(grid.body.games).toEqual([expect.objectContaining({ id: game.id, locked: true })]);
      const otherRow = grid.body.members.find((row: { user: { id: number } }) => row.user.id === other.user.id);
      expect(otherRow.picks).toEqual([expect.objectContaining({ game_id: game.id, status: 'shown', selected_winner: away.name, result: 'correct' })]);
    });

    it.each([
      ['completed without scores or a winner', { status: 'completed' as const }],
      ['a winner on a scheduled game (stored before the outcome rules)', { status: 'scheduled' as const, winner: true }],
    ])('closes a future game with %s', async (_label, final) => {
      const game = await createGame(t.dataSource, { game_date: fromNow(14 * DAY) });
      const { home } = await teamsOf(game);
      await games().update(game.id, { status: final.status, winner_team_id: 'winner' in final ? home.id : null });
      expect((await get(`/api/games?week_id=${game.week_id}`).expect(200)).body).toEqual([expect.objectContaining({ id: game.id, ...closed })]);
      const refused = await t.http.post('/api/picks').set(bearer(member)).send({ game_id: game.id, week_id: game.week_id, selected_winner: home.name }).expect(422);
      expect(refused.body).toEqual({ errors: [REFUSAL] });
      expect(await t.dataSource.getRepository(Pick).countBy({ game_id: game.id })).toBe(0);
    });

    it('keeps the game closed when the early final is taken back (its picks were shown), until an admin reopens it', async () => {
      const game = await createGame(t.dataSource, { game_date: fromNow(21 * DAY) });
      const { home } = await teamsOf(game);
      await patch(game.id, { home_score: 24, away_score: 17 }).expect(200);
      const undone = await patch(game.id, { status: 'scheduled', home_score: null, away_score: null }).expect(200);
      expect(undone.body).toEqual(expect.objectContaining({ status: 'scheduled', winner_team_id: null, ...closed, picks_locked_at: NOW.toISOString() }));
      expect((await history(game.id)).map((entry) => entry.action)).toEqual(['picks_locked', 'update', 'update']);
      await t.http.post('/api/picks').set(bearer(member)).send({ game_id: game.id, week_id: game.week_id, selected_winner: home.name }).expect(422);

      const reopened = await patch(game.id, { reopen_picks: true }).expect(200);
      expect(reopened.body).toEqual(expect.objectContaining({ deadline_status: 'open', picks_allowed: true, picks_locked_at: null }));
      await t.http.post('/api/picks').set(bearer(member)).send({ game_id: game.id, week_id: game.week_id, selected_winner: home.name }).expect(201);
    });
  });
});
