import { UnprocessableEntityException } from '@nestjs/common';
import { CSV_MAX_PROBLEMS } from '../../common/csv';
import { CSV_SCHEDULE_MAX_ROWS, csvSchedule } from './csv.provider';

const HEADER = 'game_id,game_date,away_team,home_team,away_rank,home_rank,betting_line,betting_line_team,is_tiebreaker,status,away_score,home_score,name';
const NOW = new Date('2025-08-25T12:00:00Z');
const CONTEXT = { year: 2025, week: 1, now: NOW, timeZone: 'America/New_York' };

const file = (...rows: string[]) => [HEADER, ...rows].join('\n');
const parse = (text: string) => csvSchedule(text, CONTEXT);

/** The errors of a refused file (and a failure when it is not refused). */
function errorsOf(text: string): string[] {
  try {
    parse(text);
  } catch (error) {
    expect(error).toBeInstanceOf(UnprocessableEntityException);
    return ((error as UnprocessableEntityException).getResponse() as { errors: string[] }).errors;
  }
  throw new Error('the file was accepted');
}

describe('csvSchedule', () => {
  it('reads every column of a row into a game, its line and the tiebreaker', () => {
    const result = parse(
      file(
        '12,2025-08-30T19:30:00Z,Texas,Ohio State,1,3,2.5,home,yes,scheduled,,,Big Noon Kickoff',
        ',2025-08-30T23:00:00-04:00,Syracuse,Tennessee,,24,14,away,no,completed,45,26,',
      ),
    );
    expect(result.games).toEqual([
      {
        external_id: 'game:12',
        season: 2025,
        week: 1,
        season_type: 'regular',
        kickoff: new Date('2025-08-30T19:30:00Z'),
        start_time_tbd: false,
        neutral_site: false,
        conference_game: false,
        home: { external_id: 'Ohio State', name: 'Ohio State', conference: null, classification: null },
        away: { external_id: 'Texas', name: 'Texas', conference: null, classification: null },
        status: 'scheduled',
        home_score: null,
        away_score: null,
        home_rank: 3,
        away_rank: 1,
        name: 'Big Noon Kickoff',
      },
      expect.objectContaining({
        external_id: 'row:3',
        kickoff: new Date('2025-08-31T03:00:00Z'),
        home: expect.objectContaining({ external_id: 'Tennessee' }),
        away: expect.objectContaining({ external_id: 'Syracuse' }),
        status: 'completed',
        home_score: 26,
        away_score: 45,
        home_rank: 24,
        away_rank: null,
        name: null,
      }),
    ]);
    expect(result.lines).toEqual([
      { game_external_id: 'game:12', source: 'csv', spread: -2.5, taken_at: NOW },
      { game_external_id: 'row:3', source: 'csv', spread: 14, taken_at: NOW },
    ]);
    expect(result.tiebreaker).toBe('game:12');
  });

  it('takes a byte order mark, CRLF line ends, any column order and case, only the required columns, and trims cells', () => {
    const text = '\uFEFFHome_Team , GAME_DATE,away_team\r\n  Ohio State ,2025-08-30T19:30:00Z, Texas \r\n';
    const { games, lines, tiebreaker } = parse(text);
    expect(games).toHaveLength(1);
    expect(games[0]).toEqual(expect.objectContaining({ external_id: 'row:2', home: expect.objectContaining({ name: 'Ohio State' }), away: expect.objectContaining({ name: 'Texas' }), status: 'scheduled' }));
    expect(lines).toEqual([]);
    expect(tiebreaker).toBeNull();
  });

  it('reads a pick\'em (0) as a spread of 0, and quoted cells with commas and line breaks, numbering rows by the line they start on', () => {
    const { games, lines } = parse(file('5,2025-08-30T19:30:00Z,Texas,"Ohio State",,,0,,no,,,,"Game, with ""quotes"""', '6,2025-08-30T19:30:00Z,"Line', 'Break",Navy,,,,,,,,,'));
    expect(games.map((game) => game.name)).toEqual(['Game, with "quotes"', null]);
    expect(games[1].away.name).toBe('Line\nBreak');
    expect(lines).toEqual([expect.objectContaining({ game_external_id: 'game:5', spread: 0 })]);
    expect(errorsOf(file('6,2025-08-30T19:30:00Z,"Line\r\n\r\nBreak",Navy,,,,,,,,,', '7,2025-08-30T19:30:00Z,Texas,,,,,,,,,,'))).toEqual(['Line 5: home_team is required']);
  });

  it('gives back what the export guarded against spreadsheet formulas', () => {
    const { games } = parse(file(",2025-08-30T19:30:00Z,'=Texas,'-Ohio State,,,,,,,,,'@home"));
    expect([games[0].away.name, games[0].home.name, games[0].name]).toEqual(['=Texas', '-Ohio State', '@home']);
  });

  it('reads the spreadsheet forms of game_date in the pool time zone, and a date alone as a kickoff time TBD', () => {
    const { games } = parse(file(',12/31/2026 7:30 PM,Texas,Ohio State,,,,,,,,,', ',2026-09-05 12:00,Navy,Army,,,,,,,,,', ',10/31/2026,Rice,Tulane,,,,,,,,,'));
    expect(games.map((game) => [game.kickoff.toISOString(), game.start_time_tbd])).toEqual([
      ['2027-01-01T00:30:00.000Z', false],
      ['2026-09-05T16:00:00.000Z', false],
      ['2026-10-31T04:00:00.000Z', true],
    ]);
  });

  it('completes a game whose two scores are given without a status', () => {
    const { games } = parse(file(',2025-08-30T19:30:00Z,Texas,Ohio State,,,,,,,7,14,'));
    expect(games[0]).toEqual(expect.objectContaining({ status: 'completed', away_score: 7, home_score: 14 }));
  });

  it.each([
    ['a date in words', ',Aug 30 2025 7:30 PM,Texas,Ohio State,,,,,,,,,', 'Line 2: game_date must be a date and time such as 12/31/2026 7:30 PM, 12/31/2026 19:30, 2026-12-31 19:30, 12/31/2026 (time TBD) or 2026-12-31T19:30:00Z (times without a zone are in America/New_York)'],
    ['a day-first date', ',30.08.2025 19:30,Texas,Ohio State,,,,,,,,,', 'Line 2: game_date must be a date and time such as 12/31/2026 7:30 PM, 12/31/2026 19:30, 2026-12-31 19:30, 12/31/2026 (time TBD) or 2026-12-31T19:30:00Z (times without a zone are in America/New_York)'],
    ['an impossible date', ',2025-02-30T19:30:00Z,Texas,Ohio State,,,,,,,,,', 'Line 2: game_date is not a real date and time'],
    ['no kickoff', ',,Texas,Ohio State,,,,,,,,,', 'Line 2: game_date is required'],
    ['no home team', ',2025-08-30T19:30:00Z,Texas,,,,,,,,,,', 'Line 2: home_team is required'],
    ['the same team twice', ',2025-08-30T19:30:00Z,Texas,texas,,,,,,,,,', 'Line 2: home_team and away_team must be different teams'],
    ['a rank of 26', ',2025-08-30T19:30:00Z,Texas,Ohio State,26,,,,,,,,', 'Line 2: away_rank must be a whole number from 1 to 25'],
    ['a rank that is not a number', ',2025-08-30T19:30:00Z,Texas,Ohio State,,#3,,,,,,,', 'Line 2: home_rank must be a whole number from 1 to 25'],
    ['a negative line', ',2025-08-30T19:30:00Z,Texas,Ohio State,,,-7,home,,,,,', 'Line 2: betting_line must not be less than 0: name the favoured team in betting_line_team'],
    ['a line off the half points', ',2025-08-30T19:30:00Z,Texas,Ohio State,,,7.25,home,,,,,', 'Line 2: betting_line must be in steps of 0.5 (like 3 or 3.5)'],
    ['a line without its team', ',2025-08-30T19:30:00Z,Texas,Ohio State,,,7,,,,,,', 'Line 2: betting_line_team (home or away) is required when betting_line is set'],
    ['a team without its line', ',2025-08-30T19:30:00Z,Texas,Ohio State,,,,home,,,,,', 'Line 2: betting_line is required when betting_line_team is set'],
    ['a line team that is a team name', ',2025-08-30T19:30:00Z,Texas,Ohio State,,,7,Texas,,,,,', 'Line 2: betting_line_team must be home or away'],
    ['a tiebreaker of maybe', ',2025-08-30T19:30:00Z,Texas,Ohio State,,,,,maybe,,,,', 'Line 2: is_tiebreaker must be yes or no'],
    ['an unknown status', ',2025-08-30T19:30:00Z,Texas,Ohio State,,,,,,final,,,', 'Line 2: status must be one of: scheduled, in_progress, completed, cancelled, postponed'],
    ['one score only', ',2025-08-30T19:30:00Z,Texas,Ohio State,,,,,,,7,,', 'Line 2: away_score and home_score go together: give both or neither'],
    ['a negative score', ',2025-08-30T19:30:00Z,Texas,Ohio State,,,,,,,-7,3,', 'Line 2: away_score must not be less than 0'],
    ['a completed game without scores', ',2025-08-30T19:30:00Z,Texas,Ohio State,,,,,,completed,,,', 'Line 2: a completed game needs both scores'],
    ['a completed tie', ',2025-08-30T19:30:00Z,Texas,Ohio State,,,,,,completed,21,21,', 'Line 2: a completed game cannot end tied (21-21)'],
    ['a game id that is not a number', 'abc,2025-08-30T19:30:00Z,Texas,Ohio State,,,,,,,,,', 'Line 2: game_id must be the id of a game (a whole number)'],
    ['a short row', ',2025-08-30T19:30:00Z,Texas,Ohio State', 'Line 2: has 4 cells but the header has 13 columns'],
  ])('refuses %s, naming the line', (_case, row, message) => {
    expect(errorsOf(file(row))).toEqual([message]);
  });

  it('lists the problems of every row, each with its line, and reads no game of a file that has any', () => {
    const errors = errorsOf(
      file(
        '1,2025-08-30T19:30:00Z,Texas,Ohio State,,,,,yes,,,,',
        '1,2025-08-30T19:30:00Z,Navy,Army,,,,,yes,,,,',
        '',
        ',2025-08-30T19:30:00Z,Texas,Ohio State,,,,,,,,,',
        'x,30/8/2025,,Ohio State,,,,,,,,,',
      ),
    );
    expect(errors).toEqual([
      'Line 3: game_id 1 is already on line 2',
      'Line 3: only one game can be the tiebreaker, and line 2 already is',
      'Line 5: Texas at Ohio State is already on line 2',
      'Line 6: game_id must be the id of a game (a whole number)',
      'Line 6: game_date is not a real date and time',
      'Line 6: away_team is required',
    ]);
  });

  it(`lists at most ${CSV_MAX_PROBLEMS} problems, then how many more there are`, () => {
    const rows = Array.from({ length: 25 }, (_, index) => `,2025-08-30T19:30:00Z,Team ${index},,,,,,,,,,`);
    const errors = errorsOf(file(...rows));
    expect(errors).toHaveLength(CSV_MAX_PROBLEMS + 1);
    expect(errors[0]).toBe('Line 2: home_team is required');
    expect(errors[CSV_MAX_PROBLEMS]).toBe('… and 5 more problems');
  });

  it.each([
    ['an empty file', '', 'The file is empty. Its first line must be the header: ' + HEADER.split(',').join(', ')],
    ['a file without a header', ',2025-08-30T19:30:00Z,Texas,Ohio State,,,,,,,,,', 'The first line must be the header naming the columns: ' + HEADER.split(',').join(', ')],
    ['a header only', HEADER, 'The file has no games: after the header, one line per game'],
    ['an unclosed quote', `${HEADER}\n,2025-08-30T19:30:00Z,"Texas,Ohio State,,,,,,,,,`, expect.stringMatching(/^The file is not valid CSV: Quote Not Closed/)],
  ])('refuses %s', (_case, text, message) => {
    expect(errorsOf(text)).toEqual([message]);
  });

  it('refuses unknown and repeated columns, and a header without a required column', () => {
    expect(errorsOf('game_date,home_team,foo,home_team\n2025-08-30T19:30:00Z,Texas,x,y')).toEqual([
      `Unknown column: foo; the columns are ${HEADER.split(',').join(', ')}`,
      'Column home_team appears twice',
      'The header must name the column away_team',
    ]);
  });

  it(`refuses more than ${CSV_SCHEDULE_MAX_ROWS} games`, () => {
    const rows = Array.from({ length: CSV_SCHEDULE_MAX_ROWS + 1 }, (_, index) => `,2025-08-30T19:30:00Z,Away ${index},Home ${index},,,,,,,,,`);
    expect(errorsOf(file(...rows))).toEqual([`The file has ${CSV_SCHEDULE_MAX_ROWS + 1} games; at most ${CSV_SCHEDULE_MAX_ROWS} can be imported at once`]);
    expect(parse(file(...rows.slice(1))).games).toHaveLength(CSV_SCHEDULE_MAX_ROWS);
  });
});
