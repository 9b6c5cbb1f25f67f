import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createConnection } from 'mysql2/promise';
import { Child, freePort, until } from './processes';

const MARIADBD = process.env.OUTAGE_MARIADBD ?? '/usr/sbin/mariadbd';
const INSTALL_DB = process.env.OUTAGE_MARIADB_INSTALL_DB ?? '/usr/bin/mariadb-install-db';
/** Small files and buffers: this server only holds one test's pool. */
const SERVER_OPTIONS = ['--innodb-log-file-size=16M', '--innodb-buffer-pool-size=64M'];

/**
 * A MariaDB server of the test's own: a fresh data directory, a free loopback port, its own socket and pid file,
 * root without a password. The test may freeze it (SIGSTOP), kill it (SIGKILL) and start it again on the same data.
 */
export class PrivateMariaDb {
  private server?: Child;
  private starts = 0;

  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  static async create(dir: string): Promise<PrivateMariaDb> {
    for (const binary of [MARIADBD, INSTALL_DB]) {
      if (!existsSync(binary)) {
        throw new Error(`${binary} is missing: the outage tests need MariaDB's server binaries (apt-get install -y mariadb-server), or OUTAGE_MARIADBD and OUTAGE_MARIADB_INSTALL_DB pointing at them`);
      }
    }
    mkdirSync(join(dir, 'data'), { recursive: true });
    const db = new PrivateMariaDb(dir, await freePort());
    await promisify(execFile)(
      INSTALL_DB,
      ['--no-defaults', `--datadir=${join(dir, 'data')}`, '--user=root', '--auth-root-authentication-method=normal', '--skip-test-db', ...SERVER_OPTIONS],
      { timeout: 60_000 },
    );
    return db;
  }

  get dataDir(): string {
    return join(this.dir, 'data');
  }

  /** mysql://root@127.0.0.1:<port>/<database> */
  url(database = ''): string {
    return `mysql://root@127.0.0.1:${this.port}/${database}`;
  }

  get pid(): number | undefined {
    return this.server?.running ? this.server.pid : undefined;
  }

  /** Starts mariadbd on the data directory and waits until it answers. */
  async start(timeoutMs = 30_000): Promise<void> {
    if (this.server?.running) throw new Error('the private MariaDB is already running');
    this.server = Child.spawn(
      `mariadbd #${++this.starts}`,
      MARIADBD,
      [
        '--no-defaults',
        `--datadir=${this.dataDir}`,
        `--socket=${join(this.dir, 'mysqld.sock')}`,
        `--pid-file=${join(this.dir, 'mysqld.pid')}`,
        `--port=${this.port}`,
        '--bind-address=127.0.0.1',
        '--user=root',
        '--skip-grant-tables',
        '--skip-name-resolve',
        '--max-connections=200',
        ...SERVER_OPTIONS,
      ],
      { env: { PATH: process.env.PATH ?? '/usr/bin:/bin' }, logFile: join(this.dir, 'mariadbd.log') },
    );
    await until(`the private MariaDB on port ${this.port} to answer`, timeoutMs, async () => {
      if (!this.server!.running) throw new Error(`mariadbd exited:\n${this.server!.tail()}`);
      return this.ping();
    });
  }

  async ping(): Promise<boolean> {
    try {
      const connection = await createConnection({ uri: this.url(), connectTimeout: 1000 });
      await connection.query('SELECT 1');
      await connection.end();
      return true;
    } catch {
      return false;
    }
  }

  async query<T = Record<string, unknown>>(sql: string, database = ''): Promise<T[]> {
    const connection = await createConnection({ uri: this.url(database), connectTimeout: 5000 });
    try {
      const [rows] = await connection.query(sql);
      return rows as T[];
    } finally {
      await connection.end();
    }
  }

  freeze(): void {
    this.server!.signal('SIGSTOP');
  }

  thaw(): void {
    this.server!.signal('SIGCONT');
  }

  /** SIGKILL: the crash of the server's host, as far as the app can tell. */
  async kill(): Promise<void> {
    this.server!.signal('SIGCONT');
    this.server!.signal('SIGKILL');
    await this.server!.exited(10_000);
  }

  /** A clean stop (for afterAll); the Child registry kills whatever this misses. */
  async stop(): Promise<void> {
    if (!this.server?.running) return;
    this.server.signal('SIGCONT');
    this.server.signal('SIGTERM');
    await this.server.exited(20_000).catch(() => this.kill());
  }
}
