import type { Game } from '../games/entities/game.entity';
import type { SurvivorContest } from '../survivor/entities/survivor-contest.entity';
import type { SurvivorPick } from '../survivor/entities/survivor-pick.entity';
import type { SurvivorEntrant, SurvivorWeek } from '../survivor/survivor-week.reader';
import { survivorLive } from './survivor-live';

const HOUR = 3600_000;
const now = new Date('2026-11-28T17:00:00Z');

/** Georgia (10) hosts Texas (20): started an hour ago, unless told. */
function game(fields: Partial<Game> = {}): Game {
  return {
    id: 1,
    home_team_id: 10,
    away_team_id: 20,
    home_team: { id: 10, name: 'Georgia' },
    away_team: { id: 20, name: 'Texas' },
    game_date: new Date(now.getTime() - HOUR),
    status: 'in_progress',
    home_score: 14,
    away_score: 10,
    winner_team_id: null,
    betting_line: null,
    betting_line_team: null,
    picks_locked_at: null,
    ...fields,
  } as Game;
}

const entrant = (id: number, team_id: number | null, lives_left = 1, game_id = 1): SurvivorEntrant => ({
  user: { id, name: `E${id}`, email: `e${id}@pool.test` },
  alive: true,
  lives_left,
  weeks_survived: 1,
  pick: team_id === null ? null : ({ user_id: id, game_id, team_id } as SurvivorPick),
});

function week(alive: SurvivorEntrant[], rules: Partial<SurvivorContest> = {}): SurvivorWeek {
  const contest = { name: 'Survivor', pick_mode: 'winner', ties: 'win', missed: 'loss', all_lose: 'stay_alive', lives: 1, ...rules } as SurvivorContest;
  return { contest, entrants: alive, alive, lastWeek: null };
}

const ids = (list: { user_id: number }[]) => list.map((one) => one.user_id);

describe('survivorLive', () => {
  it('counts a game in progress by its score now: the side behind is at risk, and out on its last life', () => {
    const live = survivorLive(week([entrant(1, 10), entrant(2, 20), entrant(3, 20, 2)]), [game()], now);
    expect(ids(live.alive_now)).toEqual([1, 3]);
    expect(live.alive_count).toBe(2);
    expect(live.at_risk).toEqual([
      { user_id: 2, name: 'E2', team_name: 'Texas', lives_left: 1 },
      { user_id: 3, name: 'E3', team_name: 'Texas', lives_left: 2 },
    ]);
  });

  it('against the spread reads the cover now; a level game costs a life only under ties: loss', () => {
    const spread = game({ betting_line: 7, betting_line_team: 'home' });
    expect(ids(survivorLive(week([entrant(1, 10), entrant(2, 20)], { pick_mode: 'spread' }), [spread], now).at_risk)).toEqual([1]);
    const level = game({ home_score: 10, away_score: 10 });
    expect(survivorLive(week([entrant(1, 10), entrant(2, 20)]), [level], now).alive_count).toBe(2);
    const tiesLose = survivorLive(week([entrant(1, 10), entrant(2, 20), entrant(3, null)], { ties: 'loss', all_lose: 'share_win' }), [level], now);
    expect(ids(tiesLose.alive_now)).toEqual([]);
    expect(tiesLose.at_risk).toEqual([]);
  });

  it('a game not started, not locked or cancelled costs nothing; a missing pick costs a life once every game is locked', () => {
    const open = game({ id: 2, game_date: new Date(now.getTime() + 5 * HOUR), home_score: 0, away_score: 3, status: 'scheduled' });
    const cancelled = game({ id: 3, status: 'cancelled' });
    const noPick = entrant(4, null);
    const live = survivorLive(week([entrant(1, 10, 1, 2), entrant(2, 10, 1, 3), noPick]), [open, cancelled], now);
    expect(ids(live.alive_now)).toEqual([1, 2, 4]);
    const locked = survivorLive(week([entrant(1, 10), noPick]), [game()], now);
    expect(ids(locked.alive_now)).toEqual([1]);
    expect(survivorLive(week([entrant(1, 10), noPick], { missed: 'favourite' }), [game()], now).alive_count).toBe(2);
  });

  it('keeps everyone alive when everyone would be out under all_lose: stay_alive, and lets them go under share_win', () => {
    const behind = [entrant(1, 20), entrant(2, 20)];
    expect(survivorLive(week(behind), [game()], now)).toEqual(expect.objectContaining({ alive_count: 2, at_risk: [expect.objectContaining({ user_id: 1 }), expect.objectContaining({ user_id: 2 })] }));
    expect(survivorLive(week(behind, { all_lose: 'share_win' }), [game()], now).alive_count).toBe(0);
  });
});
