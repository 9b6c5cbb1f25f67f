import type { Game } from '../games/entities/game.entity';
import type { Team } from '../teams/entities/team.entity';
import type { User } from '../users/entities/user.entity';
import type { Pick as PickEntity } from './entities/pick.entity';
import { DEFAULT_RULES } from '../seasons/season-rules';
import { buildPickGrid } from './pick-grid';

const NOW = new Date('2026-09-12T15:00:00Z');
const hours = (h: number) => new Date(NOW.getTime() + h * 3600_000);
const team = (id: number, name: string) => ({ id, name, nickname: `${name}s` }) as Team;
const [bama, auburn, ohio, mich] = [team(1, 'Alabama'), team(2, 'Auburn'), team(3, 'Ohio State'), team(4, 'Michigan')];

const gameOf = (id: number, home: Team, away: Team, kickoff: Date, is_tiebreaker = false) =>
  ({ id, home_team_id: home.id, away_team_id: away.id, home_team: home, away_team: away, game_date: kickoff, is_tiebreaker, winner_team_id: null, status: 'scheduled', home_score: null, away_score: null }) as Game;
// Locked: the deadline (1 h before kickoff) has passed. Open: kickoff in 3 hours.
const locked = gameOf(10, bama, auburn, hours(0.5), true);
const open = gameOf(11, ohio, mich, hours(3));

const ann = { id: 100, name: 'Ann' } as User;
const bob = { id: 101, name: 'Bob' } as User;
const cat = { id: 102, name: 'Cat' } as User;

const pickOf = (user: User, game: Game, selected: Team, fields: Partial<PickEntity> = {}) =>
  ({ user_id: user.id, game_id: game.id, selected_team_id: selected.id, selected_team: selected, is_correct: null, tiebreaker_home_score: 24, tiebreaker_away_score: 17, ...fields }) as PickEntity;
const picks = [pickOf(ann, locked, bama), pickOf(ann, open, mich), pickOf(bob, open, ohio)];

const grid = (viewer: Pick<User, 'id' | 'role'>) =>
  buildPickGrid({ week: { id: 5, number: 2 }, games: [locked, open], members: [ann, bob, cat], picks, viewer, now: NOW });

describe('buildPickGrid', () => {
  it('shows everyone the picks of locked games, and only "picked" or "not picked" for open ones', () => {
    const result = grid({ id: cat.id, role: 'user' });
    expect(result.games.map((game) => [game.id, game.locked])).toEqual([
      [10, true],
      [11, false],
    ]);
    expect(result.members.map((member) => [member.user.name, member.picks_made])).toEqual([
      ['Ann', 2],
      ['Bob', 1],
      ['Cat', 0],
    ]);
    expect(result.members[0].picks).toEqual([
      { game_id: 10, status: 'shown', selected_winner: 'Alabama', is_correct: null, result: 'pending', tiebreaker_home_score: 24, tiebreaker_away_score: 17 },
      { game_id: 11, status: 'hidden' },
    ]);
    expect(result.members[1].picks).toEqual([
      { game_id: 10, status: 'none' },
      { game_id: 11, status: 'hidden' },
    ]);
    expect(JSON.stringify(result.members)).not.toMatch(/Michigan|Ohio State/);
  });

  it("shows a member their own open picks, and an admin everyone's", () => {
    const own = grid({ id: bob.id, role: 'user' });
    expect(own.members[1].picks[1]).toEqual({ game_id: 11, status: 'shown', selected_winner: 'Ohio State', is_correct: null, result: 'pending' });
    expect(own.members[0].picks[1]).toEqual({ game_id: 11, status: 'hidden' });

    const admin = grid({ id: 1, role: 'admin' });
    expect(admin.members[0].picks[1]).toEqual({ game_id: 11, status: 'shown', selected_winner: 'Michigan', is_correct: null, result: 'pending' });
    expect(admin.members[1].picks[1]).toEqual({ game_id: 11, status: 'shown', selected_winner: 'Ohio State', is_correct: null, result: 'pending' });
  });

  it('locks a game exactly at its pick deadline', () => {
    const atDeadline = gameOf(12, ohio, mich, hours(1));
    const result = buildPickGrid({ week: { id: 5, number: 2 }, games: [atDeadline], members: [ann], picks: [], viewer: bob, now: NOW });
    expect(result.games[0].locked).toBe(true);
  });

  describe('the week so far', () => {
    // Three locked games: two decided (Alabama and Michigan won), the tiebreaker final 24–20; one still undecided.
    const decided = { ...gameOf(20, bama, auburn, hours(-3)), winner_team_id: bama.id, status: 'completed' } as Game;
    const tiebreaker = { ...gameOf(21, ohio, mich, hours(-3), true), winner_team_id: ohio.id, status: 'completed', home_score: 24, away_score: 20 } as Game;
    const undecided = gameOf(22, auburn, mich, hours(-1));
    const cancelled = { ...gameOf(23, bama, mich, hours(-2)), status: 'cancelled' } as Game;
    const dan = { id: 103, name: 'Dan' } as User;
    const week = (list: PickEntity[], viewer: Pick<User, 'id' | 'role'> = { id: 999, role: 'user' }) =>
      buildPickGrid({ week: { id: 6, number: 3 }, games: [decided, tiebreaker, undecided, cancelled], members: [ann, bob, cat, dan], picks: list, viewer, now: NOW });

    it('colours each shown pick correct, incorrect, pending or void from the game itself', () => {
      const result = week([pickOf(ann, decided, bama), pickOf(ann, tiebreaker, mich), pickOf(ann, undecided, auburn), pickOf(ann, cancelled, bama)]);
      const row = result.members.find((member) => member.user.id === ann.id)!;
      expect(row.picks.map((cell) => cell.result)).toEqual(['correct', 'incorrect', 'pending', 'void']);
      expect(result.games.map((game) => game.status)).toEqual(['completed', 'completed', 'scheduled', 'cancelled']);
    });

    it("orders rows by the week's wins, then the tiebreaker distance (missing last), then fewer losses, then name; ties share a rank", () => {
      const result = week([
        // Ann: 2 wins, tiebreaker 24–17 → 3 off.
        pickOf(ann, decided, bama),
        pickOf(ann, tiebreaker, ohio),
        // Bob: 2 wins, tiebreaker 30–20 → 6 off.
        pickOf(bob, decided, bama),
        pickOf(bob, tiebreaker, ohio, { tiebreaker_home_score: 30, tiebreaker_away_score: 20 }),
        // Cat: 1 win, no tiebreaker prediction; Dan: 1 win (the tiebreaker game unpicked), equal to Cat.
        pickOf(cat, decided, bama, { tiebreaker_home_score: null, tiebreaker_away_score: null }),
        pickOf(cat, tiebreaker, mich, { tiebreaker_home_score: null, tiebreaker_away_score: null }),
        pickOf(dan, decided, bama),
      ]);
      expect(result.members.map((row) => [row.user.name, row.wins, row.losses, row.tiebreaker_score, row.rank])).toEqual([
        ['Ann', 2, 0, 3, 1],
        ['Bob', 2, 0, 6, 2],
        ['Cat', 1, 1, null, 3],
        ['Dan', 1, 1, null, 3],
      ]);
    });

    it('counts only what the viewer may see: an open pick of another member is hidden', () => {
      const ahead = gameOf(31, bama, auburn, hours(5));
      const list = [pickOf(ann, ahead, bama)];
      const forBob = buildPickGrid({ week: { id: 7, number: 4 }, games: [ahead], members: [ann, bob], picks: list, viewer: { id: bob.id, role: 'user' }, now: NOW });
      expect(forBob.members.find((row) => row.user.id === ann.id)).toEqual(expect.objectContaining({ wins: 0, losses: 0, picks: [{ game_id: 31, status: 'hidden' }] }));
    });

    it('shows everyone the picks of a game with a final before its deadline, as its pick window is closed', () => {
      // An admin's early entry of a final closes the game (pick-window.ts): nothing can be picked, so nothing is hidden.
      const early = { ...gameOf(30, bama, auburn, hours(5)), winner_team_id: bama.id, status: 'completed' } as Game;
      const list = [pickOf(ann, early, bama)];
      const forBob = buildPickGrid({ week: { id: 7, number: 4 }, games: [early], members: [ann, bob], picks: list, viewer: { id: bob.id, role: 'user' }, now: NOW });
      expect(forBob.members.find((row) => row.user.id === ann.id)).toEqual(
        expect.objectContaining({ wins: 1, losses: 0, picks: [expect.objectContaining({ game_id: 30, status: 'shown', selected_winner: bama.name, result: 'correct' })] }),
      );
      expect(forBob.members.find((row) => row.user.id === bob.id)).toEqual(expect.objectContaining({ wins: 0, losses: 1 }));
    });
  });

  describe('pool formats', () => {
    const decided = { ...gameOf(40, bama, auburn, hours(-3)), winner_team_id: bama.id, status: 'completed', home_score: 24, away_score: 20 } as Game;
    const other = { ...gameOf(41, ohio, mich, hours(-3)), winner_team_id: ohio.id, status: 'completed', home_score: 30, away_score: 10 } as Game;
    const rows = (rules: Partial<typeof DEFAULT_RULES>, list: PickEntity[], games = [decided, other]) =>
      buildPickGrid({ week: { id: 8, number: 5 }, games, members: [ann, bob], picks: list, viewer: { id: 999, role: 'user' }, now: NOW, rules: { ...DEFAULT_RULES, ...rules } })
        .members.map((row) => [row.user.name, row.wins, row.points, row.rank]);

    it('shows confidence and lock, and ranks a points season by points (lock doubles), a default one by wins', () => {
      // Ann: both right on 1 + 2 points. Bob: one right, on 2 points, his lock.
      const list = [
        pickOf(ann, decided, bama, { confidence: 1, is_lock: false }),
        pickOf(ann, other, ohio, { confidence: 2, is_lock: false }),
        pickOf(bob, decided, auburn, { confidence: 1, is_lock: false }),
        pickOf(bob, other, ohio, { confidence: 2, is_lock: true }),
      ];
      expect(rows({ confidence_points: true, lock_of_week: true }, list)).toEqual([
        ['Bob', 1, 4, 1],
        ['Ann', 2, 3, 2],
      ]);
      expect(rows({}, list)).toEqual([
        ['Ann', 2, 2, 1],
        ['Bob', 1, 1, 2],
      ]);
      const grid = buildPickGrid({ week: { id: 8, number: 5 }, games: [decided], members: [bob], picks: list, viewer: { id: 999, role: 'user' }, now: NOW });
      expect(grid.members[0].picks[0]).toEqual(expect.objectContaining({ confidence: 1, is_lock: false, result: 'incorrect' }));
    });

    it('against the spread a pick wins when its team covers; a push follows the push rule', () => {
      // Alabama by 4 (24–20): favoured by 3.5 it covers, by 4 it pushes.
      const covered = { ...decided, betting_line: 3.5, betting_line_team: 'home' } as Game;
      const pushed = { ...decided, betting_line: 4, betting_line_team: 'home' } as Game;
      expect(rows({ pick_mode: 'spread' }, [pickOf(ann, covered, bama), pickOf(bob, covered, auburn)], [covered])).toEqual([
        ['Ann', 1, 1, 1],
        ['Bob', 0, 0, 2],
      ]);
      const list = [pickOf(ann, pushed, bama)];
      expect(rows({ pick_mode: 'spread', push_rule: 'half' }, list, [pushed])).toEqual([
        ['Ann', 0, 0.5, 1],
        ['Bob', 0, 0, 2],
      ]);
      const lossRule = buildPickGrid({ week: { id: 8, number: 5 }, games: [pushed], members: [ann], picks: list, viewer: ann, now: NOW, rules: { ...DEFAULT_RULES, pick_mode: 'spread' } });
      expect(lossRule.members[0]).toEqual(expect.objectContaining({ losses: 1, points: 0 }));
      expect(lossRule.members[0].picks[0].result).toBe('incorrect');
      const halfRule = buildPickGrid({ week: { id: 8, number: 5 }, games: [pushed], members: [ann], picks: list, viewer: ann, now: NOW, rules: { ...DEFAULT_RULES, pick_mode: 'spread', push_rule: 'half' } });
      expect(halfRule.members[0].picks[0].result).toBe('push');
    });
  });
});
