import { createServer, Server } from 'node:net';
import { ConfigError } from '../config/app-config';
import { DatabaseStartupError, DatabaseTarget, mysqlTarget, startupTimeoutMs, waitForDatabase } from './wait-for-database';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED' });

/** A fake clock that only moves when the loop sleeps, and a target that fails `failures` times first. */
function fakes(failures: number, error: () => Error = refused) {
  let clock = 0;
  const sleeps: number[] = [];
  const lines: string[] = [];
  const timeouts: number[] = [];
  let attempts = 0;
  const target: DatabaseTarget = {
    address: '127.0.0.1:3306',
    probe: async (timeoutMs) => {
      attempts++;
      timeouts.push(timeoutMs);
      if (attempts <= failures) throw error();
    },
  };
  const options = {
    log: (line: string) => lines.push(line),
    sleep: async (ms: number) => {
      sleeps.push(ms);
      clock += ms;
    },
    now: () => clock,
  };
  return { target, options, sleeps, lines, timeouts, attempts: () => attempts, clock: () => clock };
}

describe('waitForDatabase', () => {
  it('returns at once when the database answers the first time, without a log line', async () => {
    const f = fakes(0);
    await expect(waitForDatabase(f.target, { ...f.options, timeoutMs: 60_000 })).resolves.toBe(1);
    expect(f.lines).toEqual([]);
    expect(f.sleeps).toEqual([]);
  });

  it('retries with exponential backoff, capped at 10 s, one clear line per attempt', async () => {
    const f = fakes(6);
    await expect(waitForDatabase(f.target, { ...f.options, timeoutMs: 60_000 })).resolves.toBe(7);
    expect(f.sleeps).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(f.lines).toEqual([
      'Database at 127.0.0.1:3306 not reachable (ECONNREFUSED); retrying in 1 s (attempt 1)',
      'Database at 127.0.0.1:3306 not reachable (ECONNREFUSED); retrying in 2 s (attempt 2)',
      'Database at 127.0.0.1:3306 not reachable (ECONNREFUSED); retrying in 4 s (attempt 3)',
      'Database at 127.0.0.1:3306 not reachable (ECONNREFUSED); retrying in 8 s (attempt 4)',
      'Database at 127.0.0.1:3306 not reachable (ECONNREFUSED); retrying in 10 s (attempt 5)',
      'Database at 127.0.0.1:3306 not reachable (ECONNREFUSED); retrying in 10 s (attempt 6)',
    ]);
  });

  it('gives up with a clear message once the timeout is spent, the last pause shortened to end on it', async () => {
    const f = fakes(Infinity);
    const waiting = waitForDatabase(f.target, { ...f.options, timeoutMs: 20_000 });
    await expect(waiting).rejects.toThrow(DatabaseStartupError);
    await expect(waiting).rejects.toThrow(
      'Database at 127.0.0.1:3306 still not reachable (ECONNREFUSED) after 20 s and 6 attempts; giving up. ' +
        'Check DATABASE_URL and that the server is running, or raise DATABASE_STARTUP_TIMEOUT.',
    );
    expect(f.sleeps).toEqual([1000, 2000, 4000, 8000, 5000]);
    expect(f.clock()).toBe(20_000);
  });

  it('gives each attempt at most 5 s, and the last one still a second', async () => {
    const f = fakes(Infinity);
    await expect(waitForDatabase(f.target, { ...f.options, timeoutMs: 7000 })).rejects.toThrow(DatabaseStartupError);
    // at 0, 1 s, 3 s, 7 s (the deadline)
    expect(f.timeouts).toEqual([5000, 5000, 4000, 1000]);
  });

  it('with a timeout of 0 tries exactly once', async () => {
    const f = fakes(Infinity);
    await expect(waitForDatabase(f.target, { ...f.options, timeoutMs: 0 })).rejects.toThrow('after 0 s and 1 attempt;');
    expect(f.attempts()).toBe(1);
    expect(f.lines).toEqual([]);
  });

  it.each([['ETIMEDOUT'], ['ENOTFOUND'], ['PROTOCOL_CONNECTION_LOST'], ['ER_CON_COUNT_ERROR']])('waits out %s too', async (code) => {
    const f = fakes(1, () => Object.assign(new Error(code), { code }));
    await expect(waitForDatabase(f.target, { ...f.options, timeoutMs: 60_000 })).resolves.toBe(2);
    expect(f.lines).toEqual([`Database at 127.0.0.1:3306 not reachable (${code}); retrying in 1 s (attempt 1)`]);
  });

  it('stops at once when the server refuses us for a reason waiting does not fix', async () => {
    const f = fakes(Infinity, () => Object.assign(new Error("Access denied for user 'picks'@'localhost'"), { code: 'ER_ACCESS_DENIED_ERROR' }));
    await expect(waitForDatabase(f.target, { ...f.options, timeoutMs: 60_000 })).rejects.toThrow(
      "Database at 127.0.0.1:3306 refused the connection (ER_ACCESS_DENIED_ERROR): Access denied for user 'picks'@'localhost'",
    );
    expect(f.attempts()).toBe(1);
  });
});

describe('mysqlTarget', () => {
  it('names host and port, never the password, with 3306 by default', () => {
    expect(mysqlTarget('mysql://picks:secret@db.internal:3307/tailgate').address).toBe('db.internal:3307');
    expect(mysqlTarget('mariadb://picks:secret@db.internal/tailgate').address).toBe('db.internal:3306');
  });

  it('reports ECONNREFUSED when nothing listens, and ETIMEDOUT when the server never greets', async () => {
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      await expect(mysqlTarget(`mysql://root@127.0.0.1:${port}/x`).probe(300)).rejects.toMatchObject({ code: 'ETIMEDOUT' });
    } finally {
      await new Promise((resolve) => silent.close(resolve));
    }
    await expect(mysqlTarget(`mysql://root@127.0.0.1:${port}/x`).probe(300)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});

describe('DATABASE_STARTUP_TIMEOUT', () => {
  it.each([
    [undefined, 60_000],
    ['', 60_000],
    ['0', 0],
    ['90', 90_000],
    ['90s', 90_000],
    ['2m', 120_000],
    ['1500ms', 1500],
  ])('%p is %p ms', (value, expected) => {
    expect(startupTimeoutMs({ DATABASE_STARTUP_TIMEOUT: value })).toBe(expected);
  });

  it.each([['soon'], ['-5'], ['2 weeks'], ['25h']])('%p is refused with a message that names the variable', (value) => {
    expect(() => startupTimeoutMs({ DATABASE_STARTUP_TIMEOUT: value })).toThrow(ConfigError);
    expect(() => startupTimeoutMs({ DATABASE_STARTUP_TIMEOUT: value })).toThrow(/DATABASE_STARTUP_TIMEOUT must be a duration/);
  });
});
