import { coverOf, CoverFacts } from './cover';

const game = (overrides: Partial<CoverFacts>): CoverFacts => ({
  home_team_id: 1,
  away_team_id: 2,
  winner_team_id: null,
  home_score: null,
  away_score: null,
  betting_line: null,
  betting_line_team: null,
  ...overrides,
});

describe('coverOf', () => {
  it('is null while the game is undecided', () => expect(coverOf(game({}))).toBeNull());

  it('home favoured by 7.5: a win by 8 covers, a win by 7 does not', () => {
    expect(coverOf(game({ home_score: 28, away_score: 20, betting_line: 7.5, betting_line_team: 'home' }))).toBe('home');
    expect(coverOf(game({ home_score: 27, away_score: 20, betting_line: 7.5, betting_line_team: 'home' }))).toBe('away');
  });

  it('away favoured by 3: a win by exactly 3 is a push, an away loss covers for home', () => {
    expect(coverOf(game({ home_score: 17, away_score: 20, betting_line: 3, betting_line_team: 'away' }))).toBe('push');
    expect(coverOf(game({ home_score: 21, away_score: 20, betting_line: 3, betting_line_team: 'away' }))).toBe('home');
  });

  it('without a line, or without scores, the winner covers', () => {
    expect(coverOf(game({ home_score: 10, away_score: 14 }))).toBe('away');
    expect(coverOf(game({ winner_team_id: 1, betting_line: 10, betting_line_team: 'away' }))).toBe('home');
  });
});
