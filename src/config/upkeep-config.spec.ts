import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ConfigError, loadConfig } from './app-config';

describe('loadConfig: the security log and backups', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'tailgate-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps the log 180 days and 7 daily backups in DATA_DIR/backups from 03:00 UTC by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir })).toEqual(
      expect.objectContaining({ securityLogRetentionMs: 180 * 24 * 3600 * 1000, backupDir: join(dataDir, 'backups'), backupKeep: 7, backupHour: 3 }),
    );
  });

  it('reads SECURITY_LOG_RETENTION, BACKUP_DIR, BACKUP_KEEP (0 turns the daily backup off) and BACKUP_HOUR', () => {
    const config = loadConfig({ DATA_DIR: dataDir, SECURITY_LOG_RETENTION: '30d', BACKUP_DIR: 'elsewhere/backups', BACKUP_KEEP: '0', BACKUP_HOUR: '23' });
    expect(config).toEqual(
      expect.objectContaining({ securityLogRetentionMs: 30 * 24 * 3600 * 1000, backupDir: resolve('elsewhere/backups'), backupKeep: 0, backupHour: 23 }),
    );
  });

  it.each([
    [{ SECURITY_LOG_RETENTION: 'forever' }, 'SECURITY_LOG_RETENTION must be a duration such as 3600, 90m, 2h, 7d'],
    [{ SECURITY_LOG_RETENTION: '0' }, 'SECURITY_LOG_RETENTION must be longer than 0'],
    [{ BACKUP_KEEP: 'all' }, 'BACKUP_KEEP must be a whole number (got "all")'],
    [{ BACKUP_KEEP: '1000' }, 'BACKUP_KEEP must not be greater than 365'],
    [{ BACKUP_HOUR: '24' }, 'BACKUP_HOUR must not be greater than 23'],
  ])('refuses %j with a clear message', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, ...env })).toThrow(message);
  });
});
