import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { fk, id, index, int, varchar } from './schema-helpers';

/** Weekly e-mails and scheduled jobs: one row per e-mail delivery, one per claimed job run. */
export class Notifications1763900000000 implements MigrationInterface {
  name = 'Notifications1763900000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    const create = (table: ConstructorParameters<typeof Table>[0]) => queryRunner.createTable(new Table(table), false, true, true);

    await create({
      name: 'notification_deliveries',
      columns: [
        id(),
        int('week_id'),
        int('user_id'),
        varchar('kind', 32),
        int('round', { default: 0 }),
        varchar('email', 255),
        varchar('status', 16),
        int('attempts', { default: 1 }),
        varchar('error', 500, { isNullable: true }),
        { name: 'first_attempt_at', type: 'datetime' },
        { name: 'last_attempt_at', type: 'datetime' },
        { name: 'sent_at', type: 'datetime', isNullable: true },
      ],
      indices: [index(['week_id', 'user_id', 'kind', 'round'], true), index(['user_id'])],
      foreignKeys: [fk('week_id', 'weeks', 'CASCADE'), fk('user_id', 'users', 'CASCADE')],
    });
    await create({
      name: 'job_runs',
      columns: [
        id(),
        varchar('job', 40),
        int('week_id'),
        varchar('slot', 16),
        varchar('status', 16),
        int('attempts', { default: 1 }),
        varchar('instance', 64),
        { name: 'due_at', type: 'datetime' },
        { name: 'started_at', type: 'datetime' },
        { name: 'lease_expires_at', type: 'datetime' },
        { name: 'finished_at', type: 'datetime', isNullable: true },
        int('sent_count', { default: 0 }),
        int('failed_count', { default: 0 }),
        varchar('message', 500, { isNullable: true }),
      ],
      indices: [index(['job', 'week_id', 'slot'], true), index(['week_id'])],
      foreignKeys: [fk('week_id', 'weeks', 'CASCADE')],
    });
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('job_runs', true, true, true);
    await queryRunner.dropTable('notification_deliveries', true, true, true);
  }
}
