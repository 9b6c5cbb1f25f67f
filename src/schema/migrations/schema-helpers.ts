import { QueryRunner, TableColumnOptions, TableForeignKeyOptions, TableIndexOptions } from 'typeorm';

/**
 * Column builders for migrations written once for every database: TypeORM's schema API turns them into the
 * dialect of the connection (SQLite or MySQL/MariaDB).
 */
export const id = (): TableColumnOptions => ({
  name: 'id',
  type: 'integer',
  isPrimary: true,
  isGenerated: true,
  generationStrategy: 'increment',
});

export const int = (name: string, options: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
  name,
  type: 'integer',
  ...options,
});

export const varchar = (name: string, length: number, options: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
  name,
  type: 'varchar',
  length: String(length),
  ...options,
});

export const bool = (name: string, options: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
  name,
  type: 'boolean',
  ...options,
});

export const decimal = (name: string, precision: number, scale: number, options: Partial<TableColumnOptions> = {}): TableColumnOptions => ({
  name,
  type: 'decimal',
  precision,
  scale,
  ...options,
});

/** The creation timestamp in the form TypeORM's @CreateDateColumn expects on this connection. */
export function createdAt(queryRunner: QueryRunner, name = 'created_at'): TableColumnOptions {
  const types = queryRunner.connection.driver.mappedDataTypes;
  return {
    name,
    type: String(types.createDate),
    precision: types.createDatePrecision,
    default: types.createDateDefault,
  };
}

/** The update timestamp in the form TypeORM's @UpdateDateColumn expects on this connection. */
export function updatedAt(queryRunner: QueryRunner, name = 'updated_at'): TableColumnOptions {
  const types = queryRunner.connection.driver.mappedDataTypes;
  const mysql = queryRunner.connection.driver.options.type !== 'better-sqlite3';
  return {
    name,
    type: String(types.updateDate),
    precision: types.updateDatePrecision,
    default: types.updateDateDefault,
    onUpdate: mysql ? types.updateDateDefault : undefined,
  };
}

export const fk = (
  columnName: string,
  referencedTableName: string,
  onDelete: 'RESTRICT' | 'CASCADE' | 'SET NULL' = 'RESTRICT',
): TableForeignKeyOptions => ({
  columnNames: [columnName],
  referencedTableName,
  referencedColumnNames: ['id'],
  onDelete,
  onUpdate: 'NO ACTION',
});

export const index = (columnNames: string[], isUnique = false): TableIndexOptions => ({ columnNames, isUnique });
