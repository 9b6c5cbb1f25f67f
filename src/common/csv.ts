import { UnprocessableEntityException } from '@nestjs/common';
import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

/** How many problems a refused file lists: enough to fix a file in one go, not a wall of text. */
export const CSV_MAX_PROBLEMS = 20;

/** A cell a spreadsheet would run as a formula (=, +, -, @, and tab or carriage return that Excel also honours). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell made safe to open in a spreadsheet (OWASP's CSV injection advice): a leading ' makes it plain text.
 * Numbers are written as they are, so a negative number stays a number.
 */
export function guardCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The text a guarded cell stood for: what the export wrote comes back as it was. */
export function unguardCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

export type CsvValue = string | number | null;

/**
 * A CSV file with a header, UTF-8 with a byte order mark so that spreadsheets (Excel) read accents right; empty
 * cells for null, text cells guarded against formulas.
 */
export function writeCsv<C extends string>(columns: readonly C[], rows: Record<C, CsvValue>[]): string {
  const cells = rows.map((row) => columns.map((column) => cellOf(row[column])));
  return `\uFEFF${stringify([columns as readonly string[], ...cells])}`;
}

function cellOf(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  return guardCell(value);
}

/** A data row of a file: its line number (where it starts) and its cells by column, trimmed and unguarded. */
export interface CsvRow<C extends string> {
  line: number;
  cells: Partial<Record<C, string>>;
}

export interface CsvShape<C extends string> {
  /** The columns a file may have, in the order the messages list them. */
  columns: readonly C[];
  /** The columns its header must name. */
  required: readonly C[];
  maxRows: number;
  /** What a row is, for messages ("game", "team"). */
  noun: string;
}

/**
 * The problems found in a file, by line; refused all together (422 `{errors}`), the first CSV_MAX_PROBLEMS of them,
 * so nothing is written while any row is wrong.
 */
export class CsvProblems {
  private readonly list: string[] = [];

  add(line: number | null, message: string): void {
    this.list.push(line === null ? message : `Line ${line}: ${message}`);
  }

  get any(): boolean {
    return this.list.length > 0;
  }

  get count(): number {
    return this.list.length;
  }

  throwIfAny(): void {
    if (!this.any) return;
    const shown = this.list.slice(0, CSV_MAX_PROBLEMS);
    const more = this.list.length - shown.length;
    throw new UnprocessableEntityException({ errors: more > 0 ? [...shown, `… and ${more} more problem${more === 1 ? '' : 's'}`] : shown });
  }
}

const refuse = (message: string) => new UnprocessableEntityException({ errors: [message] });

/**
 * The rows of a CSV file (UTF-8, with or without a byte order mark) whose first line is a header naming its
 * columns: names are matched ignoring case and spaces around them; an unknown or repeated column, a missing required
 * one, a malformed file or too many rows refuse the file. Blank lines (and rows of empty cells) are skipped; a row
 * with more or fewer cells than the header is a problem of its line, added to `found` (the caller adds its own and
 * refuses the file once every row is checked). Cells are trimmed.
 */
export function readCsv<C extends string>(text: string, shape: CsvShape<C>, found: CsvProblems): CsvRow<C>[] {
  let records: { record: string[]; raw: string; info: { lines: number } }[];
  try {
    // One kind of line end: csv-parse counts a CR LF inside a quoted cell as two lines, which would shift every line number after it.
    records = parse(text.replace(/\r\n?/g, '\n'), { bom: true, info: true, raw: true, relax_column_count: true, skip_empty_lines: true }) as never;
  } catch (error) {
    if (error instanceof CsvError) throw refuse(`The file is not valid CSV: ${error.message}`);
    throw error;
  }
  const listed = shape.columns.join(', ');
  if (records.length === 0) throw refuse(`The file is empty. Its first line must be the header: ${listed}`);

  const [header, ...body] = records;
  const names = header.record.map((name) => name.trim().toLowerCase());
  const known = new Set<string>(shape.columns);
  if (!names.some((name) => known.has(name))) throw refuse(`The first line must be the header naming the columns: ${listed}`);
  const problems = new CsvProblems();
  names.forEach((name, index) => {
    if (!known.has(name)) problems.add(null, `Unknown column: ${name || `(empty, column ${index + 1})`}; the columns are ${listed}`);
    else if (names.indexOf(name) !== index) problems.add(null, `Column ${name} appears twice`);
  });
  const missing = shape.required.filter((column) => !names.includes(column));
  if (missing.length > 0) problems.add(null, `The header must name the column${missing.length === 1 ? '' : 's'} ${missing.join(', ')}`);
  problems.throwIfAny();

  const rows = body
    .map(({ record, raw, info }) => ({ record, line: startLine(raw, info.lines) }))
    .filter(({ record }) => record.some((cell) => cell.trim() !== ''));
  if (rows.length === 0) throw refuse(`The file has no ${shape.noun}s: after the header, one line per ${shape.noun}`);
  if (rows.length > shape.maxRows) throw refuse(`The file has ${rows.length} ${shape.noun}s; at most ${shape.maxRows} can be imported at once`);

  return rows.map(({ record, line }) => {
    if (record.length !== names.length) found.add(line, `has ${record.length} cells but the header has ${names.length} columns`);
    const cells: Partial<Record<C, string>> = {};
    names.forEach((name, index) => (cells[name as C] = unguardCell((record[index] ?? '').trim())));
    return { line, cells };
  });
}

/**
 * The line a record starts on: csv-parse counts the line it ends on, and a quoted cell may span lines. Its raw text
 * may begin with the blank lines skipped before it.
 */
function startLine(raw: string, endLine: number): number {
  const breaks = raw.replace(/^[\r\n]+|[\r\n]+$/g, '').match(/\r\n|\n|\r/g)?.length ?? 0;
  return endLine - breaks;
}

/**
 * The Content-Disposition of a download: the name as it is when it is plain ASCII, else an ASCII stand-in and the
 * real name in RFC 5987's filename* (which every current browser reads).
 */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return ascii === fileName ? `attachment; filename="${ascii}"` : `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
