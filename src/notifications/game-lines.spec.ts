import type { Game } from '../games/entities/game.entity';
import { gameLines, lineText, rankedName } from './game-lines';

const game = (id: number, kickoff: string, fields: Partial<Game> = {}): Game =>
  ({
    id,
    game_date: new Date(kickoff),
    home_team: { name: `Home ${id}` },
    away_team: { name: `Away ${id}` },
    home_team_ranking: null,
    away_team_ranking: null,
    betting_line: null,
    betting_line_team: null,
    is_tiebreaker: false,
    ...fields,
  }) as Game;

describe('game lines for e-mails', () => {
  it('names ranked teams with their AP ranking', () => {
    expect(rankedName('Georgia', 5)).toBe('#5 Georgia');
    expect(rankedName('Georgia', null)).toBe('Georgia');
  });

  it.each([
    [{ betting_line: 7.5, betting_line_team: 'home' as const }, 'Alabama by 7.5', 'Alabama'],
    [{ betting_line: 3, betting_line_team: 'away' as const }, 'Georgia by 3', 'Georgia'],
    [{ betting_line: 0, betting_line_team: null }, "Pick'em", null],
    [{ betting_line: null, betting_line_team: null }, 'No line', null],
  ])('writes the line %o as "%s"', (fields, line, favored) => {
    expect(lineText(fields, 'Alabama', 'Georgia')).toEqual({ line, favored });
  });

  it('lists games in kickoff order with the pick deadline an hour before kickoff', () => {
    const lines = gameLines([
      game(3, '2030-09-07T20:00:00Z'),
      game(1, '2030-09-07T16:00:00Z', { away_team_ranking: 5, home_team_ranking: 12, betting_line: 6.5, betting_line_team: 'away', is_tiebreaker: true }),
      game(2, '2030-09-07T20:00:00Z'),
    ]);
    expect(lines.map((line) => line.game_id)).toEqual([1, 2, 3]);
    expect(lines[0]).toEqual(
      expect.objectContaining({
        matchup: '#5 Away 1 at #12 Home 1',
        line: 'Away 1 by 6.5',
        favored_team: 'Away 1',
        is_tiebreaker: true,
        pick_deadline: new Date('2030-09-07T15:00:00Z'),
      }),
    );
  });
});
