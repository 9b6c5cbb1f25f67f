import { ContrarianCandidate, mostContrarian, sharePercent } from './awards';

const side = (game_id: number, pickers: number, picked: number): ContrarianCandidate => ({
  game_id,
  team_id: game_id * 10,
  matchup: `Away ${game_id} @ Home ${game_id}`,
  team_name: `Home ${game_id}`,
  pickers,
  picked,
});

describe('mostContrarian', () => {
  it('picks the correct side with the smallest share of the game’s pickers', () => {
    expect(mostContrarian([side(1, 2, 5), side(2, 1, 4), side(3, 3, 4)])?.game_id).toBe(2);
  });

  it('has none when every correct side was picked by half or more', () => {
    expect(mostContrarian([side(1, 2, 4), side(2, 3, 4), side(3, 1, 1)])).toBeNull();
    expect(mostContrarian([])).toBeNull();
  });

  it('keeps the earlier game on an equal share, compared as fractions (1/3 = 2/6)', () => {
    expect(mostContrarian([side(1, 1, 3), side(2, 2, 6)])?.game_id).toBe(1);
    expect(mostContrarian([side(1, 2, 6), side(2, 1, 3)])?.game_id).toBe(1);
    // 3/10 is below 1/3: the smaller share wins before the earlier game.
    expect(mostContrarian([side(1, 1, 3), side(2, 3, 10)])?.game_id).toBe(2);
  });

  it('ignores a game nobody picked', () => {
    expect(mostContrarian([side(1, 0, 0), side(2, 1, 3)])?.game_id).toBe(2);
  });
});

describe('sharePercent', () => {
  it.each([
    [1, 3, 33.3],
    [2, 3, 66.7],
    [1, 8, 12.5],
    [1, 4, 25],
    [1, 16, 6.3],
  ])('%i of %i is %d%%', (pickers, picked, share) => expect(sharePercent(pickers, picked)).toBe(share));
});
