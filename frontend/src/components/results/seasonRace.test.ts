import { raceData } from './seasonRace';

describe('the season race', () => {
  const progress = {
    season: { id: 1, name: '2025-2026' },
    weeks: [1, 2, 3, 4].map((number) => ({ id: number * 10, number })),
    members: [
      { user: { id: 1, name: 'Avery' }, cumulative_wins: [5, 9, 9, 9] },
      { user: { id: 2, name: 'Blake' }, cumulative_wins: [7, 12, 12, 12] },
      { user: { id: 3, name: 'Casey' }, cumulative_wins: [6, 11, 11, 11] },
    ],
  };

  it('stops at the last week with results and keeps the leaders in order', () => {
    const { rows, leaders } = raceData(progress, 2);
    expect(leaders.map((member) => member.user.name)).toEqual(['Blake', 'Casey']);
    expect(rows).toEqual([
      { week: 'Wk 1', m2: 7, m3: 6 },
      { week: 'Wk 2', m2: 12, m3: 11 },
    ]);
  });

  it('has no rows before the first results', () => {
    expect(raceData({ ...progress, members: progress.members.map((member) => ({ ...member, cumulative_wins: [0, 0, 0, 0] })) }).rows).toEqual([]);
  });
});
