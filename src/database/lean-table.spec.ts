import { Column, DataSource, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { LeanTable } from './lean-table';

@Entity('picks')
class Pick {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column()
  team!: number;

  @Column({ type: 'integer', nullable: true })
  score!: number | null;
}

describe('LeanTable.update with the values it expects', () => {
  let dataSource: DataSource;
  let picks: LeanTable<Pick>;
  let id: number;

  beforeEach(async () => {
    dataSource = new DataSource({ type: 'better-sqlite3', database: ':memory:', entities: [Pick], synchronize: true });
    await dataSource.initialize();
    picks = new LeanTable(dataSource, Pick, 'pick');
    id = await picks.insert({ team: 1, score: null });
  });
  afterEach(() => dataSource.destroy());

  const stored = async () => (await picks.find(`${picks.column('id')} = ?`, [id]))[0];

  it('writes a row that still holds them, null matching null', async () => {
    expect(await picks.update(id, { team: 2, score: 10 }, undefined, { team: 1, score: null })).toBe(true);
    expect(await stored()).toEqual(expect.objectContaining({ team: 2, score: 10 }));
    expect(await picks.update(id, { team: 3 }, undefined, { team: 2, score: 10 })).toBe(true);
    expect(await stored()).toEqual(expect.objectContaining({ team: 3, score: 10 }));
  });

  it('leaves a row that another write changed since it was read, and says so', async () => {
    await picks.update(id, { score: 7 });
    expect(await picks.update(id, { team: 2 }, undefined, { team: 1, score: null })).toBe(false);
    expect(await stored()).toEqual(expect.objectContaining({ team: 1, score: 7 }));
  });
});
