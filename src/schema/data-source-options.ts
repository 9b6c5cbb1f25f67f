import { createConnection } from 'mysql2/promise';
import { DataSourceOptions } from 'typeorm';
import { DatabaseConfig } from '../config/app-config';
import { DATABASE_LIMITS } from '../database/database-limits';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { mysqlUrl } from '../database/mysql-url';

/**
 * MariaDB speaks the MySQL protocol but reports its schema differently; TypeORM must know which one it talks to,
 * so a mysql:// URL is checked against the server's version.
 */
async function serverFlavour(url: URL): Promise<'mysql' | 'mariadb'> {
  if (url.protocol === 'mariadb:') return 'mariadb';
  const connection = await createConnection({ uri: mysqlUrl(url) });
  try {
    const [rows] = await connection.query<import('mysql2').RowDataPacket[]>('SELECT VERSION() AS version');
    return String(rows[0]?.version).includes('MariaDB') ? 'mariadb' : 'mysql';
  } finally {
    await connection.end();
  }
}


/** The TypeORM options for the configured database, shared by the app, the CLI (ormconfig.ts), seeds and tests. */
export async function dataSourceOptions(database: DatabaseConfig): Promise<DataSourceOptions> {
  const common = {
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    synchronize: false,
    // Not 'error': TypeORM would log every failed query with its SQL and parameters (e-mails, hashes, what a
    // request sent). A failed query reaches the exception filter, which logs it by route, class and driver code.
    logging: ['warn'] as 'warn'[],
  };
  if (database.type === 'sqlite') {
    return {
      ...common,
      type: 'better-sqlite3',
      database: database.path,
      enableWAL: true,
      // With WAL, NORMAL syncs at checkpoints rather than at every commit: a crash of the app loses nothing
      // committed, a power cut may lose the last commits before a checkpoint (docs/decisions.md, "The write path").
      prepareDatabase: (db: { pragma(source: string): unknown }) => void db.pragma('synchronous = NORMAL'),
      // Waits for another process's write instead of failing with SQLITE_BUSY at once (in-process writes never
      // meet: the write gate serialises them).
      timeout: DATABASE_LIMITS.sqliteBusyMs,
    };
  }
  const url = new URL(database.url);
  return {
    ...common,
    type: await serverFlavour(url),
    url: mysqlUrl(url),
    charset: 'utf8mb4_unicode_ci',
    timezone: 'Z',
    supportBigNumbers: true,
    connectorPackage: 'mysql2',
    connectTimeout: DATABASE_LIMITS.connectMs,
    poolSize: DATABASE_LIMITS.poolSize,
    // mysql2's per-statement timeout (TypeORM also logs statements slower than this).
    enableQueryTimeout: true,
    maxQueryExecutionTime: DATABASE_LIMITS.queryMs,
    extra: { enableKeepAlive: true, keepAliveInitialDelay: 10_000 },
  };
}
