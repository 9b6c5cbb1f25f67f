import { missingLine, ordinal, standingLine } from './personal-lines';

const standing = (rank: number, total_wins = 0, total_losses = 0, total_pushes = 0) => ({ rank, total_wins, total_losses, total_pushes });
const entry = (missing: number, missing_tiebreaker = false) => ({ missing: new Array(missing).fill({}), missing_tiebreaker });

describe('the weekly e-mail personal lines', () => {
  it('writes ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st', '111th']);
  });

  it('tells the rank and record, ties and pushes, and nothing before the first standings', () => {
    const all = [standing(1), standing(2), standing(3), standing(3), standing(5)];
    expect(standingLine(standing(2, 14, 6), all)).toBe('You are 2nd of 5 in the season standings, 14-6.');
    expect(standingLine(standing(3, 12, 7, 1), all)).toBe('You are tied for 3rd of 5 in the season standings, 12-7-1.');
    expect(standingLine(undefined, all)).toBeNull();
  });

  it('counts what is missing against the games still open', () => {
    expect(missingLine(7, entry(7, true))).toBe('You have not picked yet: 7 games open for picks and the tiebreaker score.');
    expect(missingLine(7, entry(3))).toBe('You still have 3 of 7 games open for picks to make.');
    expect(missingLine(1, entry(1))).toBe('You have not picked yet: 1 game open for picks.');
    expect(missingLine(10, entry(0, true))).toBe('Your picks are in; the tiebreaker score is still to enter.');
    expect(missingLine(10, undefined)).toBe('You have picked all 10 games open for picks.');
    expect(missingLine(0, undefined)).toBeNull();
  });
});
