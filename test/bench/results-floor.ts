/**
 * The floor of `npm run bench`: the same numbers as the results engine computes for the bench's league, by SQL
 * written here by hand, independently of src/results/sql.ts. A slower engine query then shows as a worse ratio,
 * rather than slowing both sides alike, and the bench checks that the engine's stored rows agree with these.
 *
 * Written for the bench's league only: every game completed with both scores and a line, every member picking every
 * game. The spec's rules (a correct pick wins, ranked by wins, then the tiebreaker's distance, then losses) and the
 * mixed rules (against the spread with half-point pushes, confidence points, a lock counting twice, the worst week
 * dropped).
 */
import type { DataSource } from 'typeorm';

/** Who covered a game: the home side's margin less the line it gives (the away side's line counts the other way). */
const COVERS = `
  SELECT id, CASE WHEN edge > 0 THEN home_team_id WHEN edge < 0 THEN away_team_id END AS covered_by
  FROM (
    SELECT id, home_team_id, away_team_id,
      home_score - away_score - (CASE WHEN betting_line_team = 'away' THEN -1 ELSE 1 END) * betting_line AS edge
    FROM games WHERE week_id = ?
  ) m`;

const DISTANCE = `CASE WHEN g.is_tiebreaker = 1 THEN ABS(p.tiebreaker_home_score - g.home_score) + ABS(p.tiebreaker_away_score - g.away_score) END`;

/** One member's week under the spec's rules: user_id, wins, losses, points, tiebreaker_score, rank. */
const SPEC_WEEK = `
  SELECT user_id, wins, games - wins AS losses, wins AS points, tiebreaker_score,
    RANK() OVER (ORDER BY wins DESC, CASE WHEN tiebreaker_score IS NULL THEN 1 ELSE 0 END, tiebreaker_score, games - wins) AS place
  FROM (
    SELECT p.user_id, COUNT(*) AS games, SUM(CASE WHEN p.selected_team_id = g.winner_team_id THEN 1 ELSE 0 END) AS wins,
      MAX(${DISTANCE}) AS tiebreaker_score
    FROM picks p JOIN games g ON g.id = p.game_id
    WHERE g.week_id = ?
    GROUP BY p.user_id
  ) w`;

/** One member's week under the mixed rules: a push is half a win, a pick weighs its confidence, the lock twice. */
const MIXED_WEEK = `
  SELECT user_id, wins, games - wins - pushes AS losses, points, tiebreaker_score,
    RANK() OVER (ORDER BY points DESC, CASE WHEN tiebreaker_score IS NULL THEN 1 ELSE 0 END, tiebreaker_score, games - wins - pushes) AS place
  FROM (
    SELECT p.user_id, COUNT(*) AS games,
      SUM(CASE WHEN c.covered_by = p.selected_team_id THEN 1 ELSE 0 END) AS wins,
      SUM(CASE WHEN c.covered_by IS NULL THEN 1 ELSE 0 END) AS pushes,
      SUM((CASE WHEN c.covered_by = p.selected_team_id THEN 1.0 WHEN c.covered_by IS NULL THEN 0.5 ELSE 0 END)
        * p.confidence * (CASE WHEN p.is_lock = 1 THEN 2 ELSE 1 END)) AS points,
      MAX(${DISTANCE}) AS tiebreaker_score
    FROM picks p JOIN games g ON g.id = p.game_id JOIN (${COVERS}) c ON c.id = g.id
    WHERE g.week_id = ?
    GROUP BY p.user_id
  ) w`;

/** A season's totals from its stored weeks, less each member's `dropped` weeks with the fewest points (earliest first). */
const seasonTotals = (dropped: number) => `
  SELECT user_id, SUM(wins) AS wins, SUM(losses) AS losses, SUM(points) AS points,
    RANK() OVER (ORDER BY SUM(points) DESC, CASE WHEN COUNT(tiebreaker_score) = 0 THEN 1 ELSE 0 END, SUM(tiebreaker_score), SUM(losses)) AS place
  FROM (
    SELECT wr.user_id, wr.wins, wr.losses, wr.points, wr.tiebreaker_score,
      ROW_NUMBER() OVER (PARTITION BY wr.user_id ORDER BY wr.points, w.number) AS worst
    FROM weekly_results wr JOIN weeks w ON w.id = wr.week_id
    WHERE w.football_season_id = ?
  ) k
  WHERE worst > ${dropped}
  GROUP BY user_id`;

/** The member's numbers every floor answers, as compared with the engine's stored rows. */
export interface FloorRow {
  user_id: number;
  wins: number;
  losses: number;
  points: number;
  place: number;
}

export interface ResultsFloor {
  specWeek(weekId: number): Promise<FloorRow[]>;
  mixedWeek(weekId: number): Promise<FloorRow[]>;
  specSeason(seasonId: number): Promise<FloorRow[]>;
  mixedSeason(seasonId: number): Promise<FloorRow[]>;
  /** A week's stored results with names, best first, as a reader would get them. */
  storedWeek(weekId: number): Promise<unknown[]>;
  /** A season's stored standings with names, best first. */
  storedSeason(seasonId: number): Promise<unknown[]>;
  /** How many members' numbers differ between the floor's rows and the engine's stored week or season (0: they agree). */
  disagreements(floor: FloorRow[], table: keyof typeof STORED, id: number): Promise<number>;
}

/** The engine's stored numbers of a week or a season, in the floor's shape. */
const STORED = {
  weekly_results: 'SELECT user_id, wins, losses, points, `rank` AS place FROM weekly_results WHERE week_id = ?',
  season_standings:
    'SELECT user_id, total_wins AS wins, total_losses AS losses, total_points AS points, `rank` AS place FROM season_standings WHERE football_season_id = ?',
};

export function resultsFloor(ds: DataSource): ResultsFloor {
  const rows = async (sql: string, parameters: unknown[]): Promise<FloorRow[]> =>
    ((await ds.query(sql, parameters)) as Record<string, unknown>[]).map((row) => ({
      user_id: Number(row.user_id),
      wins: Number(row.wins),
      losses: Number(row.losses),
      points: Number(row.points),
      place: Number(row.place),
    }));
  return {
    specWeek: (weekId) => rows(SPEC_WEEK, [weekId]),
    mixedWeek: (weekId) => rows(MIXED_WEEK, [weekId, weekId]),
    specSeason: (seasonId) => rows(seasonTotals(0), [seasonId]),
    mixedSeason: (seasonId) => rows(seasonTotals(1), [seasonId]),
    storedWeek: (weekId) =>
      ds.query(
        `SELECT wr.*, u.name, u.email FROM weekly_results wr JOIN users u ON u.id = wr.user_id WHERE wr.week_id = ? ORDER BY wr.\`rank\`, u.name, u.id`,
        [weekId],
      ),
    storedSeason: (seasonId) =>
      ds.query(
        `SELECT ss.*, u.name, u.email FROM season_standings ss JOIN users u ON u.id = ss.user_id WHERE ss.football_season_id = ? ORDER BY ss.\`rank\`, u.name, u.id`,
        [seasonId],
      ),
    disagreements: async (floor, table, id) => {
      const engine = new Map((await rows(STORED[table], [id])).map((row) => [row.user_id, row]));
      const same = (row: FloorRow, theirs: FloorRow | undefined) => !!theirs && (['wins', 'losses', 'points', 'place'] as const).every((key) => theirs[key] === row[key]);
      return Math.abs(engine.size - floor.length) + floor.filter((row) => !same(row, engine.get(row.user_id))).length;
    },
  };
}
