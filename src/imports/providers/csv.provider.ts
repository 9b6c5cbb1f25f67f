import { applyDecorators } from '@nestjs/common';
import { plainToInstance, Transform } from 'class-transformer';
import { IsIn, IsInt, IsNotEmpty, IsNumber, Max, MaxLength, Min, ValidateBy, ValidateIf, validateSync } from 'class-validator';
import { CsvProblems, readCsv } from '../../common/csv';
import { SIDES, type Side } from '../../games/entities/game.entity';
import { BETTING_LINE_MAX, BETTING_LINE_STEP, RANKING_MAX, RANKING_MIN } from '../../games/game-rules';
import { GAMES_CSV_COLUMNS, type GamesCsvColumn } from '../../games/games-csv';
import { parseKickoff } from './csv-kickoff';
import type { ExternalGame, ExternalGameStatus, ExternalLine, ExternalTeam, SeasonType } from './provider';

/** At most this many games in one file: a week of every FBS game is under 100. */
export const CSV_SCHEDULE_MAX_ROWS = 500;

/** The line source of a game whose line came from a CSV file. */
export const CSV_LINE_SOURCE = 'csv';

const REQUIRED: GamesCsvColumn[] = ['game_date', 'away_team', 'home_team'];
const STATUSES: ExternalGameStatus[] = ['scheduled', 'in_progress', 'completed', 'cancelled', 'postponed'];
/** is_tiebreaker: yes or no as the export writes it; the spellings spreadsheets and people use also count. */
const YES = ['yes', 'y', 'true', '1'];
const NO = ['no', 'n', 'false', '0'];
const BLANK_ROW = Object.fromEntries(GAMES_CSV_COLUMNS.map((column) => [column, '']));
const GAME_ID_MESSAGE = '$property must be the id of a game (a whole number)';

// Cells are text: blank is null, numbers are read as numbers (anything else stays text and fails the number rule).
// Each helper lists its rules in the order they run; with stopAtFirstError a cell reports only the first it breaks.
const cell = (...rules: PropertyDecorator[]) =>
  applyDecorators(Transform(({ value }: { value: unknown }) => (value === '' || value === undefined ? null : value)), ...rules);
const asNumber = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^[+-]?\d+(\.\d+)?$/.test(value) ? Number(value) : value));
const asLowerCase = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.toLowerCase() : value));
const optional = () => ValidateIf((_row, value) => value !== null);
const required = () => IsNotEmpty({ message: '$property is required' });

const TeamName = () => cell(required(), MaxLength(100, { message: '$property must be at most 100 characters' }));
const Rank = () => {
  const message = `$property must be a whole number from ${RANKING_MIN} to ${RANKING_MAX}`;
  return cell(asNumber(), optional(), IsInt({ message }), Min(RANKING_MIN, { message }), Max(RANKING_MAX, { message }));
};
const Score = () => cell(asNumber(), optional(), IsInt({ message: '$property must be a whole number' }), Min(0, { message: '$property must not be less than 0' }));
const OneOf = (values: readonly string[], message: string) => cell(asLowerCase(), optional(), IsIn(values, { message }));

/** A row of the file with its cells as validation sees them (docs/imports.md#csv: the export's columns). */
class CsvGameRow {
  @cell(asNumber(), optional(), IsInt({ message: GAME_ID_MESSAGE }), Min(1, { message: GAME_ID_MESSAGE }))
  game_id!: number | null;

  // Read by parseKickoff below: its forms depend on the pool's time zone.
  @cell(required())
  game_date!: string;

  @TeamName()
  away_team!: string;

  @TeamName()
  home_team!: string;

  @Rank()
  away_rank!: number | null;

  @Rank()
  home_rank!: number | null;

  @cell(
    asNumber(),
    optional(),
    IsNumber({ allowNaN: false, allowInfinity: false }, { message: '$property must be a number of points, such as 7 or 3.5' }),
    Min(0, { message: '$property must not be less than 0: name the favoured team in betting_line_team' }),
    Max(BETTING_LINE_MAX, { message: `$property must not be greater than ${BETTING_LINE_MAX}` }),
    ValidateBy({
      name: 'isHalfPointStep',
      validator: { validate: (value: unknown) => typeof value === 'number' && Number.isInteger(value / BETTING_LINE_STEP), defaultMessage: () => `$property must be in steps of ${BETTING_LINE_STEP} (like 3 or 3.5)` },
    }),
  )
  betting_line!: number | null;

  @OneOf(SIDES, '$property must be home or away')
  betting_line_team!: Side | null;

  @OneOf([...YES, ...NO], '$property must be yes or no')
  is_tiebreaker!: string | null;

  @OneOf(STATUSES, `$property must be one of: ${STATUSES.join(', ')}`)
  status!: ExternalGameStatus | null;

  @Score()
  away_score!: number | null;

  @Score()
  home_score!: number | null;

  @cell(optional(), MaxLength(255, { message: '$property must be at most 255 characters' }))
  name!: string | null;
}

export interface CsvScheduleContext {
  /** The season's year and the week's number the file is imported into. */
  year: number;
  week: number;
  /** The pool's time zone (TZ_DISPLAY): a kickoff written without a zone is a wall-clock time there. */
  timeZone: string;
  season_type?: SeasonType;
  /** When the lines were taken (now by default). */
  now?: Date;
}

export interface CsvSchedule {
  games: ExternalGame[];
  lines: ExternalLine[];
  /** The external_id of the game marked as the tiebreaker, if one is. */
  tiebreaker: string | null;
}

/** A team as the file names it: its name is its id (remembered once matched, docs/imports.md). */
const teamNamed = (name: string): ExternalTeam => ({ external_id: name, name, conference: null, classification: null });

/** The same team however a row spells its case and spaces. */
const sameName = (name: string) => name.toLowerCase().replace(/\s+/g, ' ');

/**
 * A week's games from a CSV file in the shape of every provider (the `csv` provider of POST /imports). Every row is
 * checked first; any problem refuses the whole file (422 `{errors}` naming the lines), so nothing is half-read.
 */
export function csvSchedule(text: string, context: CsvScheduleContext): CsvSchedule {
  const problems = new CsvProblems();
  const rows = readCsv(text, { columns: GAMES_CSV_COLUMNS, required: REQUIRED, maxRows: CSV_SCHEDULE_MAX_ROWS, noun: 'game' }, problems);
  const games: ExternalGame[] = [];
  const lines: ExternalLine[] = [];
  let tiebreaker: { id: string; line: number } | null = null;
  const gameIds = new Map<number, number>();
  const matchups = new Map<string, number>();
  const takenAt = context.now ?? new Date();

  for (const { line, cells } of rows) {
    // A column the file leaves out is blank in every row.
    const row = plainToInstance(CsvGameRow, { ...BLANK_ROW, ...cells });
    const errors = validateSync(row, { stopAtFirstError: true });
    const broken = new Set(errors.map((error) => error.property));
    const fine = (...fields: (keyof CsvGameRow)[]) => fields.every((field) => !broken.has(field));
    const problem = (message: string) => problems.add(line, message);
    const kickoff = fine('game_date') ? parseKickoff(row.game_date, context.timeZone) : null;
    // The cells' problems in the order of the columns, the kickoff's in its place.
    const cellProblems = errors.map((error) => ({ column: error.property, text: Object.values(error.constraints ?? {})[0] ?? `${error.property} is not valid` }));
    if (kickoff && 'error' in kickoff) cellProblems.push({ column: 'game_date', text: kickoff.error });
    const order = (column: string) => GAMES_CSV_COLUMNS.indexOf(column as GamesCsvColumn);
    for (const { text } of cellProblems.sort((a, b) => order(a.column) - order(b.column))) problem(text);

    if (row.game_id !== null && fine('game_id')) {
      const earlier = gameIds.get(row.game_id);
      if (earlier !== undefined) problem(`game_id ${row.game_id} is already on line ${earlier}`);
      else gameIds.set(row.game_id, line);
    }
    if (fine('home_team', 'away_team')) {
      const matchup = `${sameName(row.away_team)} at ${sameName(row.home_team)}`;
      if (sameName(row.home_team) === sameName(row.away_team)) problem('home_team and away_team must be different teams');
      else if (matchups.has(matchup)) problem(`${row.away_team} at ${row.home_team} is already on line ${matchups.get(matchup)}`);
      else matchups.set(matchup, line);
    }
    if (fine('betting_line', 'betting_line_team')) {
      if (row.betting_line !== null && row.betting_line > 0 && row.betting_line_team === null) problem('betting_line_team (home or away) is required when betting_line is set');
      if (row.betting_line === null && row.betting_line_team !== null) problem('betting_line is required when betting_line_team is set');
    }
    const scored = row.home_score !== null && row.away_score !== null;
    const status: ExternalGameStatus = row.status ?? (scored ? 'completed' : 'scheduled');
    if (fine('home_score', 'away_score', 'status')) {
      if ((row.home_score === null) !== (row.away_score === null)) problem('away_score and home_score go together: give both or neither');
      else if (status === 'completed' && !scored) problem('a completed game needs both scores');
      else if (status === 'completed' && row.home_score === row.away_score) problem(`a completed game cannot end tied (${row.away_score}-${row.home_score})`);
    }
    const external_id = row.game_id !== null ? `game:${row.game_id}` : `row:${line}`;
    if (row.is_tiebreaker !== null && YES.includes(row.is_tiebreaker)) {
      if (tiebreaker) problem(`only one game can be the tiebreaker, and line ${tiebreaker.line} already is`);
      else tiebreaker = { id: external_id, line };
    }
    if (problems.any || !kickoff || 'error' in kickoff) continue;

    games.push({
      external_id,
      season: context.year,
      week: context.week,
      season_type: context.season_type ?? 'regular',
      kickoff: kickoff.kickoff,
      start_time_tbd: kickoff.timeTbd,
      neutral_site: false,
      conference_game: false,
      home: teamNamed(row.home_team),
      away: teamNamed(row.away_team),
      status,
      home_score: row.home_score,
      away_score: row.away_score,
      home_rank: row.home_rank,
      away_rank: row.away_rank,
      name: row.name,
    });
    if (row.betting_line !== null) lines.push({ game_external_id: external_id, source: CSV_LINE_SOURCE, spread: spreadOf(row.betting_line, row.betting_line_team), taken_at: takenAt });
  }
  problems.throwIfAny();
  return { games, lines, tiebreaker: tiebreaker?.id ?? null };
}

/** A line as a provider's spread, from the home side: home favoured by 7 is -7, away favoured by 7 is 7, a pick'em 0. */
function spreadOf(points: number, favoured: Side | null): number {
  if (points === 0) return 0;
  return favoured === 'home' ? -points : points;
}
