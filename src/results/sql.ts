import { DateUtils } from 'typeorm/util/DateUtils';
import type { Principal } from '../common/principal';
import { halfPushes, type SeasonRules } from '../seasons/season-rules';

/** A Date as both SQLite (TypeORM's UTC text) and MySQL/MariaDB (session time zone Z) store datetime columns. */
export const sqlDateTime = (date: Date): string => DateUtils.mixedDateToUtcDatetimeString(date) as string;

/** DECIMAL columns come back as strings from MySQL. */
export const readNumber = (value: string | number | null): number | null => (value === null ? null : Number(value));

/**
 * How one field of an answer is read from a row: the column, and how MySQL's strings become numbers (DECIMAL and
 * BIGINT counts arrive as text; `decimal` reads points and percentages, null as 0). A field map lists an answer's
 * fields once; both the row reader and SQLite's JSON (below) are derived from it.
 */
type Read = 'int' | 'text' | 'decimal' | 'nullable';
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
const decimal = field('decimal');

const isField = (value: Field | FieldMap): value is Field => typeof value.read === 'string';

const READ: Record<Read, (value: unknown) => unknown> = {
  int: (value) => Number(value),
  text: (value) => value,
  decimal: (value) => readNumber(value as string | number | null) ?? 0,
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
  pushes: int('pushes'),
  points: decimal('points'),
  win_percentage: decimal('win_percentage'),
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
  total_pushes: int('total_pushes'),
  total_points: decimal('total_points'),
  win_percentage: decimal('win_percentage'),
  weeks_participated: int('weeks_participated'),
  weeks_played: int('weeks_participated'),
  weeks_dropped: int('weeks_dropped'),
  total_tiebreaker_score: int('total_tiebreaker_score'),
  avg_tiebreaker_score: nullable('avg_tiebreaker_score'),
};

/** A statement and its parameters, in order. */
export interface Statement {
  sql: string;
  parameters: unknown[];
}


/**
 * How a game of alias `g` came out under the season's rules, read from the game itself (so the queries need no prior
 * pass): the team whose pick won, whether the game pushed, whether it counts. Against the spread this is coverOf
 * (src/games/cover.ts) in SQL: the favourite covers when its margin is above the line, exactly on it is a push;
 * without both scores the winner covers.
 */
function outcome(rules: SeasonRules): { winning: string; pushed: string; counted: string } {
  const played = `g.status <> 'cancelled'`;
  if (rules.pick_mode === 'winner') return { winning: 'g.winner_team_id', pushed: '0 = 1', counted: played };
  const scored = 'g.home_score IS NOT NULL AND g.away_score IS NOT NULL';
  const margin = `(g.home_score - g.away_score - CASE g.betting_line_team WHEN 'home' THEN COALESCE(g.betting_line, 0)
    WHEN 'away' THEN -COALESCE(g.betting_line, 0) ELSE 0 END)`;
  const pushed = `(${scored} AND ${margin} = 0)`;
  return {
    winning: `CASE WHEN ${scored} THEN CASE WHEN ${margin} > 0 THEN g.home_team_id WHEN ${margin} < 0 THEN g.away_team_id END
      WHEN g.winner_team_id IN (g.home_team_id, g.away_team_id) THEN g.winner_team_id END`,
    pushed,
    counted: rules.push_rule === 'void' ? `${played} AND NOT ${pushed}` : played,
  };
}

/**
 * Each member's record of the week, ranked, as one set-wise SELECT (docs/pool-formats.md#results; the rules are
 * stated in test/support/scoring-oracle.ts). Every member with a pick has a record; the week's counted games are the
 * same for all, and unpicked ones are losses. A pick weighs its confidence points (0 without) in a confidence season,
 * twice as much as the lock; the tiebreaker distance is measured on any tiebreaker game not cancelled.
 */
export function weekRecords(rules: SeasonRules, weekId: number): Statement {
  const { winning, pushed, counted } = outcome(rules);
  const half = halfPushes(rules);
  const won = `${counted} AND p.selected_team_id = ${winning}`;
  const weight = [rules.confidence_points ? 'COALESCE(p.confidence, 0)' : '1', ...(rules.lock_of_week ? ['CASE WHEN p.is_lock = 1 THEN 2 ELSE 1 END'] : [])].join(' * ');
  const points = half
    ? `SUM(CASE WHEN ${won} THEN 2 * ${weight} WHEN g.status <> 'cancelled' AND ${pushed} THEN ${weight} ELSE 0 END) / 2.0`
    : `SUM(CASE WHEN ${won} THEN ${weight} ELSE 0 END)`;
  const losses = `t.total - a.wins${half ? ' - a.pushes' : ''}`;
  const order =
    rules.weekly_ties === 'shared'
      ? 'a.points DESC'
      : `a.points DESC, CASE WHEN a.tiebreaker_score IS NULL THEN 1 ELSE 0 END, a.tiebreaker_score ASC, ${losses} ASC`;
  const sql = `
    SELECT a.user_id, a.wins, ${losses} AS losses, t.total AS total_games, a.pushes, a.points,
      CASE WHEN t.total = 0 THEN 0 ELSE ROUND(${half ? '(a.wins * 2 + a.pushes) * 50.0' : 'a.wins * 100.0'} / t.total, 1) END AS win_percentage,
      a.tiebreaker_score,
      RANK() OVER (ORDER BY ${order}) AS \`rank\`
    FROM (
      SELECT p.user_id,
        SUM(CASE WHEN ${won} THEN 1 ELSE 0 END) AS wins,
        SUM(CASE WHEN g.status <> 'cancelled' AND ${pushed} THEN 1 ELSE 0 END) AS pushes,
        ${points} AS points,
        SUM(CASE WHEN g.status <> 'cancelled' AND g.is_tiebreaker = 1 AND p.tiebreaker_home_score IS NOT NULL AND p.tiebreaker_away_score IS NOT NULL
              AND g.home_score IS NOT NULL AND g.away_score IS NOT NULL
            THEN ABS(p.tiebreaker_home_score - g.home_score) + ABS(p.tiebreaker_away_score - g.away_score) END) AS tiebreaker_score
      FROM picks p JOIN games g ON g.id = p.game_id
      WHERE p.week_id = ?
      GROUP BY p.user_id
    ) a CROSS JOIN (SELECT COUNT(*) AS total FROM games g WHERE g.week_id = ? AND ${counted}) t`;
  return { sql, parameters: [weekId, weekId] };
}

/**
 * What a pick's is_correct should be: won 1, lost 0; a push 0 when it counts as a loss, else null; null on a
 * cancelled game. A correlated subquery on `picks`.
 */
export function isCorrect(rules: SeasonRules): string {
  const { winning, pushed } = outcome(rules);
  const push = rules.pick_mode === 'spread' ? `WHEN ${pushed} THEN ${rules.push_rule === 'loss' ? '0' : 'NULL'} ` : '';
  return `(SELECT CASE WHEN g.status = 'cancelled' THEN NULL ${push}WHEN picks.selected_team_id = ${winning} THEN 1 ELSE 0 END
  FROM games g WHERE g.id = picks.game_id)`;
}

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
  wr.total_games, wr.pushes, wr.points, wr.win_percentage, wr.tiebreaker_score, wr.\`rank\`
  FROM weekly_results wr JOIN users u ON u.id = wr.user_id WHERE wr.week_id = ?`;

/**
 * Season standings from the stored weekly results, as one set-wise SELECT (docs/pool-formats.md#results; rules in
 * test/support/scoring-oracle.ts). Each member's worst weeks are dropped first: with missed weeks as losses, the
 * missed weeks of the season's scored weeks, then the played weeks with the fewest points (earlier first), at most
 * all but one scored week; with missed weeks excluded, played weeks only, at most all but one. The totals sum the
 * kept weeks; the order is the weekly order on totals (by win percentage first when missed weeks are excluded),
 * where a member who never gave a tiebreaker prediction sorts after those who did.
 */
export function seasonRecords(rules: SeasonRules, seasonId: number): Statement {
  const drop = rules.drop_worst_weeks;
  const excluded = rules.missed_weeks === 'excluded';
  // The weeks a member drops in all (missed ones included), and of them the played weeks: the worst come first.
  const [played, scored] = ['COUNT(*) OVER (PARTITION BY wr.user_id)', 'sc.weeks'];
  const dropped = `CASE WHEN ${drop} < ${excluded ? played : scored} - 1 THEN ${drop} ELSE ${excluded ? played : scored} - 1 END`;
  const droppedPlayed = excluded ? dropped : `${dropped} - (${scored} - ${played})`;
  const sum = (column: string) => (drop === 0 ? `SUM(k.${column})` : `SUM(CASE WHEN k.kept = 1 THEN k.${column} ELSE 0 END)`);
  const tiebreaker = drop === 0 ? 'k.tiebreaker_score' : 'CASE WHEN k.kept = 1 THEN k.tiebreaker_score END';
  const wins = halfPushes(rules) ? `(${sum('wins')} * 2 + ${sum('pushes')}) * 50.0` : `${sum('wins')} * 100.0`;
  const weeks =
    drop === 0
      ? 'FROM weekly_results k JOIN weeks w ON w.id = k.week_id WHERE w.football_season_id = ?'
      : `FROM (
          SELECT wr.user_id, wr.wins, wr.losses, wr.total_games, wr.pushes, wr.points, wr.tiebreaker_score, ${dropped} AS dropped,
            CASE WHEN ROW_NUMBER() OVER (PARTITION BY wr.user_id ORDER BY wr.points, w.number, w.id) > ${droppedPlayed} THEN 1 ELSE 0 END AS kept
          FROM weekly_results wr JOIN weeks w ON w.id = wr.week_id
          ${excluded ? '' : `CROSS JOIN (SELECT COUNT(*) AS weeks FROM weeks sw WHERE sw.football_season_id = ?
            AND EXISTS (SELECT 1 FROM weekly_results swr WHERE swr.week_id = sw.id)) sc`}
          WHERE w.football_season_id = ?
        ) k`;
  const sql = `
  SELECT s.*, RANK() OVER (ORDER BY ${excluded ? 's.win_percentage DESC, ' : ''}s.total_points DESC, CASE WHEN s.avg_tiebreaker_score IS NULL THEN 1 ELSE 0 END,
      s.total_tiebreaker_score ASC, s.total_losses ASC) AS \`rank\`
  FROM (
    SELECT k.user_id, ${sum('wins')} AS total_wins, ${sum('losses')} AS total_losses, ${sum('total_games')} AS total_games,
      ${sum('pushes')} AS total_pushes, ${sum('points')} AS total_points,
      CASE WHEN ${sum('total_games')} = 0 THEN 0 ELSE ROUND(${wins} / ${sum('total_games')}, 1) END AS win_percentage,
      COUNT(*) AS weeks_participated, ${drop === 0 ? '0' : 'MAX(k.dropped)'} AS weeks_dropped,
      COALESCE(SUM(${tiebreaker}), 0) AS total_tiebreaker_score, ROUND(AVG(${tiebreaker}), 1) AS avg_tiebreaker_score
    ${weeks}
    GROUP BY k.user_id
  ) s`;
  return { sql, parameters: drop === 0 || excluded ? [seasonId] : [seasonId, seasonId] };
}

/** A season's stored standings with their members; ordered by the caller. Parameters: emailParameters, then the season. */
export const STORED_STANDINGS_SQL = `SELECT ss.id, ss.user_id, u.name AS user_name, ${MEMBER_EMAIL}, ss.\`rank\`, ss.total_wins,
  ss.total_losses, ss.total_games, ss.total_pushes, ss.total_points, ss.win_percentage, ss.weeks_participated, ss.weeks_dropped, ss.total_tiebreaker_score, ss.avg_tiebreaker_score
  FROM season_standings ss JOIN users u ON u.id = ss.user_id WHERE ss.football_season_id = ?`;
