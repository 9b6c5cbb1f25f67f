import type { Game } from '../games/entities/game.entity';
import type { Team } from '../teams/entities/team.entity';
import type { User } from '../users/entities/user.entity';
import type { Pick as PickEntity } from './entities/pick.entity';
import { buildPickGrid } from './pick-grid';

const NOW = new Date('2026-09-12T15:00:00Z');
const hours = (h: number) => new Date(NOW.getTime() + h * 3600_000);
const team = (id: number, name: string) => ({ id, name, nickname: `${name}s` }) as Team;
const [bama, auburn, ohio, mich] = [team(1, 'Alabama'), team(2, 'Auburn'), team(3, 'Ohio State'), team(4, 'Michigan')];

const gameOf = (id: number, home: Team, away: Team, kickoff: Date, is_tiebreaker = false) =>
  ({ id, home_team_id: home.id, away_team_id: away.id, home_team: home, away_team: away, game_date: kickoff, is_tiebreaker, winner_team_id: null }) as Game;
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
      { game_id: 10, status: 'shown', selected_winner: 'Alabama', is_correct: null, tiebreaker_home_score: 24, tiebreaker_away_score: 17 },
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
    expect(own.members[1].picks[1]).toEqual({ game_id: 11, status: 'shown', selected_winner: 'Ohio State', is_correct: null });
    expect(own.members[0].picks[1]).toEqual({ game_id: 11, status: 'hidden' });

    const admin = grid({ id: 1, role: 'admin' });
    expect(admin.members[0].picks[1]).toEqual({ game_id: 11, status: 'shown', selected_winner: 'Michigan', is_correct: null });
    expect(admin.members[1].picks[1]).toEqual({ game_id: 11, status: 'shown', selected_winner: 'Ohio State', is_correct: null });
  });

  it('locks a game exactly at its pick deadline', () => {
    const atDeadline = gameOf(12, ohio, mich, hours(1));
    const result = buildPickGrid({ week: { id: 5, number: 2 }, games: [atDeadline], members: [ann], picks: [], viewer: bob, now: NOW });
    expect(result.games[0].locked).toBe(true);
  });
});
