import { ConfigError } from '../config-error';
import { Problem } from './setting';
import { ALL_SETTINGS, readSetting, readSettings } from './settings';
import { comment, envExample, plain, readmeTable, replaceBetween } from './settings-docs';

describe('the settings registry', () => {
  it('names each variable once, in capitals, with a description', () => {
    const names = ALL_SETTINGS.map((setting) => setting.name);
    expect(new Set(names).size).toBe(names.length);
    for (const setting of ALL_SETTINGS) {
      expect(setting.name).toMatch(/^[A-Z][A-Z0-9_]+$/);
      expect(setting.description.length).toBeGreaterThan(10);
    }
  });

  it.each(ALL_SETTINGS.filter((setting) => setting.default !== undefined).map((setting) => [setting.name, setting]))('%s: its default is a valid value', (_, setting) => {
    expect(setting.parse(setting.default!, setting.name)).not.toBeInstanceOf(Problem);
  });

  it('gives a secret no example value, and says in words what a default that is no fixed text is', () => {
    for (const setting of ALL_SETTINGS.filter((one) => one.secret)) expect(envExample()).toContain(`\n${setting.name}=\n`);
    expect(envExample()).toContain('\nPORT=3000\n');
    expect(readmeTable()).toContain('| `APP_URL` | `http://localhost:$PORT` |');
  });

  it('reads every variable at once, listing the problems in the registry order', () => {
    const { values, problems } = readSettings({ PORT: '8080', JWT_TTL: 'soon', BACKUP_KEEP: 'all', TRUST_PROXY: '' });
    expect(values).toEqual(expect.objectContaining({ PORT: 8080, TRUST_PROXY: false, DATABASE_STARTUP_TIMEOUT: 60_000, MAIL_OUTBOX: undefined }));
    expect(problems).toEqual(['JWT_TTL must be a duration such as 3600, 90m, 2h, 7d', 'BACKUP_KEEP must be a whole number (got "all")']);
  });

  it('reads one variable, refusing a malformed one with the Invalid configuration message', () => {
    expect(readSetting('DATABASE_STARTUP_TIMEOUT', { DATABASE_STARTUP_TIMEOUT: ' 2m ' })).toBe(120_000);
    expect(() => readSetting('PORT', { PORT: 'x' })).toThrow(ConfigError);
    expect(() => readSetting('PORT', { PORT: 'x' })).toThrow('Invalid configuration:\n  - PORT must be a whole number (got "x")');
  });
});

describe('the settings docs', () => {
  it('writes Markdown as plain comments no wider than 118 characters', () => {
    expect(plain('see **`DATA_DIR`** and [docs/push.md](docs/push.md), [the key](https://x.test)')).toBe('see DATA_DIR and docs/push.md, the key (https://x.test)');
    const lines = comment('word '.repeat(100));
    expect(lines.every((line) => line.startsWith('# ') && line.length <= 118)).toBe(true);
    expect(envExample().split('\n').every((line) => line.length <= 118)).toBe(true);
  });

  it('replaces only what lies between the markers', () => {
    expect(replaceBetween('a\n<s>\nold\n<e>\nb', '<s>', '<e>', 'new')).toBe('a\n<s>\nnew\n<e>\nb');
    expect(() => replaceBetween('a', '<s>', '<e>', 'new')).toThrow(/markers/);
  });
});
