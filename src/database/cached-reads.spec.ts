import { Column, DataSource, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CACHE_BOUND_MS, CachedReads } from './cached-reads';

@Entity('teams')
class Team {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column()
  name!: string;
}

@Entity('weeks')
class Week {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column()
  number!: number;
}

describe('CachedReads', () => {
  let dataSource: DataSource;
  let reads: CachedReads;
  let loads: number;

  beforeEach(async () => {
    dataSource = new DataSource({ type: 'better-sqlite3', database: ':memory:', entities: [Team, Week], synchronize: true });
    await dataSource.initialize();
    reads = new CachedReads(dataSource);
    loads = 0;
    await dataSource.getRepository(Team).insert({ name: 'Georgia' });
  });
  afterEach(() => dataSource.destroy());

  /** The team names, read through the cache. */
  const names = () =>
    reads.read([Team], 'names', async () => {
      loads += 1;
      return (await dataSource.getRepository(Team).find({ order: { id: 'ASC' } })).map((team) => team.name);
    });

  it('answers repeated reads from memory', async () => {
    expect(await names()).toEqual(['Georgia']);
    expect(await names()).toEqual(['Georgia']);
    expect(loads).toBe(1);
  });

  it('shares one load between concurrent misses', async () => {
    await Promise.all([names(), names(), names()]);
    expect(loads).toBe(1);
  });

  it('reads again once a table it depends on changes through TypeORM: insert, update, delete, save', async () => {
    const teams = dataSource.getRepository(Team);
    await names();
    await teams.insert({ name: 'Alabama' });
    expect(await names()).toEqual(['Georgia', 'Alabama']);
    await teams.update({ name: 'Alabama' }, { name: 'Auburn' });
    expect(await names()).toEqual(['Georgia', 'Auburn']);
    await teams.delete({ name: 'Auburn' });
    expect(await names()).toEqual(['Georgia']);
    await teams.save({ id: 1, name: 'Georgia Tech' });
    expect(await names()).toEqual(['Georgia Tech']);
    expect(loads).toBe(5);
  });

  it('ignores changes to tables it does not depend on', async () => {
    await names();
    await dataSource.getRepository(Week).insert({ number: 1 });
    await names();
    expect(loads).toBe(1);
  });

  it('reads again after a transaction commits, even when a read between its write and its commit cached the old rows', async () => {
    await names();
    await dataSource.transaction(async (manager) => {
      await manager.getRepository(Team).update({ id: 1 }, { name: 'Clemson' });
      // Another request reads now, on a connection of its own (MySQL/MariaDB), so it still sees the old row.
      expect(await reads.read([Team], 'names', async () => ['Georgia'])).toEqual(['Georgia']);
    });
    expect(await names()).toEqual(['Clemson']);
  });

  it('does not keep what a load read while a change was being made', async () => {
    let release!: () => void;
    const slow = reads.read([Team], 'slow', async () => {
      const rows = await dataSource.getRepository(Team).find();
      await new Promise<void>((resolve) => (release = resolve));
      return rows.map((team) => team.name);
    });
    await new Promise((resolve) => setImmediate(resolve));
    await dataSource.getRepository(Team).update({ id: 1 }, { name: 'Oregon' });
    release();
    expect(await slow).toEqual(['Georgia']);
    expect(await reads.read([Team], 'slow', async () => ['fresh'])).toEqual(['fresh']);
  });

  it('follows a change made with SQL of its own once told, and any other change within its bound', async () => {
    await names();
    await dataSource.query("UPDATE teams SET name = 'Texas' WHERE id = 1");
    reads.changed(Team);
    expect(await names()).toEqual(['Texas']);

    // Another process (an app instance on the same database, a script) changes the row: seen once the bound passes.
    await dataSource.query("UPDATE teams SET name = 'Baylor' WHERE id = 1");
    expect(await names()).toEqual(['Texas']);
    await new Promise((resolve) => setTimeout(resolve, CACHE_BOUND_MS + 50));
    expect(await names()).toEqual(['Baylor']);
  });
});
