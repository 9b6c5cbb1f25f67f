/**
 * The floors of `npm run bench:api`, each a bare node:http server in a process of its own (forked by api.bench.ts,
 * which sends the configuration in BENCH_FLOOR and gets the port back over IPC):
 *
 * - `reads`: answers every request with the exact bytes (status, headers, body) captured from the app.
 * - `picks-sqlite`: better-sqlite3 (WAL, synchronous NORMAL) upserting each POSTed pick under a unique (user, game)
 *   key; the member is the `sub` of the bearer token (read, not verified), the team is found by name in the game.
 * - `picks-mysql`: the same upsert through a mysql2 pool of 10 (`INSERT … ON DUPLICATE KEY UPDATE`).
 *
 * Asked `{ type: 'rows' }` over IPC it answers the stored picks, so the benchmark checks the floor the way it checks
 * the app.
 */
import Database from 'better-sqlite3';
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { createPool } from 'mysql2/promise';
import type { RowDataPacket } from 'mysql2';

export interface FloorGame {
  id: number;
  week_id: number;
  home: { id: number; name: string };
  away: { id: number; name: string };
}

export type FloorConfig =
  | { mode: 'reads'; status: number; headers: Record<string, string>; body: string /* base64 */ }
  | { mode: 'picks-sqlite'; file: string; games: FloorGame[] }
  | { mode: 'picks-mysql'; url: string; games: FloorGame[] };

export interface FloorPickRow {
  user_id: number;
  game_id: number;
  selected_team_id: number;
  tiebreaker_home_score: number | null;
  tiebreaker_away_score: number | null;
}

interface PickBody {
  game_id?: unknown;
  selected_winner?: unknown;
  week_id?: unknown;
  tiebreaker_home_score?: number | null;
  tiebreaker_away_score?: number | null;
}

type Upsert = (row: FloorPickRow & { week_id: number }) => Promise<number>;

const config = JSON.parse(process.env.BENCH_FLOOR ?? '{}') as FloorConfig;

function send(res: ServerResponse, status: number, body: unknown): void {
  const bytes = Buffer.from(JSON.stringify(body));
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': bytes.length });
  res.end(bytes);
}

function memberOf(req: IncomingMessage): number | null {
  const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  if (!token) return null;
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { sub?: unknown };
    return typeof claims.sub === 'number' ? claims.sub : null;
  } catch {
    return null;
  }
}

/** POST /api/picks: the request's body, the game's team by name, one upsert, the row's id in the answer. */
function picksHandler(games: FloorGame[], upsert: Upsert) {
  const byId = new Map(games.map((game) => [game.id, game]));
  return (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body: PickBody;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as PickBody;
      } catch {
        return send(res, 400, { errors: ['malformed JSON'] });
      }
      const user_id = memberOf(req);
      if (user_id === null) return send(res, 401, { errors: ['Unauthorized'] });
      const game = byId.get(Number(body.game_id));
      if (!game) return send(res, 422, { errors: ['game_id does not match any game'] });
      const wanted = String(body.selected_winner ?? '').trim().toLowerCase();
      const team = [game.home, game.away].find((candidate) => candidate.name.trim().toLowerCase() === wanted);
      if (!team) return send(res, 422, { errors: [`selected_winner must be ${game.away.name} or ${game.home.name}`] });
      const row = {
        user_id,
        game_id: game.id,
        week_id: game.week_id,
        selected_team_id: team.id,
        tiebreaker_home_score: body.tiebreaker_home_score ?? null,
        tiebreaker_away_score: body.tiebreaker_away_score ?? null,
      };
      upsert(row).then(
        (id) => send(res, 200, { id, ...row, selected_winner: team.name }),
        (error: Error) => send(res, 500, { errors: [error.message] }),
      );
    });
  };
}

async function main(): Promise<void> {
  let handler: (req: IncomingMessage, res: ServerResponse) => void;
  let rows: () => Promise<FloorPickRow[]> = async () => [];
  let close: () => Promise<void> = async () => {};

  if (config.mode === 'reads') {
    const body = Buffer.from(config.body, 'base64');
    const headers = { ...config.headers, 'content-length': String(body.length) };
    handler = (req, res) => {
      req.resume();
      res.writeHead(config.status, headers);
      res.end(body);
    };
  } else if (config.mode === 'picks-sqlite') {
    const db = new Database(config.file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec(`CREATE TABLE IF NOT EXISTS picks (
      id INTEGER PRIMARY KEY AUTOINCREMENT, user_id INTEGER NOT NULL, game_id INTEGER NOT NULL, week_id INTEGER NOT NULL,
      selected_team_id INTEGER NOT NULL, is_correct INTEGER, tiebreaker_home_score INTEGER, tiebreaker_away_score INTEGER,
      created_at TEXT NOT NULL, updated_at TEXT NOT NULL, UNIQUE (user_id, game_id))`);
    const statement = db.prepare(
      `INSERT INTO picks (user_id, game_id, week_id, selected_team_id, tiebreaker_home_score, tiebreaker_away_score, created_at, updated_at)
       VALUES (@user_id, @game_id, @week_id, @selected_team_id, @tiebreaker_home_score, @tiebreaker_away_score, @now, @now)
       ON CONFLICT (user_id, game_id) DO UPDATE SET selected_team_id = excluded.selected_team_id,
         tiebreaker_home_score = excluded.tiebreaker_home_score, tiebreaker_away_score = excluded.tiebreaker_away_score,
         updated_at = excluded.updated_at
       RETURNING id`,
    );
    handler = picksHandler(config.games, async (row) => (statement.get({ ...row, now: new Date().toISOString() }) as { id: number }).id);
    rows = async () => db.prepare('SELECT user_id, game_id, selected_team_id, tiebreaker_home_score, tiebreaker_away_score FROM picks').all() as FloorPickRow[];
    close = async () => {
      db.close();
    };
  } else if (config.mode === 'picks-mysql') {
    const pool = createPool({ uri: config.url, connectionLimit: 10 });
    await pool.query(`CREATE TABLE IF NOT EXISTS picks (
      id INT AUTO_INCREMENT PRIMARY KEY, user_id INT NOT NULL, game_id INT NOT NULL, week_id INT NOT NULL,
      selected_team_id INT NOT NULL, is_correct TINYINT NULL, tiebreaker_home_score INT NULL, tiebreaker_away_score INT NULL,
      created_at DATETIME(6) NOT NULL, updated_at DATETIME(6) NOT NULL, UNIQUE KEY picks_user_game (user_id, game_id)) ENGINE=InnoDB`);
    handler = picksHandler(config.games, async (row) => {
      const now = new Date();
      const [result] = await pool.execute<import('mysql2').ResultSetHeader>(
        `INSERT INTO picks (user_id, game_id, week_id, selected_team_id, tiebreaker_home_score, tiebreaker_away_score, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON DUPLICATE KEY UPDATE id = LAST_INSERT_ID(id), selected_team_id = VALUES(selected_team_id),
           tiebreaker_home_score = VALUES(tiebreaker_home_score), tiebreaker_away_score = VALUES(tiebreaker_away_score),
           updated_at = VALUES(updated_at)`,
        [row.user_id, row.game_id, row.week_id, row.selected_team_id, row.tiebreaker_home_score, row.tiebreaker_away_score, now, now],
      );
      return result.insertId;
    });
    rows = async () => {
      const [found] = await pool.query<RowDataPacket[]>('SELECT user_id, game_id, selected_team_id, tiebreaker_home_score, tiebreaker_away_score FROM picks');
      return found as FloorPickRow[];
    };
    close = () => pool.end();
  } else {
    throw new Error(`unknown floor mode in BENCH_FLOOR: ${JSON.stringify(config)}`);
  }

  const server = createServer({ keepAliveTimeout: 60_000 }, handler);
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.send?.({ type: 'listening', port: typeof address === 'object' && address ? address.port : 0 });
  });
  process.on('message', (message: { type: string }) => {
    if (message.type === 'rows') {
      rows().then(
        (found) => process.send?.({ type: 'rows', rows: found }),
        (error: Error) => process.send?.({ type: 'rows', error: error.message }),
      );
    } else if (message.type === 'stop') {
      server.closeAllConnections();
      server.close(() => void close().finally(() => process.exit(0)));
    }
  });
  process.on('disconnect', () => process.exit(0));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
