import { LRUCache } from 'lru-cache';
import { DataSource, EntitySubscriberInterface, EntityTarget, InsertEvent, QueryRunner, RemoveEvent, TransactionCommitEvent, TransactionRollbackEvent, UpdateEvent } from 'typeorm';

/**
 * How long a cached read may trail a change this process did not make: another app instance on the same MySQL/MariaDB
 * database, or a script writing the same SQLite file. Changes made through this process are seen at once.
 */
export const CACHE_BOUND_MS = 1000;

type Load<V> = () => Promise<V>;

/**
 * The reads nearly every request repeats (the signed-in user, a week's games), kept in memory.
 *
 * Every entry is tagged with the versions of the tables it was read from; a change to one of those tables through
 * TypeORM (insert, update, delete, on commit too) moves its version on, so the next read misses and loads afresh.
 * An entry also expires after CACHE_BOUND_MS, which bounds how stale a change made elsewhere can be seen. A load
 * that started before a change is stored under the old versions, which nobody asks for again. Concurrent misses of
 * one key share one load.
 *
 * What a load answers is shared by every request that reads it: callers never change it.
 */
export class CachedReads implements EntitySubscriberInterface {
  private readonly versions = new Map<string, number>();
  private readonly tables = new Map<EntityTarget<object>, string>();
  /** Tables written inside a transaction still open: moved on again when it commits. */
  private readonly pending = new WeakMap<QueryRunner, Set<string>>();
  private readonly cache = new LRUCache<string, object, Load<object>>({
    max: 2000,
    ttl: CACHE_BOUND_MS,
    fetchMethod: (_key, _stale, { context }) => context(),
  });

  constructor(private readonly dataSource: DataSource) {
    dataSource.subscribers.push(this);
  }

  /** `load`'s answer for `key`, as long as none of `tables` changed here and CACHE_BOUND_MS has not passed. */
  async read<V extends object>(tables: EntityTarget<object>[], key: string, load: Load<V>): Promise<V> {
    const versioned = `${this.versionOf(tables)}|${key}`;
    // A hit answers at once; fetch (which shares a load between concurrent misses) only on a miss.
    return ((this.cache.get(versioned) as V | undefined) ?? (await this.cache.fetch(versioned, { context: load }))) as V;
  }

  /**
   * The tables' versions as one string: it moves on with every change to one of them through this process (as the
   * cached reads' keys do), for a cache of its own that must miss after such a change (the session check's).
   */
  versionOf(tables: EntityTarget<object>[]): string {
    return tables.map((table) => this.versions.get(this.tableOf(table)) ?? 0).join('.');
  }

  /** A change made with SQL of its own (not through TypeORM's insert, update or delete). */
  changed(table: EntityTarget<object>): void {
    this.bump(this.tableOf(table));
  }

  afterInsert(event: InsertEvent<object>): void {
    this.written(event.metadata.tableName, event.queryRunner);
  }

  afterUpdate(event: UpdateEvent<object>): void {
    this.written(event.metadata.tableName, event.queryRunner);
  }

  afterRemove(event: RemoveEvent<object>): void {
    this.written(event.metadata.tableName, event.queryRunner);
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    // A read between the write and the commit still saw the old rows: the commit moves the versions on again.
    for (const table of this.pending.get(event.queryRunner) ?? []) this.bump(table);
    this.pending.delete(event.queryRunner);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    this.pending.delete(event.queryRunner);
  }

  private written(table: string, runner: QueryRunner | undefined): void {
    this.bump(table);
    if (!runner?.isTransactionActive) return;
    const tables = this.pending.get(runner) ?? new Set<string>();
    tables.add(table);
    this.pending.set(runner, tables);
  }

  private bump(table: string): void {
    this.versions.set(table, (this.versions.get(table) ?? 0) + 1);
  }

  private tableOf(target: EntityTarget<object>): string {
    let table = this.tables.get(target);
    if (table === undefined) this.tables.set(target, (table = this.dataSource.getMetadata(target).tableName));
    return table;
  }
}
