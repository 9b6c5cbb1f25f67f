import { existsSync } from 'node:fs';
import { ConfigError, loadConfig } from './config/app-config';
import { backupSqlite, pruneBackups } from './database/sqlite-backup';

/**
 * `npm run backup` (in the container: `node dist/backup.js`): a consistent copy of the embedded database into
 * BACKUP_DIR (default DATA_DIR/backups), made while the app runs. Keeps the newest BACKUP_KEEP copies when that is
 * above 0. On MySQL/MariaDB it refuses and points to the server's own dump tool.
 */
async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  if (config.database.type !== 'sqlite') {
    console.error('DATABASE_URL points to MySQL/MariaDB: back it up with mariadb-dump (or mysqldump) --single-transaction; see the README.');
    process.exit(1);
  }
  if (!existsSync(config.database.path)) {
    console.error(`No database at ${config.database.path} (is DATA_DIR right?)`);
    process.exit(1);
  }
  const file = await backupSqlite(config.database.path, config.backupDir);
  console.log(`Backed up ${config.database.path} to ${file}`);
  if (config.backupKeep > 0) {
    for (const name of pruneBackups(config.backupDir, config.backupKeep)) console.log(`Deleted the older backup ${name}`);
  }
}

main().catch((error: Error) => {
  console.error(`The backup failed: ${error.message}`);
  process.exit(1);
});
