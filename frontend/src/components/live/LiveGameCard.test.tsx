import { render, screen, within } from '@testing-library/react';
import type { PickGridCell } from '../../api/types';
import { LiveGameCard, ownPickState } from './LiveGameCard';
import { liveGame } from './liveFixtures';

const shown = (selected_winner: string, result: PickGridCell['result']): PickGridCell => ({ game_id: 1, status: 'shown', selected_winner, result });

describe("a live game card's own pick", () => {
  it('shows the member their pick near the score, and whether it was right', () => {
    const game = liveGame(1, { status: 'completed', locked: true, home_score: 24, away_score: 17, winner_team_id: 11 });
    render(<LiveGameCard game={game} spread={false} mine={shown('Home 1', 'correct')} />);
    const card = screen.getByRole('article', { name: 'Away 1 @ Home 1' });
    const own = within(card).getByTestId('own-pick');
    expect(own).toHaveTextContent('Your pick: Home 1');
    expect(own).toHaveTextContent('Right');
    // Right under the scores, before the members' split.
    const scores = within(card).getAllByTestId('score');
    expect(scores[1].compareDocumentPosition(own) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says wrong, push and void of a decided pick', () => {
    const game = liveGame(1, { status: 'completed', locked: true, home_score: 24, away_score: 17 });
    expect(ownPickState(game, shown('Away 1', 'incorrect'), false)).toEqual({ text: 'Wrong', tone: 'bad' });
    expect(ownPickState(game, shown('Away 1', 'push'), true)?.text).toBe('Push');
    expect(ownPickState(liveGame(1, { status: 'cancelled' }), shown('Away 1', 'void'), false)?.text).toBe('Void');
  });

  it('says winning or losing while the game is played: by the score straight up, by the cover against the spread', () => {
    const game = liveGame(2, { status: 'in_progress', locked: true, home_score: 10, away_score: 7, cover: 'away' });
    expect(ownPickState(game, shown('Home 2', 'pending'), false)).toEqual({ text: 'Winning', tone: 'good' });
    expect(ownPickState(game, shown('Away 2', 'pending'), false)).toEqual({ text: 'Losing', tone: 'bad' });
    // Home leads by 3 but is favoured by 3.5: the away side covers.
    expect(ownPickState(game, shown('Away 2', 'pending'), true)).toEqual({ text: 'Winning', tone: 'good' });
    expect(ownPickState({ ...game, home_score: 7 }, shown('Away 2', 'pending'), false)?.text).toBe('Tied');
    render(<LiveGameCard game={game} spread={false} mine={shown('Away 2', 'pending')} />);
    expect(screen.getByTestId('own-pick')).toHaveTextContent('Your pick: Away 2Losing');
  });

  it('shows a pick of a game not started yet without a state, says when there is none, and nothing to a non-player', () => {
    const { rerender } = render(<LiveGameCard game={liveGame(3)} spread={false} mine={shown('Away 3', 'pending')} />);
    expect(screen.getByTestId('own-pick').textContent).toBe('Your pick: Away 3');
    rerender(<LiveGameCard game={liveGame(3)} spread={false} mine={{ game_id: 3, status: 'none' }} />);
    expect(screen.getByTestId('own-pick').textContent).toBe('Your pick: none');
    rerender(<LiveGameCard game={liveGame(3)} spread={false} />);
    expect(screen.queryByTestId('own-pick')).toBeNull();
  });
});
