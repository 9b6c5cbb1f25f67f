import { defaultRaceMembers, lastScoredWeekId, raceData } from './seasonRace';

describe('the season race', () => {
  const progress = {
    season: { id: 1, name: '2025-2026' },
    weeks: [1, 2, 3, 4].map((number) => ({ id: number * 10, number, scored: number <= 3 })),
    members: [
      { user: { id: 1, name: 'Avery' }, cumulative_wins: [5, 9, 16, 16], cumulative_points: [5, 9, 16, 16] },
      { user: { id: 2, name: 'Blake' }, cumulative_wins: [7, 12, 17, 17], cumulative_points: [7, 12, 17, 17] },
      { user: { id: 3, name: 'Casey' }, cumulative_wins: [6, 11, 13, 13], cumulative_points: [6, 11, 13, 13] },
      { user: { id: 4, name: 'Drew' }, cumulative_wins: [7, 10, 12, 12], cumulative_points: [7, 10, 12, 12] },
    ],
  };

  it('draws games behind the leader of each week (0 = leading, shared leads too), up to the last scored week', () => {
    const { rows, members } = raceData(progress);
    expect(members.map((member) => [member.user.name, member.behind, member.place])).toEqual([
      ['Blake', [0, 0, 0], 1],
      ['Avery', [2, 3, 1], 2],
      ['Casey', [1, 1, 4], 3],
      ['Drew', [0, 2, 5], 4],
    ]);
    expect(rows).toEqual([
      { week: 'Wk 1', m2: 0, m1: 2, m3: 1, m4: 0 },
      { week: 'Wk 2', m2: 0, m1: 3, m3: 1, m4: 2 },
      { week: 'Wk 3', m2: 0, m1: 1, m3: 4, m4: 5 },
    ]);
  });

  it('charts only the members asked for, and starts with the top N plus me', () => {
    const { members } = raceData(progress);
    const shown = defaultRaceMembers(members, 4, 2);
    expect([...shown].sort()).toEqual([1, 2, 4]);
    expect(Object.keys(raceData(progress, shown).rows[0]).sort()).toEqual(['m1', 'm2', 'm4', 'week']);
    expect([...defaultRaceMembers(members, 99, 2)].sort()).toEqual([1, 2]);
  });

  it('knows the last scored week, and has no rows before the first', () => {
    expect(lastScoredWeekId(progress)).toBe(30);
    const unscored = { ...progress, weeks: progress.weeks.map((week) => ({ ...week, scored: false })) };
    expect(lastScoredWeekId(unscored)).toBeNull();
    expect(raceData(unscored).rows).toEqual([]);
    expect(lastScoredWeekId(undefined)).toBeNull();
  });
});
