import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { bool, fk, id, index, int } from './schema-helpers';

/**
 * When and how each week's results were last calculated (docs/admin-console.md#weekly-results): automatically or
 * by which admin. Weeks calculated before this table existed have no row; their time is read from weekly_results.
 */
export class ResultsCalculations1764600004200 implements MigrationInterface {
  name = 'ResultsCalculations1764600004200';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'results_calculations',
        columns: [
          id(),
          int('week_id'),
          { name: 'calculated_at', type: 'datetime' },
          bool('automatic', { default: 0 }),
          int('calculated_by_user_id', { isNullable: true }),
        ],
        indices: [index(['week_id'], true)],
        foreignKeys: [fk('week_id', 'weeks', 'CASCADE'), fk('calculated_by_user_id', 'users', 'SET NULL')],
      }),
      false,
      true,
      true,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('results_calculations', true, true, true);
  }
}
