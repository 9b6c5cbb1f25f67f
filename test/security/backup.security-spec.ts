import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Clock } from '../../src/common/clock';
import { MaintenanceRun } from '../../src/jobs/entities/maintenance-run.entity';
import { JobRunnerService } from '../../src/jobs/job-runner.service';
import { Conference } from '../../src/teams/entities/conference.entity';
import { bearer, TestApp } from '../support/test-app';

const run = promisify(execFile);
const ROOT = resolve(__dirname, '..', '..');
const onSqlite = !process.env.TEST_DATABASE_URL;
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

/** `npm run backup` as an operator runs it, beside the running app (same DATA_DIR and configuration). */
function npmBackup(t: TestApp, env: Record<string, string> = {}) {
  const database = t.config.database;
  return run('npm', ['run', '--silent', 'backup'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: t.config.dataDir,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
      ...(database.type === 'mysql' ? { DATABASE_URL: database.url } : {}),
      ...env,
    },
  });
}

/**
 * Backups of the embedded database (ASVS V8.1.5, a level 3 item taken here because a pool on one small server has
 * nothing else): a consistent online copy that restores as the app's database, and a daily copy that keeps the
 * newest few. On MySQL/MariaDB both step aside for the server's own dump tool.
 */
describe('Backups', () => {
  (onSqlite ? it : it.skip)(
    'V8.1.5 npm run backup copies the embedded database while the app writes to it, and the copy restores as a working pool',
    async () => {
      const t = await TestApp.start();
      const restoreDir = mkdtempSync(join(tmpdir(), 'tailgate-restore-'));
      try {
        const admin = await t.adminToken();
        const before = await t.http.post('/api/conferences').set(bearer(admin)).send({ name: 'Written Before The Backup' }).expect(201);

        // Writes through the app keep landing while the copy is made, each acknowledged before the next.
        let writing = true;
        const acknowledged: string[] = [];
        const writer = (async () => {
          for (let i = 0; writing; i++) {
            const name = `During Backup ${i}`;
            await t.http.post('/api/conferences').set(bearer(admin)).send({ name }).expect(201);
            acknowledged.push(name);
          }
        })();
        const { stdout } = await npmBackup(t);
        writing = false;
        await writer;

        const backups = readdirSync(join(t.config.dataDir, 'backups'));
        expect(backups).toEqual([expect.stringMatching(/^tailgate-picks-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.sqlite$/)]);
        expect(stdout).toContain(`to ${join(t.config.dataDir, 'backups', backups[0])}`);
        expect(acknowledged.length).toBeGreaterThan(0);

        // The copy is whole: SQLite finds nothing wrong with it, and it holds a consistent prefix of the writes.
        const file = join(t.config.dataDir, 'backups', backups[0]);
        const copy = new Database(file, { readonly: true });
        expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
        const copied = (copy.prepare('SELECT name FROM conferences ORDER BY id').all() as { name: string }[]).map((row) => row.name);
        copy.close();
        expect(copied).toContain('Written Before The Backup');
        const during = copied.filter((name) => name.startsWith('During Backup '));
        expect(during).toEqual(acknowledged.slice(0, during.length));

        // Restore as the README says: the copy becomes the database file of a stopped app (no -wal, no -shm), then start.
        copyFileSync(file, join(restoreDir, 'tailgate-picks.sqlite'));
        const restored = await TestApp.start({ DATA_DIR: restoreDir });
        try {
          const token = await restored.adminToken();
          const list = await restored.http.get('/api/conferences').set(bearer(token)).expect(200);
          const names = (list.body as { name: string }[]).map((conference) => conference.name);
          expect(names).toEqual(expect.arrayContaining(['Written Before The Backup', ...during]));
          expect(names).toHaveLength(copied.length);
          // The restored pool takes writes again.
          await restored.http.post('/api/conferences').set(bearer(token)).send({ name: 'After The Restore' }).expect(201);
          expect(await restored.dataSource.getRepository(Conference).existsBy({ id: before.body.id, name: 'Written Before The Backup' })).toBe(true);
        } finally {
          await restored.close();
        }
      } finally {
        await t.close();
        rmSync(restoreDir, { recursive: true, force: true });
      }
    },
    60_000,
  );

  (onSqlite ? it : it.skip)('V8.1.5 the daily backup runs once a day from BACKUP_HOUR on one instance and keeps the newest BACKUP_KEEP copies', async () => {
    const backupDir = mkdtempSync(join(tmpdir(), 'tailgate-backups-'));
    const env = { BACKUP_DIR: backupDir, BACKUP_KEEP: '2', BACKUP_HOUR: '3' };
    const a = await TestApp.start(env);
    const b = await TestApp.startBeside(a, env);
    try {
      const day = Date.UTC(2031, 2, 10);
      const tickBothAt = async (at: number) => {
        for (const app of [a, b]) jest.spyOn(app.app.get(Clock), 'now').mockImplementation(() => new Date(at));
        await Promise.all([a, b, a, b].map((app) => app.app.get(JobRunnerService).tick()));
      };
      const files = () => readdirSync(backupDir).sort();

      await tickBothAt(day + 2 * HOUR + 59 * 60 * 1000);
      expect(files()).toEqual([]);
      await tickBothAt(day + 3 * HOUR);
      expect(files()).toEqual(['tailgate-picks-2031-03-10T03-00-00-000Z.sqlite']);
      await tickBothAt(day + 5 * HOUR);
      expect(files()).toHaveLength(1);
      await tickBothAt(day + DAY + 4 * HOUR);
      await tickBothAt(day + 2 * DAY + 3 * HOUR + 30 * 60 * 1000);
      expect(files()).toEqual(['tailgate-picks-2031-03-11T04-00-00-000Z.sqlite', 'tailgate-picks-2031-03-12T03-30-00-000Z.sqlite']);

      const runs = await a.dataSource.getRepository(MaintenanceRun).find({ where: { job: 'database-backup' }, order: { slot: 'ASC' } });
      expect(runs.map((r) => [r.slot, r.status, r.attempts])).toEqual([
        ['2031-03-10', 'succeeded', 1],
        ['2031-03-11', 'succeeded', 1],
        ['2031-03-12', 'succeeded', 1],
      ]);
      const newest = new Database(join(backupDir, files()[1]), { readonly: true });
      expect(newest.pragma('integrity_check', { simple: true })).toBe('ok');
      newest.close();
    } finally {
      jest.restoreAllMocks();
      await b.close();
      await a.close();
      rmSync(backupDir, { recursive: true, force: true });
    }
  }, 30_000);

  (onSqlite ? it.skip : it)('V8.1.5 on MySQL/MariaDB npm run backup refuses and points to mariadb-dump, and no daily copy is made', async () => {
    const backupDir = mkdtempSync(join(tmpdir(), 'tailgate-backups-'));
    const t = await TestApp.start({ BACKUP_DIR: backupDir });
    try {
      await expect(npmBackup(t)).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('mariadb-dump') });
      jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => new Date(Date.UTC(2031, 2, 10, 12)));
      await t.app.get(JobRunnerService).tick();
      expect(existsSync(backupDir) ? readdirSync(backupDir) : []).toEqual([]);
      expect(await t.dataSource.getRepository(MaintenanceRun).countBy({ job: 'database-backup' })).toBe(0);
    } finally {
      jest.restoreAllMocks();
      await t.close();
      rmSync(backupDir, { recursive: true, force: true });
    }
  }, 60_000);
});
