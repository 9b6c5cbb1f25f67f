import type { Game } from '../games/entities/game.entity';
import type { Team } from '../teams/entities/team.entity';
import { describeChanges } from './pick-change-notifier';
import type { PickValue } from './pick-rules';

const game = () => ({ home_team: { id: 1, name: 'Alabama' } as Team, away_team: { id: 2, name: 'Auburn' } as Team }) as Game;

describe('describeChanges', () => {
  const value = (fields: Partial<PickValue> = {}): PickValue => ({
    selected_winner: 'Alabama',
    is_correct: null,
    tiebreaker_home_score: null,
    tiebreaker_away_score: null,
    confidence: null,
    is_lock: false,
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
