import { writeCsv } from '../common/csv';
import type { Game } from './entities/game.entity';
import { GAMES_CSV_COLUMNS, gameCsvRow, weekGamesFileName } from './games-csv';

const team = (id: number, name: string) => ({ id, name }) as Game['home_team'];

const game = (fields: Partial<Game>): Game =>
  ({
    id: 7,
    game_date: new Date('2025-08-30T19:30:00Z'),
    home_team: team(1, 'Ohio State'),
    away_team: team(2, 'Texas'),
    home_team_ranking: null,
    away_team_ranking: null,
    betting_line: null,
    betting_line_team: null,
    is_tiebreaker: false,
    status: 'scheduled',
    home_score: null,
    away_score: null,
    name: null,
    ...fields,
  }) as Game;

describe('games CSV', () => {
  it('writes a game as a row: ISO 8601 UTC kickoff, teams by name, yes/no, empty cells for nulls', () => {
    expect(writeCsv(GAMES_CSV_COLUMNS, [gameCsvRow(game({})), gameCsvRow(game({ id: 8, is_tiebreaker: true, betting_line: 3.5, betting_line_team: 'away', home_team_ranking: 3, status: 'completed', home_score: 14, away_score: 7, name: 'Red River, "Showdown"' }))])).toBe(
      '\uFEFFgame_id,game_date,away_team,home_team,away_rank,home_rank,betting_line,betting_line_team,is_tiebreaker,status,away_score,home_score,name\n' +
        '7,2025-08-30T19:30:00Z,Texas,Ohio State,,,,,no,scheduled,,,\n' +
        '8,2025-08-30T19:30:00Z,Texas,Ohio State,,3,3.5,away,yes,completed,7,14,"Red River, ""Showdown"""\n',
    );
  });

  it('guards text cells that a spreadsheet would run as a formula', () => {
    const row = gameCsvRow(game({ home_team: team(1, '=HYPERLINK("x")'), away_team: team(2, '-Texas'), name: '@SUM(A1)' }));
    expect(writeCsv(GAMES_CSV_COLUMNS, [row]).split('\n')[1]).toBe(`7,2025-08-30T19:30:00Z,'-Texas,"'=HYPERLINK(""x"")",,,,,no,scheduled,,,'@SUM(A1)`);
  });

  it('names the file after the season and the week', () => {
    expect(weekGamesFileName('2025-2026', 3)).toBe('2025-2026 week 3 games.csv');
  });
});
