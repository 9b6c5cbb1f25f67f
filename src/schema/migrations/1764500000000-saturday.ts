import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { int, varchar } from './schema-helpers';

/** Saturday (docs/saturday.md): each member's deadline calendar feed, its version (rotation) and mode. */
export class Saturday1764500000000 implements MigrationInterface {
  name = 'Saturday1764500000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('users', [
      new TableColumn(int('calendar_feed_version', { default: 0 })),
      new TableColumn(varchar('calendar_feed_mode', 8, { default: "'games'" })),
    ]);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const column of ['calendar_feed_mode', 'calendar_feed_version']) await queryRunner.dropColumn('users', column);
  }
}
