import type { Game } from '../games/entities/game.entity';
import type { Team } from '../teams/entities/team.entity';
import { correctnessFor, describeChanges, nextScores, PICK_MESSAGES, PickValue, teamNamed, tiebreakerError } from './pick-rules';

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

describe('describeChanges', () => {
  const value = (fields: Partial<PickValue> = {}): PickValue => ({
    selected_winner: 'Alabama',
    is_correct: null,
    tiebreaker_home_score: null,
    tiebreaker_away_score: null,
    ...fields,
  });

  it('lists only what differs, in words', () => {
    expect(describeChanges(game(), value(), value({ selected_winner: 'Auburn', is_correct: false }))).toEqual([
      { label: 'Picked winner', from: 'Alabama', to: 'Auburn' },
      { label: 'Result', from: 'Not scored yet', to: 'Incorrect' },
    ]);
    expect(describeChanges(game(), value(), value({ tiebreaker_home_score: 24, tiebreaker_away_score: 17 }))).toEqual([
      { label: 'Tiebreaker score', from: 'None', to: 'Alabama 24 - Auburn 17' },
    ]);
    expect(describeChanges(game(), value(), value())).toEqual([]);
  });

  it('shows a created or removed pick against "No pick"', () => {
    expect(describeChanges(game(), null, value())).toEqual([{ label: 'Picked winner', from: 'No pick', to: 'Alabama' }]);
    expect(describeChanges(game(), value({ is_correct: true }), null)).toEqual([
      { label: 'Picked winner', from: 'Alabama', to: 'No pick' },
      { label: 'Result', from: 'Correct', to: 'Not scored yet' },
    ]);
  });
});
