import { DataSource, EntityManager, EntityMetadata, EntityTarget, ObjectLiteral, QueryResult } from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';

interface Part {
  alias: string;
  metadata: EntityMetadata;
  /** The property of the root entity this part hydrates; undefined for the root. */
  property?: string;
  columns: ColumnMetadata[];
}

/**
 * One table for the hot path: its entity with some of its many-to-one relations read by one prepared statement and
 * hydrated with the driver's own value conversions (dates, booleans, decimals, column transformers) the way
 * TypeORM's find would, and single-row writes with `?` parameters.
 *
 * For the busiest requests only (the session check, a member's games of a week, saving a pick): under load,
 * building a query and hydrating joined rows through TypeORM's query builder cost several times the statement
 * itself, and on SQLite TypeORM writes numbers into the SQL text, so every pick's INSERT was a new statement to
 * prepare that also pushed the others out of the statement cache. The SQL comes from the entity metadata, so it
 * follows the entities; tests hold the answers to TypeORM's.
 */
export class LeanTable<T extends ObjectLiteral> {
  private readonly parts: Part[];
  private readonly select: string;
  private readonly from: string;

  /**
   * @param relations the many-to-one relations to join, each with the properties to read of it (its primary key
   *   is always read); unread properties stay undefined, as with TypeORM's `select`.
   */
  constructor(
    private readonly dataSource: DataSource,
    entity: EntityTarget<T>,
    readonly alias: string,
    relations: Record<string, readonly string[]> = {},
  ) {
    const root = dataSource.getMetadata(entity);
    const q = (name: string) => this.quote(name);
    this.parts = [{ alias, metadata: root, columns: root.columns }];
    const joins = Object.entries(relations).map(([property, read]) => {
      const relation = root.findRelationWithPropertyPath(property);
      const joinColumn = relation?.joinColumns[0];
      if (!relation || !relation.isManyToOne || !joinColumn) throw new Error(`${root.name}.${property} is not a many-to-one relation`);
      const target = relation.inverseEntityMetadata;
      const columns = target.columns.filter((column) => column.isPrimary || read.includes(column.propertyName));
      this.parts.push({ alias: property, metadata: target, property, columns });
      return `LEFT JOIN ${q(target.tableName)} ${q(property)} ON ${q(property)}.${q(target.primaryColumns[0].databaseName)} = ${q(alias)}.${q(joinColumn.databaseName)}`;
    });
    const columns = this.parts.flatMap(({ alias: part, columns: read }) =>
      read.map((column) => `${q(part)}.${q(column.databaseName)} AS ${q(`${part}__${column.databaseName}`)}`),
    );
    this.from = `FROM ${q(root.tableName)} ${q(alias)} ${joins.join(' ')}`;
    this.select = `SELECT ${columns.join(', ')} ${this.from}`;
  }

  /** Whether the database locks rows read FOR UPDATE (MySQL/MariaDB); SQLite serialises its writes instead. */
  get locksRows(): boolean {
    return this.dataSource.options.type !== 'better-sqlite3';
  }

  /** The escaped column of a property: `id` of the entity itself, or `week.number` of a joined relation. */
  column(path: string): string {
    const [first, second] = path.split('.');
    const part = second === undefined ? this.parts[0] : this.parts.find((candidate) => candidate.property === first);
    const column = part?.metadata.findColumnWithPropertyName(second ?? first);
    if (!part || !column) throw new Error(`No column ${path}`);
    return `${this.quote(part.alias)}.${this.quote(column.databaseName)}`;
  }

  /** A condition that a property is one of `count` values (as many `?` placeholders). */
  isIn(path: string, count: number): string {
    return `${this.column(path)} IN (${Array.from({ length: count }, () => '?').join(', ')})`;
  }

  /** The rows matching `where` (SQL over `column()`s, `?` placeholders), in `orderBy` order, optionally a page of them. */
  async find(
    where: string,
    parameters: unknown[],
    orderBy?: string,
    page: { skip?: number; take?: number } = {},
    /** Inside a transaction, its manager: the read then sees the transaction's own writes and locks. */
    manager: EntityManager = this.dataSource.manager,
    /**
     * Locks the rows read (and, where none matched, the gap they would take) until the transaction ends, so a
     * read-then-write cannot interleave with another. Only where `locksRows`: SQLite's writes pass one at a time.
     */
    forUpdate = false,
  ): Promise<T[]> {
    const limit = page.take !== undefined ? ` LIMIT ${Number(page.take)} OFFSET ${Number(page.skip ?? 0)}` : '';
    const lock = forUpdate && this.locksRows ? ' FOR UPDATE' : '';
    const rows: Record<string, unknown>[] = await manager.query(
      `${this.select} WHERE ${where}${orderBy ? ` ORDER BY ${orderBy}` : ''}${limit}${lock}`,
      parameters,
    );
    return rows.map((row) => this.hydrate(row));
  }

  /** How many rows match `where`. */
  async count(where: string, parameters: unknown[]): Promise<number> {
    const [row] = (await this.dataSource.query(`SELECT COUNT(*) AS total ${this.from} WHERE ${where}`, parameters)) as { total: number | string }[];
    return Number(row.total);
  }

  /**
   * Inserts one row of the entity's own columns (unset ones take their defaults), with the driver's conversions;
   * answers the generated id.
   */
  async insert(values: Partial<T>, manager: EntityManager = this.dataSource.manager): Promise<number> {
    const columns = this.writable(values);
    const q = (name: string) => this.quote(name);
    // better-sqlite3 answers the new rowid, mysql2 a result header with insertId.
    const result: unknown = await manager.query(
      `INSERT INTO ${q(this.parts[0].metadata.tableName)} (${columns.map((column) => q(column.databaseName)).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      columns.map((column) => this.persisted(column, values)),
    );
    return Number(typeof result === 'object' && result !== null ? (result as { insertId: number }).insertId : result);
  }

  /**
   * Sets the given columns of the row with this primary key, and only while its `expected` columns still hold
   * those values (null matches null): a write that must not land on a row another request changed since it was
   * read. Answers whether the row was written.
   */
  async update(id: number, values: Partial<T>, manager: EntityManager = this.dataSource.manager, expected: Partial<T> = {}): Promise<boolean> {
    const columns = this.writable(values);
    const conditions = this.writable(expected);
    const q = (name: string) => this.quote(name);
    const { metadata } = this.parts[0];
    // Null-safe equality: MySQL/MariaDB's <=>, SQLite's IS.
    const same = this.locksRows ? '<=>' : 'IS';
    const sql =
      `UPDATE ${q(metadata.tableName)} SET ${columns.map((column) => `${q(column.databaseName)} = ?`).join(', ')} ` +
      `WHERE ${q(metadata.primaryColumns[0].databaseName)} = ?${conditions.map((column) => ` AND ${q(column.databaseName)} ${same} ?`).join('')}`;
    const parameters = [...columns.map((column) => this.persisted(column, values)), id, ...conditions.map((column) => this.persisted(column, expected))];
    // The statement's own runner (the transaction's, or one for this statement), for the count of rows it matched.
    const runner = manager.queryRunner ?? this.dataSource.driver.createQueryRunner('master');
    try {
      // mysql2 counts matched rows (CLIENT_FOUND_ROWS), so a row set to the values it had still counts.
      return ((await runner.query(sql, parameters, true)) as QueryResult).affected! > 0;
    } finally {
      if (runner !== manager.queryRunner) await runner.release();
    }
  }

  private quote(name: string): string {
    return this.dataSource.driver.escape(name);
  }

  /** The entity's columns that `values` sets. */
  private writable(values: Partial<T>): ColumnMetadata[] {
    return this.parts[0].metadata.columns.filter((column) => column.getEntityValue(values) !== undefined);
  }

  private persisted(column: ColumnMetadata, values: Partial<T>): unknown {
    return this.dataSource.driver.preparePersistentValue(column.getEntityValue(values), column);
  }

  private hydrate(row: Record<string, unknown>): T {
    const [root, ...related] = this.parts;
    const entity = this.entityOf(root, row)!;
    for (const part of related) (entity as Record<string, unknown>)[part.property!] = this.entityOf(part, row);
    return entity as T;
  }

  private entityOf({ alias, metadata, columns }: Part, row: Record<string, unknown>): ObjectLiteral | null {
    if (row[`${alias}__${metadata.primaryColumns[0].databaseName}`] == null) return null;
    const entity = metadata.create() as ObjectLiteral;
    for (const column of columns) {
      column.setEntityValue(entity, this.dataSource.driver.prepareHydratedValue(row[`${alias}__${column.databaseName}`], column));
    }
    return entity;
  }
}
