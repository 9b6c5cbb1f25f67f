import { compareRecords, rank } from './ranking';

describe('compareRecords and rank', () => {
  const record = (id: string, wins: number, losses: number, tiebreaker: number | null) => ({ id, wins, losses, tiebreaker });
  const order = (rows: ReturnType<typeof record>[]) => rank(rows, compareRecords).map((row) => [row.id, row.rank]);

  it('puts the smaller tiebreaker distance first among equal wins, whatever order the members come in', () => {
    expect(compareRecords(record('a', 6, 4, 9), record('b', 6, 4, 2))).toBeGreaterThan(0);
    expect(compareRecords(record('b', 6, 4, 2), record('a', 6, 4, 9))).toBeLessThan(0);
    expect(order([record('ann', 6, 4, 9), record('bob', 6, 4, 1), record('cat', 6, 4, 4)])).toEqual([
      ['bob', 1],
      ['cat', 2],
      ['ann', 3],
    ]);
  });

  it('lets the tiebreaker decide before the losses, and wins before both', () => {
    expect(order([record('more-losses-closer', 6, 4, 1), record('fewer-losses-further', 6, 3, 8), record('most-wins-furthest', 7, 3, 30)])).toEqual([
      ['most-wins-furthest', 1],
      ['more-losses-closer', 2],
      ['fewer-losses-further', 3],
    ]);
  });

  it('orders a missing tiebreaker after every distance, however large', () => {
    expect(order([record('none', 6, 4, null), record('far', 6, 4, 120), record('near', 6, 4, 0)])).toEqual([
      ['near', 1],
      ['far', 2],
      ['none', 3],
    ]);
  });
});
