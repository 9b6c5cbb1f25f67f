import type { WeeklyResult } from '../../api/types';
import { leaderboardOrder, winTone } from './leaderboard';

const result = (name: string, wins: number, losses: number, tiebreaker_score: number | null): WeeklyResult => ({
  id: null,
  week_id: 1,
  user: { id: name.length * 100 + wins, name, email: `${name}@pool.test` },
  wins,
  losses,
  total_games: wins + losses,
  win_percentage: (100 * wins) / (wins + losses || 1),
  tiebreaker_score,
  rank: null,
});

describe('the weekly leaderboard', () => {
  it('orders by wins, then tiebreaker ascending with missing last, then fewer losses', () => {
    const rows = [
      result('No tiebreaker', 7, 3, null),
      result('Far off', 7, 3, 12),
      result('Most wins', 9, 1, null),
      result('Close', 7, 3, 2),
      result('More losses', 6, 4, 1),
      result('Fewer games', 6, 2, 1),
    ];
    expect(leaderboardOrder(rows).map((row) => row.user.name)).toEqual(['Most wins', 'Close', 'Far off', 'No tiebreaker', 'Fewer games', 'More losses']);
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
