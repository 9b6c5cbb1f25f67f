import { MigrationInterface, QueryRunner, Table, TableColumn } from 'typeorm';
import { fk, id, index, int, varchar } from './schema-helpers';

/**
 * Entry fees and payouts (docs/pool-formats.md#entry-fees-and-payouts): a season's fee, weekly amount and payout
 * table, and who paid their entry (tracking only; no payments are taken).
 */
export class EntryFees1764600007000 implements MigrationInterface {
  name = 'EntryFees1764600007000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('football_seasons', [
      new TableColumn(int('entry_fee_cents', { default: 0 })),
      new TableColumn(int('weekly_winner_cents', { default: 0 })),
      new TableColumn(varchar('payout_percentages', 255, { default: "''" })),
    ]);
    await queryRunner.createTable(
      new Table({
        name: 'entry_payments',
        columns: [
          id(),
          int('football_season_id'),
          int('user_id'),
          { name: 'paid_at', type: 'datetime' },
          int('marked_by_id', { isNullable: true }),
        ],
        indices: [index(['football_season_id', 'user_id'], true), index(['user_id'])],
        foreignKeys: [fk('football_season_id', 'football_seasons', 'CASCADE'), fk('user_id', 'users', 'CASCADE'), fk('marked_by_id', 'users', 'SET NULL')],
      }),
      false,
      true,
      true,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('entry_payments', true, true, true);
    for (const column of ['payout_percentages', 'weekly_winner_cents', 'entry_fee_cents']) await queryRunner.dropColumn('football_seasons', column);
  }
}
