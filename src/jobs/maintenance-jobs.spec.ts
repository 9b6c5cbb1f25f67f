import type { AppConfig } from '../config/app-config';
import { DatabaseBackupJob } from './database-backup.job';
import { scoreSyncSlot } from './score-sync.job';

const config = (fields: Partial<AppConfig>) =>
  ({ database: { type: 'sqlite', path: '/data/tailgate-picks.sqlite' }, backupDir: '/data/backups', backupKeep: 7, backupHour: 3, ...fields }) as AppConfig;

describe('the daily backup', () => {
  it('is due once per UTC day from BACKUP_HOUR on', () => {
    const job = new DatabaseBackupJob(config({ backupHour: 3 }));
    expect(job.dueSlot(new Date('2026-11-25T02:59:59Z'))).toBeNull();
    expect(job.dueSlot(new Date('2026-11-25T03:00:00Z'))).toBe('2026-11-25');
    expect(job.dueSlot(new Date('2026-11-25T23:59:59Z'))).toBe('2026-11-25');
    expect(job.dueSlot(new Date('2026-11-26T00:30:00Z'))).toBeNull();
    expect(job.schedule).toBe('Once a day from 03:00 UTC');
  });

  it('is never due on MySQL/MariaDB, nor with BACKUP_KEEP=0', () => {
    const noon = new Date('2026-11-25T12:00:00Z');
    expect(new DatabaseBackupJob(config({ database: { type: 'mysql', url: 'mysql://db/picks' } })).dueSlot(noon)).toBeNull();
    expect(new DatabaseBackupJob(config({ backupKeep: 0 })).dueSlot(noon)).toBeNull();
  });
});

describe('the score sync slot', () => {
  it("is the start of the interval holding the moment, to the minute (to the second for intervals that have them)", () => {
    expect(scoreSyncSlot(new Date('2026-11-25T17:09:59Z'), 5 * 60 * 1000)).toBe('2026-11-25T17:05');
    expect(scoreSyncSlot(new Date('2026-11-25T17:10:00Z'), 5 * 60 * 1000)).toBe('2026-11-25T17:10');
    expect(scoreSyncSlot(new Date('2026-11-25T17:10:44Z'), 30 * 1000)).toBe('2026-11-25T17:10:30');
  });
});
