import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { id, index, int, varchar } from './schema-helpers';

/**
 * Runs of the daily upkeep jobs (pruning the security log, backing up the embedded database). They belong to no
 * week, so job_runs (keyed by week) cannot hold them; the unique (job, slot) key is their claim in the same way.
 */
export class MaintenanceRuns1764250000000 implements MigrationInterface {
  name = 'MaintenanceRuns1764250000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'maintenance_runs',
        columns: [
          id(),
          varchar('job', 40),
          varchar('slot', 32),
          varchar('status', 16),
          int('attempts', { default: 0 }),
          varchar('instance', 64),
          { name: 'started_at', type: 'datetime' },
          { name: 'lease_expires_at', type: 'datetime' },
          { name: 'finished_at', type: 'datetime', isNullable: true },
          varchar('message', 500, { isNullable: true }),
        ],
        indices: [index(['job', 'slot'], true)],
      }),
      false,
      true,
      true,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('maintenance_runs', true, true, true);
  }
}
