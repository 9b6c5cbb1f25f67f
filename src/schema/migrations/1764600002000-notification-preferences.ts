import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { bool, fk, id, index, int, varchar } from './schema-helpers';

/**
 * Each member's notification choices per kind and channel (docs/member-pages.md#notification-preferences): a row
 * only once a member changed something, a NULL channel following its default.
 */
export class NotificationPreferences1764600002000 implements MigrationInterface {
  name = 'NotificationPreferences1764600002000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'notification_preferences',
        columns: [id(), int('user_id'), varchar('kind', 32), bool('email', { isNullable: true }), bool('push', { isNullable: true })],
        indices: [index(['user_id', 'kind'], true)],
        foreignKeys: [fk('user_id', 'users', 'CASCADE')],
      }),
      false,
      true,
      true,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('notification_preferences', true, true, true);
  }
}
