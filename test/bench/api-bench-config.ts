/** What `npm run bench:api` (test/bench/api.bench.ts) is asked for, from its environment, and its fixed sizes. */
import { resolve } from 'node:path';

export const ROOT = resolve(__dirname, '..', '..');
export const SCENARIOS = new Set((process.env.BENCH_SCENARIOS ?? 'reads,rush,flood,mail').split(',').map((name) => name.trim()).filter(Boolean));
export const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1000);
export const DURATION = Number(process.env.BENCH_DURATION ?? 10);
export const MAIL_TIMEOUT_MS = Number(process.env.BENCH_MAIL_TIMEOUT ?? 10) * 1000;
/** Flags for the app's node, e.g. BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/profiles" to profile it under load. */
export const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
export const READ_CONNECTIONS = 50;
export const RUSH_IN_FLIGHT = 64;
export const FLOOD_CLIENTS = 16;
export const GAMES = 10;
export const ADMIN = { email: 'bench-admin@bench.test', password: 'bench-admin-secret' };
export const MEMBER_PASSWORD = 'bench-member-secret';
export const JWT_SECRET = 'bench-api-secret-that-is-long-enough-for-hs256';
/**
 * The app's environment is built from scratch (so a DATABASE_URL or SMTP_URL of the shell cannot leak in): these
 * few variables pass through, and BENCH_APP_<NAME>=value sets the app's <NAME> (e.g. BENCH_APP_MAIL_TIMEOUT=2s).
 */
export const PASS_THROUGH = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'LC_ALL', 'TZ', 'NODE_OPTIONS'];
