import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backupFileName, listBackups, pruneBackups } from './sqlite-backup';

describe('backup files', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tailgate-backups-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('names a backup by the moment it was made, so names sort as the backups were made', () => {
    expect(backupFileName(new Date('2026-11-25T03:00:07.042Z'))).toBe('tailgate-picks-2026-11-25T03-00-07-042Z.sqlite');
    const names = ['2026-12-01T00:00:00.000Z', '2026-11-30T23:59:59.999Z', '2027-01-01T00:00:00.000Z'].map((at) => backupFileName(new Date(at)));
    expect([...names].sort()).toEqual([names[1], names[0], names[2]]);
  });

  it('keeps the newest copies and touches nothing else in the directory (partial copies, other files)', () => {
    const days = ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23'].map((day) => backupFileName(new Date(`${day}T03:00:00Z`)));
    for (const name of [...days, `${days[3]}.partial`, 'notes.txt', 'tailgate-picks.sqlite']) writeFileSync(join(dir, name), '');
    expect(listBackups(dir)).toEqual([days[3], days[2], days[1], days[0]]);
    expect(pruneBackups(dir, 2)).toEqual([days[1], days[0]]);
    expect(readdirSync(dir).sort()).toEqual([days[2], days[3], `${days[3]}.partial`, 'notes.txt', 'tailgate-picks.sqlite'].sort());
    expect(pruneBackups(dir, 2)).toEqual([]);
  });

  it('lists nothing for a directory that does not exist yet', () => {
    expect(listBackups(join(dir, 'missing'))).toEqual([]);
  });
});
