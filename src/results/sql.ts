import { DateUtils } from 'typeorm/util/DateUtils';
import type { Principal } from '../common/principal';

/** A Date as both SQLite (TypeORM's UTC text) and MySQL/MariaDB (session time zone Z) store datetime columns. */
export const sqlDateTime = (date: Date): string => DateUtils.mixedDateToUtcDatetimeString(date) as string;

/** DECIMAL columns come back as strings from MySQL. */
export const readNumber = (value: string | number | null): number | null => (value === null ? null : Number(value));

/**
 * How one field of an answer is read from a row: the column, and how MySQL's strings become numbers (DECIMAL and
 * BIGINT counts arrive as text). A field map lists an answer's fields once; both the row reader and SQLite's JSON
 * (below) are derived from it.
 */
type Read = 'int' | 'text' | 'percent' | 'nullable';
interface Field {
  column: string;
  read: Read;
}
export interface FieldMap {
  [key: string]: Field | FieldMap;
}
const field = (read: Read) => (column: string): Field => ({ column, read });
const int = field('int');
const text = field('text');
const nullable = field('nullable');
const percent = field('percent');

const isField = (value: Field | FieldMap): value is Field => typeof value.read === 'string';

const READ: Record<Read, (value: unknown) => unknown> = {
  int: (value) => Number(value),
  text: (value) => value,
  percent: (value) => readNumber(value as string | number | null) ?? 0,
  nullable: (value) => (value === null || value === undefined ? null : Number(value)),
};

/** Turns rows into answers by a field map. */
export function rowReader<T>(fields: FieldMap): (row: Record<string, unknown>) => T {
  const read = (map: FieldMap, row: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(Object.entries(map).map(([key, value]) => [key, isField(value) ? READ[value.read](row[value.column]) : read(value, row)]));
  return (row) => read(fields, row) as T;
}

/**
 * SQLite builds a large JSON answer itself (json_object / json_group_array run in C), which is several times faster
 * than turning thousands of rows into objects and back into text in JavaScript. `fields` maps each JSON key to a
 * column of the subquery `r`; a nested object is another field map.
 */
const jsonObject = (fields: FieldMap): string =>
  `json_object(${Object.entries(fields)
    .map(([key, value]) => `'${key}', ${isField(value) ? `r.\`${value.column}\`` : jsonObject(value)}`)
    .join(', ')})`;

export const sqliteJsonArray = (select: string, fields: FieldMap, orderBy: string): string =>
  `SELECT json_group_array(${jsonObject(fields)} ORDER BY ${orderBy}) AS body FROM (${select}) r`;

/** A member as results name them; `email` is null for a reader who may not see it (MEMBER_EMAIL). */
const MEMBER: FieldMap = { id: int('user_id'), name: text('user_name'), email: text('user_email') };

/** A weekly result (WeeklyResultDto); `id` is null in a dry run, where nothing is stored. */
export const WEEKLY_RESULT_FIELDS: FieldMap = {
  id: nullable('id'),
  week_id: int('week_id'),
  user: MEMBER,
  wins: int('wins'),
  losses: int('losses'),
  total_games: int('total_games'),
  win_percentage: percent('win_percentage'),
  tiebreaker_score: nullable('tiebreaker_score'),
  rank: nullable('rank'),
};

/** A season standing (SeasonStandingDto); weeks_played repeats weeks_participated under the other name. */
export const STANDING_FIELDS: FieldMap = {
  id: int('id'),
  rank: int('rank'),
  user: MEMBER,
  total_wins: int('total_wins'),
  total_losses: int('total_losses'),
  total_games: int('total_games'),
  win_percentage: percent('win_percentage'),
  weeks_participated: int('weeks_participated'),
  weeks_played: int('weeks_participated'),
  total_tiebreaker_score: int('total_tiebreaker_score'),
  avg_tiebreaker_score: nullable('avg_tiebreaker_score'),
};

/**
 * Each member's record of the week, ranked, as one set-wise SELECT (docs/product.md#states, #constants; the rules are stated in
 * test/support/scoring-oracle.ts). Correctness is read from the games themselves, so the query needs no prior
 * pass over the picks.
 * `total` is the number of games not cancelled; unpicked games count as losses.
 */
export function weekRecordsSql(total: number): string {
  const played = `g.status <> 'cancelled'`;
  return `
    SELECT a.user_id, a.wins, ${total} - a.wins AS losses, ${total} AS total_games,
      CASE WHEN ${total} = 0 THEN 0 ELSE ROUND(a.wins * 100.0 / ${total}, 1) END AS win_percentage,
      a.tiebreaker_score,
      RANK() OVER (ORDER BY a.wins DESC, CASE WHEN a.tiebreaker_score IS NULL THEN 1 ELSE 0 END, a.tiebreaker_score ASC, ${total} - a.wins ASC) AS \`rank\`
    FROM (
      SELECT p.user_id,
        SUM(CASE WHEN ${played} AND p.selected_team_id = g.winner_team_id THEN 1 ELSE 0 END) AS wins,
        SUM(CASE WHEN ${played} AND g.is_tiebreaker = 1 AND p.tiebreaker_home_score IS NOT NULL AND p.tiebreaker_away_score IS NOT NULL
              AND g.home_score IS NOT NULL AND g.away_score IS NOT NULL
            THEN ABS(p.tiebreaker_home_score - g.home_score) + ABS(p.tiebreaker_away_score - g.away_score) END) AS tiebreaker_score
      FROM picks p JOIN games g ON g.id = p.game_id
      WHERE p.week_id = ?
      GROUP BY p.user_id
    ) a`;
}

/** What a pick's is_correct should be: null on a cancelled game, else whether it named the winner. */
export const IS_CORRECT = `(SELECT CASE WHEN g.status = 'cancelled' THEN NULL WHEN g.winner_team_id = picks.selected_team_id THEN 1 ELSE 0 END
  FROM games g WHERE g.id = picks.game_id)`;

/**
 * Least data (docs/decisions.md): a member's e-mail address goes to admins and to that member only; every other
 * reader gets null. Decided by the database as it reads each row, so no answer costs a pass in JavaScript, and the
 * statement's text is the same for every reader (one prepared statement). Its two parameters come first.
 */
const MEMBER_EMAIL = `CASE WHEN ? = 1 OR u.id = ? THEN u.email END AS user_email`;

/** Whose answer it is: the parameters of MEMBER_EMAIL. */
export const emailParameters = (reader: Principal): [number, number] => [reader.role === 'admin' ? 1 : 0, reader.id];

/** The pool's own reads (an admin's dry run, the comparisons of the tests): every member's e-mail. */
export const POOL_READER: Principal = { id: 0, role: 'admin' };

/** A week's stored results with their members; ordered by the caller. Parameters: emailParameters, then the week. */
export const STORED_RESULTS_SQL = `SELECT wr.id, wr.week_id, wr.user_id, u.name AS user_name, ${MEMBER_EMAIL}, wr.wins, wr.losses,
  wr.total_games, wr.win_percentage, wr.tiebreaker_score, wr.\`rank\`
  FROM weekly_results wr JOIN users u ON u.id = wr.user_id WHERE wr.week_id = ?`;

/**
 * Season standings from the stored weekly results, as one set-wise INSERT … SELECT (rules in
 * test/support/scoring-oracle.ts): totals, then the weekly order on totals, where a member who never gave a tiebreaker prediction sorts after those who did.
 */
export const SEASON_RECORDS_SQL = `
  SELECT s.*, RANK() OVER (ORDER BY s.total_wins DESC, CASE WHEN s.avg_tiebreaker_score IS NULL THEN 1 ELSE 0 END,
      s.total_tiebreaker_score ASC, s.total_losses ASC) AS \`rank\`
  FROM (
    SELECT wr.user_id, SUM(wr.wins) AS total_wins, SUM(wr.losses) AS total_losses, SUM(wr.total_games) AS total_games,
      CASE WHEN SUM(wr.total_games) = 0 THEN 0 ELSE ROUND(SUM(wr.wins) * 100.0 / SUM(wr.total_games), 1) END AS win_percentage,
      COUNT(*) AS weeks_participated, COALESCE(SUM(wr.tiebreaker_score), 0) AS total_tiebreaker_score,
      ROUND(AVG(wr.tiebreaker_score), 1) AS avg_tiebreaker_score
    FROM weekly_results wr JOIN weeks w ON w.id = wr.week_id
    WHERE w.football_season_id = ?
    GROUP BY wr.user_id
  ) s`;

/** A season's stored standings with their members; ordered by the caller. Parameters: emailParameters, then the season. */
export const STORED_STANDINGS_SQL = `SELECT ss.id, ss.user_id, u.name AS user_name, ${MEMBER_EMAIL}, ss.\`rank\`, ss.total_wins,
  ss.total_losses, ss.total_games, ss.win_percentage, ss.weeks_participated, ss.total_tiebreaker_score, ss.avg_tiebreaker_score
  FROM season_standings ss JOIN users u ON u.id = ss.user_id WHERE ss.football_season_id = ?`;
