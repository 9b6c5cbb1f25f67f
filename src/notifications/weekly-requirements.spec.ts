import { validateWeek } from './weekly-requirements';

const games = (count: number, tiebreakers: number) =>
  Array.from({ length: count }, (_, i) => ({ is_tiebreaker: i < tiebreakers }));

describe('validateWeek', () => {
  it.each([
    [10, 1, true, 'Week 4 is ready: 10 games with 1 tiebreaker'],
    [8, 0, false, 'Week must have exactly 10 games with 1 tiebreaker (found 8 games, 0 tiebreakers)'],
    [10, 2, false, 'Week must have exactly 10 games with 1 tiebreaker (found 10 games, 2 tiebreakers)'],
    [11, 1, false, 'Week must have exactly 10 games with 1 tiebreaker (found 11 games, 1 tiebreaker)'],
    [1, 1, false, 'Week must have exactly 10 games with 1 tiebreaker (found 1 game, 1 tiebreaker)'],
    [0, 0, false, 'Week must have exactly 10 games with 1 tiebreaker (found 0 games, 0 tiebreakers)'],
  ])('%i games with %i tiebreakers: valid %s', (count, tiebreakers, isValid, message) => {
    expect(validateWeek(4, games(count, tiebreakers))).toEqual({ isValid, gamesCount: count, tiebreakerCount: tiebreakers, message });
  });
});
