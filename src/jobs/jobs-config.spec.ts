import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config/app-config';

describe('configuration of the scheduled jobs and e-mail batches', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'tailgate-jobs-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('runs the jobs, reminds 24 and 2 hours before the first deadline and sends 5 e-mails at once by default', () => {
    expect(loadConfig({ DATA_DIR: dataDir })).toEqual(expect.objectContaining({ schedulerEnabled: true, reminderHours: [24, 2], mailConcurrency: 5 }));
  });

  it('reads SCHEDULER_ENABLED, REMINDER_HOURS (largest first, no repeats) and MAIL_CONCURRENCY', () => {
    expect(loadConfig({ DATA_DIR: dataDir, SCHEDULER_ENABLED: 'false', REMINDER_HOURS: '1.5, 48,1.5,6', MAIL_CONCURRENCY: '10' })).toEqual(
      expect.objectContaining({ schedulerEnabled: false, reminderHours: [48, 6, 1.5], mailConcurrency: 10 }),
    );
  });

  it.each([
    [{ SCHEDULER_ENABLED: 'no' }, 'SCHEDULER_ENABLED must be true or false'],
    [{ REMINDER_HOURS: '24;2' }, 'REMINDER_HOURS must be hours before the first pick deadline'],
    [{ REMINDER_HOURS: '0,2' }, 'REMINDER_HOURS must be hours before the first pick deadline'],
    [{ REMINDER_HOURS: '200' }, 'at most 168'],
    [{ MAIL_CONCURRENCY: '0' }, 'MAIL_CONCURRENCY must not be less than 1'],
    [{ MAIL_CONCURRENCY: 'lots' }, 'MAIL_CONCURRENCY must be a whole number (got "lots")'],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, ...env })).toThrow(message);
  });
});
