import { DEFAULT_RULES } from '../seasons/season-rules';
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
  ])("the spec's rules: %i games with %i tiebreakers: valid %s", (count, tiebreakers, isValid, message) => {
    expect(validateWeek(4, games(count, tiebreakers), DEFAULT_RULES.games_per_week)).toEqual({ isValid, gamesCount: count, tiebreakerCount: tiebreakers, message });
  });

  it.each([
    [8, 8, 1, true, 'Week 4 is ready: 8 games with 1 tiebreaker'],
    [8, 10, 1, false, 'Week must have exactly 8 games with 1 tiebreaker (found 10 games, 1 tiebreaker)'],
    [1, 1, 1, true, 'Week 4 is ready: 1 game with 1 tiebreaker'],
    [1, 2, 1, false, 'Week must have exactly 1 game with 1 tiebreaker (found 2 games, 1 tiebreaker)'],
    [null, 23, 1, true, 'Week 4 is ready: 23 games with 1 tiebreaker'],
    [null, 1, 1, true, 'Week 4 is ready: 1 game with 1 tiebreaker'],
    [null, 12, 0, false, 'Week must have at least 1 game with 1 tiebreaker (found 12 games, 0 tiebreakers)'],
    [null, 12, 2, false, 'Week must have at least 1 game with 1 tiebreaker (found 12 games, 2 tiebreakers)'],
    [null, 0, 0, false, 'Week must have at least 1 game with 1 tiebreaker (found 0 games, 0 tiebreakers)'],
  ])('games_per_week %p: %i games with %i tiebreakers: valid %s', (gamesPerWeek, count, tiebreakers, isValid, message) => {
    expect(validateWeek(4, games(count, tiebreakers), gamesPerWeek)).toEqual({ isValid, gamesCount: count, tiebreakerCount: tiebreakers, message });
  });
});
