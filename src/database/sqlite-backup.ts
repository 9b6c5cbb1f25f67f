import Database from 'better-sqlite3';
import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const BACKUP_PREFIX = 'tailgate-picks-';
const BACKUP_SUFFIX = '.sqlite';
const BACKUP_NAME = /^tailgate-picks-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.sqlite$/;
/** How long the backup waits for a writer's lock before it gives up (it needs none in WAL mode, but a checkpoint may hold one). */
const BUSY_TIMEOUT_MS = 10_000;

/** The file name of a backup made at `now`: names sort as the backups were made. */
export function backupFileName(now: Date): string {
  return `${BACKUP_PREFIX}${now.toISOString().replace(/[:.]/g, '-')}${BACKUP_SUFFIX}`;
}

/**
 * A consistent copy of the embedded database while the app runs: `VACUUM INTO` on a connection of its own reads
 * one snapshot (a WAL database keeps serving reads and writes meanwhile) and writes a compact, self-contained file
 * with no -wal beside it. A plain file copy of a WAL database can miss committed pages or catch a page half-written.
 * The copy is written under a temporary name and renamed, so a backup file is never partial. Answers its path.
 */
export function backupSqlite(databasePath: string, directory: string, now = new Date()): string {
  mkdirSync(directory, { recursive: true });
  const target = join(directory, backupFileName(now));
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  const db = new Database(databasePath, { readonly: true, fileMustExist: true, timeout: BUSY_TIMEOUT_MS });
  try {
    db.prepare('VACUUM INTO ?').run(partial);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    db.close();
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
