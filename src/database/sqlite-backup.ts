import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

const BACKUP_PREFIX = 'tailgate-picks-';
const BACKUP_SUFFIX = '.sqlite';
const BACKUP_NAME = /^tailgate-picks-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.sqlite$/;
/** How long the copy waits for a lock before it gives up (WAL readers need none, but a checkpoint may hold one briefly). */
const BUSY_TIMEOUT_MS = 10_000;

/**
 * `VACUUM INTO` on a connection of its own, in a worker thread: the statement is synchronous, and the app keeps
 * answering requests (and its own connection keeps writing) while the copy is made.
 */
const VACUUM_INTO = `
const { workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.source, { readonly: true, fileMustExist: true, timeout: workerData.timeout });
try {
  db.prepare('VACUUM INTO ?').run(workerData.target);
} finally {
  db.close();
}
`;

function vacuumInto(source: string, target: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const workerData = { driver: require.resolve('better-sqlite3'), source, target, timeout: BUSY_TIMEOUT_MS };
    const worker = new Worker(VACUUM_INTO, { eval: true, workerData });
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`The backup stopped with exit code ${code}`))));
  });
}

/** The file name of a backup made at `now`: names sort as the backups were made. */
export function backupFileName(now: Date): string {
  return `${BACKUP_PREFIX}${now.toISOString().replace(/[:.]/g, '-')}${BACKUP_SUFFIX}`;
}

/**
 * A consistent copy of the embedded database while the app runs: `VACUUM INTO` on a connection of its own reads
 * one snapshot (a WAL database keeps serving reads and writes meanwhile) and writes a compact, self-contained file
 * with no -wal beside it. A plain file copy of a WAL database can miss committed pages or catch a page
 * half-written. The copy is written under a temporary name and renamed, so a backup file is never partial.
 * Answers its path.
 */
export async function backupSqlite(databasePath: string, directory: string, now = new Date()): Promise<string> {
  mkdirSync(directory, { recursive: true });
  const target = join(directory, backupFileName(now));
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  try {
    await vacuumInto(databasePath, partial);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  renameSync(partial, target);
  return target;
}

/** The backups in the directory, newest first. */
export function listBackups(directory: string): string[] {
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch {
    return [];
  }
  return names.filter((name) => BACKUP_NAME.test(name)).sort().reverse();
}

/** Deletes all but the newest `keep` backups of the directory; answers the names deleted. */
export function pruneBackups(directory: string, keep: number): string[] {
  const old = listBackups(directory).slice(keep);
  for (const name of old) rmSync(join(directory, name), { force: true });
  return old;
}
