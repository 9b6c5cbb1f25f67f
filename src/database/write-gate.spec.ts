import { DataSource } from 'typeorm';
import { DatabaseUnavailableError } from './database-unavailable.error';
import { WriteGate } from './write-gate';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A SQLite database in memory behind the gate (the shared connection the app has). */
async function sqlite(waitMs = 1000): Promise<{ dataSource: DataSource; gate: WriteGate }> {
  const dataSource = await new DataSource({ type: 'better-sqlite3', database: ':memory:' }).initialize();
  await dataSource.query('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)');
  return { dataSource, gate: new WriteGate(dataSource, waitMs) };
}

describe('WriteGate on SQLite', () => {
  it('keeps two transactions apart: one rollback never undoes the other', async () => {
    const { dataSource } = await sqlite();
    const failing = dataSource.transaction(async (manager) => {
      await manager.query("INSERT INTO t (v) VALUES ('rolled back')");
      await sleep(20);
      throw new Error('undo');
    });
    const committing = dataSource.transaction(async (manager) => {
      await manager.query("INSERT INTO t (v) VALUES ('kept')");
    });
    await expect(failing).rejects.toThrow('undo');
    await committing;
    await expect(dataSource.query('SELECT v FROM t')).resolves.toEqual([{ v: 'kept' }]);
    await dataSource.destroy();
  });

  it('keeps a single write statement out of another transaction that rolls back', async () => {
    const { dataSource } = await sqlite();
    const failing = dataSource.transaction(async (manager) => {
      await manager.query("INSERT INTO t (v) VALUES ('rolled back')");
      await sleep(20);
      throw new Error('undo');
    });
    await sleep(1);
    await dataSource.query("INSERT INTO t (v) VALUES ('single')");
    await expect(failing).rejects.toThrow('undo');
    await expect(dataSource.query('SELECT v FROM t')).resolves.toEqual([{ v: 'single' }]);
    await dataSource.destroy();
  });

  it('gates the transactions TypeORM opens by itself and lets reads through meanwhile', async () => {
    const { dataSource, gate } = await sqlite();
    const order: string[] = [];
    const held = gate.run(async () => {
      await dataSource.query("INSERT INTO t (v) VALUES ('first')");
      await sleep(30);
      order.push('first done');
    });
    await sleep(1);
    const read = dataSource.query('SELECT COUNT(*) AS n FROM t').then(() => order.push('read'));
    const saved = dataSource.createQueryRunner().startTransaction().then(async () => {
      order.push('second began');
      await dataSource.driver.createQueryRunner('master').commitTransaction();
    });
    await Promise.all([held, read, saved]);
    expect(order).toEqual(['read', 'first done', 'second began']);
    await dataSource.destroy();
  });

  it('is re-entrant: a transaction inside run() does not wait for itself', async () => {
    const { dataSource, gate } = await sqlite();
    await gate.run(() => dataSource.transaction((manager) => manager.query("INSERT INTO t (v) VALUES ('nested')")));
    await expect(dataSource.query('SELECT v FROM t')).resolves.toEqual([{ v: 'nested' }]);
    await dataSource.destroy();
  });

  it('gives up waiting with DatabaseUnavailableError after its limit', async () => {
    const { dataSource, gate } = await sqlite(50);
    const slow = gate.run(() => sleep(200));
    const started = Date.now();
    await expect(dataSource.query("INSERT INTO t (v) VALUES ('late')")).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(Date.now() - started).toBeLessThan(190);
    await slow;
    await dataSource.query("INSERT INTO t (v) VALUES ('after')");
    await expect(dataSource.query('SELECT v FROM t')).resolves.toEqual([{ v: 'after' }]);
    await dataSource.destroy();
  });
});
