import type { Game } from '../games/entities/game.entity';
import type { Team } from '../teams/entities/team.entity';
import { correctnessFor, nextScores, PICK_MESSAGES, teamNamed, tiebreakerError } from './pick-rules';

const home = { id: 1, name: 'Alabama' } as Team;
const away = { id: 2, name: 'Auburn' } as Team;
const game = (fields: Partial<Game> = {}) => ({ is_tiebreaker: false, winner_team_id: null, home_team: home, away_team: away, ...fields }) as Game;

describe('teamNamed', () => {
  it.each([
    ['Alabama', home],
    ['  auburn ', away],
    ['Georgia', null],
    ['', null],
  ])('%j names %j', (name, team) => {
    expect(teamNamed(game(), name)).toBe(team);
  });
});

describe('tiebreakerError', () => {
  it.each([
    [true, undefined, undefined, null],
    [true, null, null, null],
    [true, 24, 17, null],
    [true, 0, 0, null],
    [true, 24, undefined, PICK_MESSAGES.bothScoresRequired],
    [true, null, 17, PICK_MESSAGES.bothScoresRequired],
    [false, 24, 17, PICK_MESSAGES.scoresOnlyOnTiebreaker],
    [false, 24, null, PICK_MESSAGES.bothScoresRequired],
    [false, null, null, null],
    [false, undefined, undefined, null],
  ])('tiebreaker game %s, scores %j-%j: %j', (isTiebreaker, h, a, error) => {
    expect(tiebreakerError({ is_tiebreaker: isTiebreaker }, h, a)).toBe(error);
  });
});

describe('nextScores', () => {
  const current = { tiebreaker_home_score: 21, tiebreaker_away_score: 14 };
  it('keeps the scores when the request leaves them out', () => {
    expect(nextScores(current, undefined, undefined)).toEqual(current);
    expect(nextScores(null, undefined, undefined)).toEqual({ tiebreaker_home_score: null, tiebreaker_away_score: null });
  });
  it('replaces or clears them when sent', () => {
    expect(nextScores(current, 30, 3)).toEqual({ tiebreaker_home_score: 30, tiebreaker_away_score: 3 });
    expect(nextScores(current, null, null)).toEqual({ tiebreaker_home_score: null, tiebreaker_away_score: null });
  });
});

describe('correctnessFor', () => {
  it('is unknown until the game has a winner, then whether the pick matches it', () => {
    expect(correctnessFor({ winner_team_id: null }, 1)).toBeNull();
    expect(correctnessFor({ winner_team_id: 1 }, 1)).toBe(true);
    expect(correctnessFor({ winner_team_id: 2 }, 1)).toBe(false);
  });
});
