import type { Game } from '../games/entities/game.entity';
import type { Team } from '../teams/entities/team.entity';
import { DEFAULT_RULES } from '../seasons/season-rules';
import { correctnessFor, lowestFree, nextScores, PICK_MESSAGES, placementError, placePick, teamNamed, tiebreakerError } from './pick-rules';

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

describe('placementError', () => {
  const confidence = { ...DEFAULT_RULES, confidence_points: true };
  it.each([
    [DEFAULT_RULES, { confidence: 1 }, PICK_MESSAGES.noConfidence],
    [DEFAULT_RULES, { is_lock: true }, PICK_MESSAGES.noLock],
    [DEFAULT_RULES, { confidence: null, is_lock: false }, null],
    [confidence, { confidence: 0 }, 'confidence must be between 1 and 10'],
    [confidence, { confidence: 11 }, 'confidence must be between 1 and 10'],
    [confidence, { confidence: 10 }, null],
  ])('%#: %j', (rules, request, message) => {
    expect(placementError(rules, request, 10)).toBe(message);
  });
});

describe('placePick', () => {
  const rules = { ...DEFAULT_RULES, confidence_points: true, lock_of_week: true };
  const other = (id: number, confidence: number | null, is_lock = false) => ({ id, confidence, is_lock });

  it('gives a new pick the lowest free number and keeps a saved one', () => {
    expect(placePick(rules, null, [other(1, 1), other(2, 3)], {}, 4)).toEqual({ confidence: 2, is_lock: false, moves: [] });
    expect(placePick(rules, { confidence: 4, is_lock: true }, [other(1, 1)], { confidence: null }, 4)).toEqual({ confidence: 4, is_lock: true, moves: [] });
  });

  it("swaps: the holder takes this pick's old number, or the lowest free one", () => {
    expect(placePick(rules, { confidence: 2, is_lock: false }, [other(1, 1), other(3, 3)], { confidence: 3 }, 4).moves).toEqual([{ id: 3, confidence: 2 }]);
    expect(placePick(rules, null, [other(1, 1), other(3, 3)], { confidence: 3 }, 4).moves).toEqual([{ id: 3, confidence: 2 }]);
  });

  it("swaps to the holder this pick's own number, not the lowest free one (A holds 1, B holds 3, B asks for 1: A gets 3)", () => {
    expect(placePick(rules, { confidence: 3, is_lock: false }, [other(1, 1)], { confidence: 1 }, 4)).toEqual({ confidence: 1, is_lock: false, moves: [{ id: 1, confidence: 3 }] });
  });

  it('moves the lock from the other pick', () => {
    expect(placePick(rules, null, [other(1, 1, true)], { is_lock: true }, 4)).toEqual({ confidence: 2, is_lock: true, moves: [{ id: 1, is_lock: false }] });
  });

  it('outside a confidence season, keeps what is stored unless cleared', () => {
    expect(placePick(DEFAULT_RULES, { confidence: null, is_lock: false }, [], {}, 0)).toEqual({ confidence: null, is_lock: false, moves: [] });
  });

  it('lowestFree answers null when every number is held', () => {
    expect(lowestFree([1, 2], 2)).toBeNull();
    expect(lowestFree([2, null], 3)).toBe(1);
  });
});
