import { withExtras } from '../../api/picks';
import type { Pick } from '../../api/types';
import { DEFAULT_SEASON_RULES, gameFixture } from '../../test/helpers';
import { coverOutcome, pickFormatOf, pointsRule, spreadText } from './poolFormat';

const pick = (game_id: number, fields: Partial<Pick> = {}): Pick => ({
  game_id,
  week_id: 2,
  selected_winner: `Home ${game_id}`,
  tiebreaker_home_score: null,
  tiebreaker_away_score: null,
  ...fields,
});

describe('pool formats on the picks screen', () => {
  it('label the favourite with a real minus, the underdog with a plus, no line as PK', () => {
    const game = gameFixture(1, { betting_line: 7.5, betting_line_team: 'away' });
    expect(spreadText(game, game.away_team)).toBe('\u22127.5');
    expect(spreadText(game, game.home_team)).toBe('+7.5');
    expect(spreadText({ ...game, betting_line_team: 'home', betting_line: 3 }, game.home_team)).toBe('\u22123');
    expect(spreadText({ ...game, betting_line: null, betting_line_team: null }, game.home_team)).toBe('PK');
    expect(spreadText({ ...game, betting_line: 0 }, game.away_team)).toBe('PK');
  });

  it("say whether the member's pick covered, once the game has a cover", () => {
    const game = gameFixture(1);
    expect(coverOutcome({ ...game, cover: 'home' }, pick(1))).toBe('covered');
    expect(coverOutcome({ ...game, cover: 'away' }, pick(1))).toBe('not_covered');
    expect(coverOutcome({ ...game, cover: 'push' }, pick(1))).toBe('push');
    expect(coverOutcome({ ...game, cover: null }, pick(1))).toBeNull();
    expect(coverOutcome({ ...game, cover: 'home' }, undefined)).toBeNull();
  });

  it("change nothing on the spec's rules; points rank with confidence, a lock or half-win pushes", () => {
    expect(pickFormatOf(DEFAULT_SEASON_RULES)).toEqual({ spread: false, confidence: false, lock: false });
    expect(pickFormatOf(undefined)).toEqual({ spread: false, confidence: false, lock: false });
    expect(pointsRule(DEFAULT_SEASON_RULES)).toBe(false);
    expect(pointsRule({ ...DEFAULT_SEASON_RULES, pick_mode: 'spread' })).toBe(false);
    expect(pointsRule({ ...DEFAULT_SEASON_RULES, pick_mode: 'spread', push_rule: 'half' })).toBe(true);
    expect(pointsRule({ ...DEFAULT_SEASON_RULES, lock_of_week: true })).toBe(true);
    expect(pointsRule({ ...DEFAULT_SEASON_RULES, confidence_points: true })).toBe(true);
  });

  it('apply a change as the server does: a number swaps, a lock moves', () => {
    const picks = [pick(1, { confidence: 1, is_lock: true }), pick(2, { confidence: 2 }), pick(3, { confidence: 3 })];
    expect(withExtras(picks, picks[0], { confidence: 3 }).map((p) => p.confidence)).toEqual([3, 2, 1]);
    expect(withExtras(picks, picks[1], { is_lock: true }).map((p) => p.is_lock)).toEqual([false, true, undefined]);
    expect(withExtras(picks, picks[0], { is_lock: false }).map((p) => p.is_lock)).toEqual([false, undefined, undefined]);
  });
});
