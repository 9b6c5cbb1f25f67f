/**
 * `npm run bench`: the results engine on a synthetic league, against the floor of the database itself.
 *
 * Builds BENCH_MEMBERS members (default 10,000) and two seasons of 15 weeks × 10 games, every member picking every
 * game, in a fresh database (embedded SQLite, or BENCH_DATABASE_URL=mysql://…/name for a fresh MySQL/MariaDB
 * database): one on the spec's rules, one on mixed rules (against the spread with lines landing on some scores,
 * confidence points, a lock of the week, the worst week dropped). Then prints the median of BENCH_RUNS runs (default
 * 5) of each operation beside the floor: bare SQL written by hand in results-floor.ts (not the engine's own
 * queries) that computes the same numbers, and says whether the engine's stored rows agree with it. Figures, not
 * assertions: the machine is shared and noisy. The spec-rules season also runs a survivor contest of every member
 * over its last 12 weeks (survivor-bench.ts), timed against its statements run bare.
 */
import 'reflect-metadata';
import { INestApplication } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createConnection } from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app.factory';
import { loadConfig } from '../../src/config/app-config';
import { DEFAULT_RULES, SeasonRules } from '../../src/seasons/season-rules';
import { FloorRow, resultsFloor } from './results-floor';
import { buildSurvivor } from './survivor-bench';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const WEEKS = 15;
const GAMES_PER_WEEK = 10;
const ADMIN = { email: 'bench-admin@pool.test', password: 'bench-secret' };
const MIXED_RULES: SeasonRules = { ...DEFAULT_RULES, pick_mode: 'spread', push_rule: 'half', confidence_points: true, lock_of_week: true, drop_worst_weeks: 1 };

async function freshDatabase(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const base = process.env.BENCH_DATABASE_URL;
  if (!base) return { env: {}, drop: async () => {} };
  const url = new URL(base);
  const name = `${url.pathname.slice(1) || 'tailgate_bench'}_${process.pid}`;
  const server = base.replace(/^mariadb:/, 'mysql:').slice(0, base.length - url.pathname.length - url.search.length);
  const admin = await createConnection({ uri: `${server}/` });
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  return {
    env: { DATABASE_URL: `${server}/${name}` },
    drop: async () => {
      const connection = await createConnection({ uri: `${server}/` });
      await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await connection.end();
    },
  };
}

/** The league's teams and members, built set-wise: members in bulk inserts. */
async function buildLeague(ds: DataSource): Promise<number[]> {
  const q = (sql: string, params: unknown[] = []) => ds.query(sql, params);
  await q(`INSERT INTO conferences (name) VALUES ('Bench Conference')`);
  const [{ id: conferenceId }] = await q(`SELECT id FROM conferences WHERE name = 'Bench Conference'`);
  const teams = Array.from({ length: 2 * GAMES_PER_WEEK }, (_, i) => `('Bench Team ${i}', 'City', 'ST', ${conferenceId}, 'https://example.com')`);
  await q(`INSERT INTO teams (name, city, state, conference_id, webpage_url) VALUES ${teams.join(', ')}`);
  for (let start = 0; start < MEMBERS; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, MEMBERS - start) }, (_, i) => `('member${start + i}@bench.test', 'Member ${start + i}', 'user', 'x')`);
    await q(`INSERT INTO users (email, name, role, password_hash) VALUES ${rows.join(', ')}`);
  }
  return (await q(`SELECT id FROM teams WHERE conference_id = ? ORDER BY id`, [conferenceId])).map((r: { id: number }) => Number(r.id));
}

/**
 * A season on the given rules, built set-wise: picks as one INSERT … SELECT per week. Every game has a line of
 * 0–10.5 points (some land on the score); in a confidence season a member's picks of a week hold 1..10 once each
 * (the week's game ids are consecutive), and one of them is the lock.
 */
async function buildSeason(ds: DataSource, name: string, rules: SeasonRules, teamIds: number[]): Promise<{ seasonId: number; weekIds: number[] }> {
  const q = (sql: string, params: unknown[] = []) => ds.query(sql, params);
  await q(
    `INSERT INTO football_seasons (name, year, start_date, end_date, is_current, pick_mode, push_rule, confidence_points, lock_of_week, drop_worst_weeks)
     VALUES (?, 2025, '2025-08-24', '2025-12-06', ?, ?, ?, ?, ?, ?)`,
    [name, rules === DEFAULT_RULES ? 1 : 0, rules.pick_mode, rules.push_rule, rules.confidence_points ? 1 : 0, rules.lock_of_week ? 1 : 0, rules.drop_worst_weeks],
  );
  const [{ id: seasonId }] = await q(`SELECT id FROM football_seasons WHERE name = ?`, [name]);
  const weekIds: number[] = [];
  for (let n = 1; n <= WEEKS; n++) {
    const start = new Date(Date.UTC(2025, 7, 24 + 7 * (n - 1)));
    const end = new Date(start.getTime() + 6 * 86_400_000);
    await q(`INSERT INTO weeks (football_season_id, number, start_date, end_date, is_current) VALUES (?, ?, ?, ?, 0)`, [
      seasonId,
      n,
      start.toISOString().slice(0, 10),
      end.toISOString().slice(0, 10),
    ]);
    const [{ id: weekId }] = await q(`SELECT id FROM weeks WHERE football_season_id = ? AND number = ?`, [seasonId, n]);
    weekIds.push(Number(weekId));
    const games = Array.from({ length: GAMES_PER_WEEK }, (_, g) => {
      const [home, away] = [teamIds[(2 * g + n) % teamIds.length], teamIds[(2 * g + 1 + n) % teamIds.length]];
      const [hs, as] = [17 + ((g * 7 + n) % 21), 14 + ((g * 5 + 2 * n) % 21)];
      const winner = hs >= as ? home : away;
      const line = ((g + n) % 22) / 2;
      const kickoff = new Date(end.getTime() + (16 + g) * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
      return `(${weekId}, ${home}, ${away}, ${winner}, '${kickoff}', 'completed', ${hs}, ${as}, ${g === GAMES_PER_WEEK - 1 ? 1 : 0}, ${line}, '${g % 2 ? 'away' : 'home'}')`;
    });
    await q(
      `INSERT INTO games (week_id, home_team_id, away_team_id, winner_team_id, game_date, status, home_score, away_score, is_tiebreaker, betting_line, betting_line_team)
       VALUES ${games.join(', ')}`,
    );
  }
  // In slices of members: one statement of a whole week can outlast MySQL's statement limit (DATABASE_LIMITS).
  const [{ low, high }] = await q(`SELECT MIN(id) AS low, MAX(id) AS high FROM users WHERE role = 'user'`);
  for (const weekId of weekIds) {
    for (let from = Number(low); from <= Number(high); from += 2500) {
      await q(
        `INSERT INTO picks (user_id, game_id, week_id, selected_team_id, tiebreaker_home_score, tiebreaker_away_score, confidence, is_lock)
         SELECT u.id, g.id, g.week_id,
           CASE WHEN (u.id * 31 + g.id * 17) % 100 < 62 THEN g.home_team_id ELSE g.away_team_id END,
           CASE WHEN g.is_tiebreaker = 1 AND u.id % 9 <> 0 THEN 10 + (u.id * 7 + g.id) % 35 END,
           CASE WHEN g.is_tiebreaker = 1 AND u.id % 9 <> 0 THEN 7 + (u.id * 11 + g.id) % 31 END,
           ${rules.confidence_points ? `(u.id + g.id) % ${GAMES_PER_WEEK} + 1` : 'NULL'},
           ${rules.lock_of_week ? `CASE WHEN (u.id * 3 + g.id) % ${GAMES_PER_WEEK} = 0 THEN 1 ELSE 0 END` : '0'}
         FROM users u CROSS JOIN games g WHERE u.role = 'user' AND g.week_id = ? AND u.id BETWEEN ? AND ?`,
        [weekId, from, from + 2499],
      );
    }
  }
  return { seasonId: Number(seasonId), weekIds };
}

/**
 * MySQL/MariaDB: the index statistics a live database keeps up by itself. Right after millions of rows arrive in bulk
 * InnoDB still believes a game has one pick, and plans the week's join from the games (a scan of every pick).
 */
async function analyze(ds: DataSource): Promise<void> {
  if (ds.options.type !== 'better-sqlite3') await ds.query('ANALYZE TABLE picks, games, weeks, users, weekly_results');
}

async function median(runs: number, work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tailgate-bench-'));
  const database = await freshDatabase();
  let app: INestApplication | undefined;
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // The bench signs admins in with a password alone: an automated run that says so (docs/security.md).
      ADMIN_SECOND_FACTOR: 'optional',
      BCRYPT_ROUNDS: '4',
      AUTO_CALCULATE_RESULTS: 'false',
      ...database.env,
    });
    app = await createApp(config, { logger: false });
    await app.listen(0, '127.0.0.1');
    const base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    const ds: DataSource = app.get(getDataSourceToken());
    const engine = config.database.type === 'sqlite' ? 'SQLite' : 'MySQL/MariaDB';

    let start = performance.now();
    const teamIds = await buildLeague(ds);
    const { seasonId, weekIds } = await buildSeason(ds, 'Bench 2025-2026', DEFAULT_RULES, teamIds);
    const mixed = await buildSeason(ds, 'Bench mixed rules', MIXED_RULES, teamIds);
    const survivor = await buildSurvivor(ds, seasonId, weekIds, teamIds);
    await analyze(ds);
    const [{ count: picks }] = await ds.query('SELECT COUNT(*) AS count FROM picks');
    console.log(
      `${engine}: ${MEMBERS} members, 2 seasons of ${WEEKS} weeks × ${GAMES_PER_WEEK} games, ${Number(picks)} picks built in ${((performance.now() - start) / 1000).toFixed(1)} s`,
    );

    const login = await fetch(`${base}/api/users/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ADMIN) });
    const { token } = (await login.json()) as { token: string };
    const call = async (method: string, path: string) => {
      const response = await fetch(`${base}/api${path}`, { method, headers: { Authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
      // Received in full, not parsed: the figure is the server's, not the client's JSON parser's.
      return response.arrayBuffer();
    };

    start = performance.now();
    for (const weekId of weekIds) await call('POST', `/weekly_results/calculate/${weekId}`);
    console.log(`all ${WEEKS} weeks calculated in ${((performance.now() - start) / 1000).toFixed(1)} s`);
    start = performance.now();
    for (const weekId of mixed.weekIds) await call('POST', `/weekly_results/calculate/${weekId}`);
    console.log(`all ${WEEKS} weeks of the mixed-rules season calculated in ${((performance.now() - start) / 1000).toFixed(1)} s`);
    await analyze(ds);

    const floor = resultsFloor(ds);
    const week = weekIds[weekIds.length - 1];
    const mixedWeek = mixed.weekIds[mixed.weekIds.length - 1];
    const rows: [string, number, number][] = [];
    let floorDigest = '';
    rows.push([
      'weekly calculation (one week, POST)',
      await median(RUNS, () => call('POST', `/weekly_results/calculate/${week}`)),
      await median(RUNS, () => floor.specWeek(week)),
    ]);
    rows.push([
      'season calculation (POST)',
      await median(RUNS, () => call('POST', `/season_results/calculate/${seasonId}`)),
      await median(RUNS, () => floor.specSeason(seasonId)),
    ]);
    rows.push([
      'mixed rules: weekly calculation (POST)',
      await median(RUNS, () => call('POST', `/weekly_results/calculate/${mixedWeek}`)),
      await median(RUNS, () => floor.mixedWeek(mixedWeek)),
    ]);
    rows.push([
      'mixed rules: season calculation (POST)',
      await median(RUNS, () => call('POST', `/season_results/calculate/${mixed.seasonId}`)),
      await median(RUNS, () => floor.mixedSeason(mixed.seasonId)),
    ]);
    rows.push([
      'GET /api/weekly_results',
      await median(RUNS, () => call('GET', `/weekly_results?week_id=${week}`)),
      await median(RUNS, () => floor.storedWeek(week)),
    ]);
    rows.push([
      'GET /api/season_results/standings/{id}',
      await median(RUNS, () => call('GET', `/season_results/standings/${seasonId}`)),
      await median(RUNS, () => floor.storedSeason(seasonId)),
    ]);

    rows.push([
      'survivor contest, 12 weeks (POST)',
      await median(RUNS, () => call('POST', `/survivor_contests/${survivor.contestId}/calculate`)),
      await median(RUNS, async () => {
        await survivor.floor();
        floorDigest = await survivor.digest();
      }),
    ]);
    await call('POST', `/survivor_contests/${survivor.contestId}/calculate`);
    const engineDigest = await survivor.digest();
    console.log(`survivor contest: ${await survivor.summary()}`);

    const compare = async (name: string, rows: Promise<FloorRow[]>, table: 'weekly_results' | 'season_standings', id: number) => {
      const floorRows = await rows;
      const differing = await floor.disagreements(floorRows, table, id);
      return { differing, text: `${name}: ${differing === 0 ? `${floorRows.length} members agree` : `${differing} of ${floorRows.length} members differ`}` };
    };
    const checks = [
      await compare('week, spec rules', floor.specWeek(week), 'weekly_results', week),
      await compare('season, spec rules', floor.specSeason(seasonId), 'season_standings', seasonId),
      await compare('week, mixed rules', floor.mixedWeek(mixedWeek), 'weekly_results', mixedWeek),
      await compare('season, mixed rules', floor.mixedSeason(mixed.seasonId), 'season_standings', mixed.seasonId),
    ];
    const survivorAgrees = engineDigest === floorDigest;
    console.log(`\nthe engine's stored rows against the floor's: ${checks.map(({ text }) => text).join('; ')}; survivor: ${survivorAgrees ? 'rows agree' : 'rows differ'}`);
    if (checks.some(({ differing }) => differing > 0) || !survivorAgrees) process.exitCode = 1;

    console.log(`\nmedian of ${RUNS} runs | operation | floor (hand-written SQL) | ratio`);
    for (const [name, time, floor] of rows) {
      console.log(`${time.toFixed(1).padStart(9)} ms | ${name.padEnd(40)} | ${floor.toFixed(1).padStart(8)} ms | ${(time / floor).toFixed(2)}`);
    }
  } finally {
    await app?.close();
    if (!process.env.BENCH_KEEP) await database.drop();
    if (process.env.BENCH_KEEP) console.log(`kept ${dataDir}`); else rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
