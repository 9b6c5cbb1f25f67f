import { Mutex, MutexInterface, withTimeout } from 'async-mutex';
import { AsyncLocalStorage } from 'node:async_hooks';
import { DataSource, QueryRunner } from 'typeorm';
import { DatabaseUnavailableError } from './database-unavailable.error';

/** How long a write waits for the one before it; past this the request answers 503 with Retry-After. */
export const WRITE_GATE_WAIT_MS = 3000;

/** Whether the current async flow holds the gate (a mutable flag: it outlives the hold in its async context). */
interface Hold {
  held: boolean;
}

/** Statements that only read; everything else (INSERT, UPDATE, DELETE, DDL) is a write. */
const READ_STATEMENT = /^\s*(SELECT|PRAGMA|EXPLAIN)\b/i;
const WITH_WRITE = /^\s*WITH\b[\s\S]*\b(INSERT|UPDATE|DELETE|REPLACE)\b/i;
const isRead = (sql: string) => READ_STATEMENT.test(sql) || (/^\s*WITH\b/i.test(sql) && !WITH_WRITE.test(sql));

/**
 * The embedded SQLite database has one connection, shared by every request: two transactions open at once would
 * nest in each other (TypeORM turns the second into a savepoint), so one request's rollback could undo another's
 * work. The gate lets one database transaction (or one single write statement) through at a time, and only for as
 * long as it talks to the database: a request hashes passwords, renders e-mails and maps answers outside it.
 *
 * It sits in TypeORM itself, so no service has to remember it: every `transaction()`, every transaction TypeORM
 * opens for a `save()`, and every write statement outside a transaction wait their turn. Reads never wait (SQLite
 * answers them between a transaction's statements). A wait longer than WRITE_GATE_WAIT_MS gives up with
 * DatabaseUnavailableError (503 with Retry-After) rather than queueing without end.
 *
 * MySQL/MariaDB have a pool of connections with real transactions: there the gate lets everything through.
 * See docs/decisions.md, "The write path".
 */
export class WriteGate {
  private readonly holds = new AsyncLocalStorage<Hold>();
  private readonly mutex: MutexInterface | null;

  constructor(dataSource: DataSource, waitMs = WRITE_GATE_WAIT_MS) {
    const serialised = dataSource.options.type === 'better-sqlite3';
    this.mutex = serialised ? withTimeout(new Mutex(), waitMs, new DatabaseUnavailableError('The database is busy; please try again in a moment.')) : null;
    if (serialised) this.install(dataSource);
  }

  /** Runs work holding the gate (at once when this flow already holds it). */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (!this.mutex || this.holding) return work();
    const hold: Hold = { held: false };
    return this.holds.run(hold, async () => {
      const release = await this.mutex!.acquire();
      hold.held = true;
      try {
        return await work();
      } finally {
        hold.held = false;
        release();
      }
    });
  }

  private get holding(): boolean {
    return this.holds.getStore()?.held === true;
  }

  /** Puts the gate in front of the shared connection's transactions and write statements. */
  private install(dataSource: DataSource): void {
    const manager = dataSource.manager;
    const transaction = manager.transaction.bind(manager) as (...args: unknown[]) => Promise<unknown>;
    manager.transaction = ((...args: unknown[]) => this.run(() => transaction(...args))) as typeof manager.transaction;

    const runner = dataSource.driver.createQueryRunner('master');
    const { startTransaction, commitTransaction, rollbackTransaction } = runner;
    // Looked up at each call, so instrumentation of the driver's class (query counting in tests) still sees it.
    const query = (sql: string, rest: unknown[]) => (Object.getPrototypeOf(runner) as QueryRunner).query.call(runner, sql, ...(rest as []));
    // A transaction TypeORM opens by itself (save, remove) holds the gate from its BEGIN to its COMMIT/ROLLBACK.
    let releaseImplicit: (() => void) | null = null;
    runner.startTransaction = async (isolation) => {
      if (this.holding) return startTransaction.call(runner, isolation);
      const hold: Hold = { held: false };
      // Entered before the first await, so the caller's own statements of this transaction see the hold.
      this.holds.enterWith(hold);
      const release = await this.mutex!.acquire();
      hold.held = true;
      releaseImplicit = () => {
        hold.held = false;
        releaseImplicit = null;
        release();
      };
      try {
        await startTransaction.call(runner, isolation);
      } catch (error) {
        releaseImplicit();
        throw error;
      }
    };
    const ending = (end: QueryRunner['commitTransaction']) => async () => {
      try {
        await end.call(runner);
      } finally {
        if (!runner.isTransactionActive) releaseImplicit?.();
      }
    };
    runner.commitTransaction = ending(commitTransaction);
    runner.rollbackTransaction = ending(rollbackTransaction);
    runner.query = ((sql: string, ...rest: unknown[]) =>
      this.holding || isRead(sql) ? query(sql, rest) : this.run(() => query(sql, rest))) as QueryRunner['query'];
  }
}
