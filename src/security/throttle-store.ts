import { createHash } from 'node:crypto';
import { RateLimiterRes, type RateLimiterStoreAbstract as StoreAbstract } from 'rate-limiter-flexible';
import { DataSource } from 'typeorm';
import { retryOnConflict } from '../database/retry-on-conflict';
import { Throttle } from './entities/throttle.entity';

/** The base of rate-limiter-flexible's stores: typed by the package, though its index does not export it. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const RateLimiterStoreAbstract = require('rate-limiter-flexible/lib/RateLimiterStoreAbstract') as typeof StoreAbstract;

/** The length of throttles.key. */
const KEY_LENGTH = 191;

/** What the store answers for a key: its points and when they (and any block) end, in ms since the epoch. */
interface StoredCount {
  points: number;
  expiresAt: number | null;
}

export interface DatabaseRateLimiterOptions {
  /** Names the counter in its keys ("login-pair", "reset-email" …). */
  keyPrefix: string;
  points: number;
  /** Seconds a count lasts from its first point. */
  duration: number;
  /** Seconds a key stays refused once it has gone past `points`; 0 for no block beyond the count's own end. */
  blockDuration?: number;
}

/**
 * rate-limiter-flexible's counters kept in the `throttles` table, so every app instance shares them and a restart
 * keeps them. Each count is one upsert and its read-back in one transaction: on SQLite that transaction passes the
 * app's write gate like any other (the one shared connection, never a second one); on MySQL/MariaDB the upsert locks
 * the row until the read-back, so two instances counting the same key at once get consecutive numbers.
 */
export class DatabaseRateLimiter extends RateLimiterStoreAbstract {
  private readonly dataSource: DataSource;
  private readonly mysql: boolean;

  constructor(dataSource: DataSource, options: DatabaseRateLimiterOptions) {
    super({ ...options, storeClient: dataSource });
    this.dataSource = dataSource;
    this.mysql = dataSource.options.type === 'mysql' || dataSource.options.type === 'mariadb';
  }

  /** The stored key: prefix and key, or the prefix and a hash of the key when that is longer than the column. */
  override getKey(key: string | number): string {
    const full = super.getKey(key);
    return full.length <= KEY_LENGTH ? full : `${this.keyPrefix}:#${createHash('sha256').update(full).digest('hex')}`;
  }

  _getRateLimiterRes(_rlKey: string, changedPoints: number, stored: StoredCount): RateLimiterRes {
    const msBeforeNext = stored.expiresAt === null ? -1 : Math.max(stored.expiresAt - Date.now(), 0);
    return new RateLimiterRes(Math.max(this.points - stored.points, 0), msBeforeNext, stored.points, changedPoints === stored.points);
  }

  /** Adds points to a key (or, with forceExpire, sets them and a new end), atomically; answers the stored count. */
  _upsert(rlKey: string, points: number, msDuration: number, forceExpire = false): Promise<StoredCount> {
    const now = Date.now();
    const expiresAt = msDuration > 0 ? now + msDuration : null;
    const [sql, parameters] = forceExpire ? this.setStatement(rlKey, points, expiresAt) : this.addStatement(rlKey, points, expiresAt, now);
    // A deadlock's loser (MySQL/MariaDB) counts again; nothing of it was written.
    return retryOnConflict(() =>
      this.dataSource.transaction(async (manager) => {
        await manager.query(sql, parameters);
        const [row] = (await manager.query('SELECT points, expires_at FROM throttles WHERE `key` = ?', [rlKey])) as RawCount[];
        return countOf(row);
      }),
    );
  }

  async _get(rlKey: string): Promise<StoredCount | null> {
    const rows = (await this.dataSource.query('SELECT points, expires_at FROM throttles WHERE `key` = ? AND (expires_at IS NULL OR expires_at > ?)', [
      rlKey,
      Date.now(),
    ])) as RawCount[];
    return rows.length > 0 ? countOf(rows[0]) : null;
  }

  async _delete(rlKey: string): Promise<boolean> {
    const result = await this.dataSource.getRepository(Throttle).delete({ key: rlKey });
    return (result.affected ?? 0) > 0;
  }

  /** A count that has ended starts again from these points; a running one grows and keeps its end. */
  private addStatement(key: string, points: number, expiresAt: number | null, now: number): [string, unknown[]] {
    if (this.mysql) {
      return [
        'INSERT INTO throttles (`key`, points, expires_at) VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE ' +
          'points = IF(expires_at IS NULL OR expires_at > ?, points + VALUES(points), VALUES(points)), ' +
          'expires_at = IF(expires_at IS NULL OR expires_at > ?, expires_at, VALUES(expires_at))',
        [key, points, expiresAt, now, now],
      ];
    }
    return [
      'INSERT INTO throttles (`key`, points, expires_at) VALUES (?, ?, ?) ON CONFLICT (`key`) DO UPDATE SET ' +
        'points = CASE WHEN throttles.expires_at IS NULL OR throttles.expires_at > ? THEN throttles.points + excluded.points ELSE excluded.points END, ' +
        'expires_at = CASE WHEN throttles.expires_at IS NULL OR throttles.expires_at > ? THEN throttles.expires_at ELSE excluded.expires_at END',
      [key, points, expiresAt, now, now],
    ];
  }

  private setStatement(key: string, points: number, expiresAt: number | null): [string, unknown[]] {
    return this.mysql
      ? ['INSERT INTO throttles (`key`, points, expires_at) VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE points = VALUES(points), expires_at = VALUES(expires_at)', [key, points, expiresAt]]
      : [
          'INSERT INTO throttles (`key`, points, expires_at) VALUES (?, ?, ?) ON CONFLICT (`key`) DO UPDATE SET points = excluded.points, expires_at = excluded.expires_at',
          [key, points, expiresAt],
        ];
  }
}

interface RawCount {
  points: number | string;
  expires_at: number | string | null;
}

const countOf = (row: RawCount): StoredCount => ({ points: Number(row.points), expiresAt: row.expires_at === null ? null : Number(row.expires_at) });

/** Deletes counts that ended before `now`; answers how many went. */
export async function pruneThrottles(dataSource: DataSource, now = Date.now()): Promise<number> {
  const result = await dataSource
    .createQueryBuilder()
    .delete()
    .from(Throttle)
    .where('expires_at IS NOT NULL AND expires_at < :now', { now })
    .execute();
  return result.affected ?? 0;
}
