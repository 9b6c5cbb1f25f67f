import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { backupSqlite, pruneBackups } from '../database/sqlite-backup';
import { MaintenanceJob, utcDay } from './maintenance-job';

/**
 * Once a day from BACKUP_HOUR (UTC): a consistent copy of the embedded database into BACKUP_DIR, keeping the newest
 * BACKUP_KEEP. Not for MySQL/MariaDB, whose server has its own tools (mariadb-dump; see the README).
 */
@Injectable()
export class DatabaseBackupJob implements MaintenanceJob {
  readonly name = 'database-backup';
  readonly description = 'Backs up the embedded database, keeping the newest BACKUP_KEEP copies';
  readonly schedule: string;

  constructor(private readonly config: AppConfig) {
    this.schedule = `Once a day from ${String(config.backupHour).padStart(2, '0')}:00 UTC`;
  }

  dueSlot(now: Date): string | null {
    if (this.config.database.type !== 'sqlite' || this.config.backupKeep === 0) return null;
    return now.getUTCHours() >= this.config.backupHour ? utcDay(now) : null;
  }

  async run(now: Date): Promise<string> {
    const { database, backupDir, backupKeep } = this.config;
    if (database.type !== 'sqlite') return 'Nothing to do on MySQL/MariaDB';
    const file = await backupSqlite(database.path, backupDir, now);
    const removed = pruneBackups(backupDir, backupKeep);
    return `Backed up to ${file}; ${removed.length} older backups deleted`;
  }
}
