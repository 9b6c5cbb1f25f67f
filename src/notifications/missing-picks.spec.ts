import type { Game } from '../games/entities/game.entity';
import { missingPicks } from './missing-picks';

const NOW = new Date('2030-09-05T12:00:00Z');
const hours = (h: number) => new Date(NOW.getTime() + h * 3600 * 1000);
const game = (id: number, kickoffInHours: number, fields: Partial<Game> = {}): Game =>
  ({ id, game_date: hours(kickoffInHours), status: 'scheduled', is_tiebreaker: false, ...fields }) as Game;
const pick = (user_id: number, game_id: number, scores: [number, number] | null = null) => ({
  user_id,
  game_id,
  tiebreaker_home_score: scores?.[0] ?? null,
  tiebreaker_away_score: scores?.[1] ?? null,
});

describe('missingPicks', () => {
  const open = game(1, 48);
  const tiebreaker = game(2, 50, { is_tiebreaker: true });
  const locked = game(3, 0.5);
  const cancelled = game(4, 48, { status: 'cancelled' });
  const games = [open, tiebreaker, locked, cancelled];
  const members = [{ id: 10 }, { id: 11 }, { id: 12 }, { id: 13 }];

  it('lists open unpicked games and a tiebreaker without scores; locked and cancelled games never count', () => {
    const result = missingPicks({
      games,
      weekStatus: 'current',
      members,
      picks: [
        pick(10, 1),
        pick(10, 2, [21, 17]), // everything picked
        pick(11, 2), // tiebreaker picked without scores, game 1 missing
        pick(12, 1),
        pick(12, 2, [28, 3]),
        pick(12, 3), // 13 picked nothing
      ],
      now: NOW,
    });
    expect(result.map(({ member, missing, missing_tiebreaker }) => [member.id, missing.map((g) => g.id), missing_tiebreaker])).toEqual([
      [11, [1], true],
      [13, [1, 2], true],
    ]);
    // "1/2 picked": counted against the games still open (the locked and cancelled ones are not).
    expect(result.map((entry) => entry.open_games)).toEqual([2, 2]);
  });

  it('finds nothing missing in a past week or once every game is locked', () => {
    expect(missingPicks({ games, weekStatus: 'past', members, picks: [], now: NOW })).toEqual([]);
    expect(missingPicks({ games, weekStatus: 'current', members, picks: [], now: hours(60) })).toEqual([]);
  });
});
