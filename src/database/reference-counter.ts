import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

/** Per referenced id, how many rows of each referencing table (by table name) point at it. */
export type References = Map<number, Partial<Record<string, number>>>;

/**
 * Counts what still refers to rows of a table, from the foreign keys of the entity metadata: a module asks about its
 * own entity ("what holds these teams?") and reads the answer by table name, so it needs no other domain's entity
 * (`docs/architecture.md`). Every "cannot delete, X still uses it" answer and the usage counts of lists come from here.
 */
@Injectable()
export class ReferenceCounter {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * For each id, the rows of each referencing table (only `tables` when given) that point at it. A row that points at
   * the same id through several keys (a team playing and winning a game) counts once. One query per table.
   */
  async count(target: EntityTarget<ObjectLiteral>, ids: number[], tables?: string[], manager?: EntityManager): Promise<References> {
    const counts: References = new Map(ids.map((id) => [id, {}]));
    if (ids.length === 0) return counts;
    const runner = manager ?? this.dataSource.manager;
    const quote = (name: string) => this.dataSource.driver.escape(name);
    await Promise.all(
      [...this.keysPointingAt(target, tables)].map(async ([table, { columns, id }]) => {
        const marks = ids.map(() => '?').join(', ');
        // UNION (not ALL) keeps one (id, row) pair per row, whichever of its keys matched.
        const pairs = columns
          .map((column) => `SELECT ${quote(column)} AS ref, ${quote(id)} AS row_id FROM ${quote(table)} WHERE ${quote(column)} IN (${marks})`)
          .join(' UNION ');
        const rows: { ref: number | string; total: number | string }[] = await runner.query(
          `SELECT ref, COUNT(*) AS total FROM (${pairs}) pairs GROUP BY ref`,
          columns.flatMap(() => ids),
        );
        for (const row of rows) counts.get(Number(row.ref))![table] = Number(row.total);
      }),
    );
    return counts;
  }

  /** The columns of each table that hold a foreign key to the target's table, and the table's own key. */
  private keysPointingAt(target: EntityTarget<ObjectLiteral>, tables?: string[]): Map<string, { columns: string[]; id: string }> {
    const referenced = this.dataSource.getMetadata(target).tableName;
    const keys = new Map<string, { columns: string[]; id: string }>();
    for (const metadata of this.dataSource.entityMetadatas) {
      if (tables && !tables.includes(metadata.tableName)) continue;
      const columns = metadata.foreignKeys
        .filter((foreignKey) => foreignKey.referencedEntityMetadata.tableName === referenced)
        .flatMap((foreignKey) => foreignKey.columnNames);
      if (columns.length > 0) keys.set(metadata.tableName, { columns, id: metadata.primaryColumns[0].databaseName });
    }
    return keys;
  }
}
