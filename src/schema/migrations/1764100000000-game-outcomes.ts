import { MigrationInterface, QueryRunner, Table, TableColumn } from 'typeorm';
import { bool, createdAt, fk, id, index, int, varchar } from './schema-helpers';

/**
 * A game's winner follows its score unless the admin awards it as a forfeit (with a reason), and every change of a
 * game's outcome is kept: who made it, when, and the outcome before and after.
 */
export class GameOutcomes1764100000000 implements MigrationInterface {
  name = 'GameOutcomes1764100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('games', [
      new TableColumn(bool('forfeit', { default: 0 })),
      new TableColumn(varchar('forfeit_reason', 255, { isNullable: true })),
    ]);
    await queryRunner.createTable(
      new Table({
        name: 'game_audits',
        columns: [
          id(),
          int('game_id'),
          int('admin_id', { isNullable: true }),
          varchar('action', 16),
          { name: 'previous_value', type: 'text', isNullable: true },
          { name: 'new_value', type: 'text' },
          createdAt(queryRunner),
        ],
        indices: [index(['game_id'])],
        foreignKeys: [fk('admin_id', 'users', 'SET NULL')],
      }),
      false,
      true,
      true,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('game_audits', true, true, true);
    await queryRunner.dropColumn('games', 'forfeit_reason');
    await queryRunner.dropColumn('games', 'forfeit');
  }
}
