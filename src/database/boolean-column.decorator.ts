import { Column, ColumnOptions } from 'typeorm';

/**
 * A boolean column. MySQL and MariaDB store it as tinyint(1) and report that width back, so the width is declared
 * here too; otherwise TypeORM would see a schema change that is not there.
 */
export const BooleanColumn = (options: ColumnOptions = {}): PropertyDecorator =>
  Column({ type: 'boolean', width: 1, ...options });
