import type { WeeklyResult } from '../../api/types';
import { ranked, winTone } from './leaderboard';

const result = (name: string, wins: number, losses: number, tiebreaker_score: number | null): WeeklyResult => ({
  id: null,
  week_id: 1,
  user: { id: name.length * 100 + wins, name, email: `${name}@pool.test` },
  wins,
  losses,
  total_games: wins + losses,
  pushes: 0,
  points: wins,
  win_percentage: (100 * wins) / (wins + losses || 1),
  tiebreaker_score,
  rank: null,
});

describe('the weekly leaderboard', () => {
  it('keeps the order the server ranked, with its shared ranks, and numbers unranked rows by place', () => {
    const rows = [{ ...result('Leader', 9, 1, null), rank: 1 }, { ...result('Tied', 7, 3, 2), rank: 2 }, { ...result('Tied too', 7, 3, 2), rank: 2 }, result('Dry run', 6, 4, 1)];
    expect(ranked(rows).map(({ result, rank }) => [result.user.name, rank])).toEqual([
      ['Leader', 1],
      ['Tied', 2],
      ['Tied too', 2],
      ['Dry run', 4],
    ]);
  });

  it.each([
    [100, 'good'],
    [70, 'good'],
    [69.9, 'warn'],
    [50, 'warn'],
    [49.9, 'bad'],
    [0, 'bad'],
  ])('colours %d%% as %s (≥ 70 green, ≥ 50 amber, else red)', (percentage, tone) => {
    expect(winTone(percentage)).toBe(tone);
  });
});
