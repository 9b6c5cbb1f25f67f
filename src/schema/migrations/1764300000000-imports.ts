import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { createdAt, fk, id, index, int, varchar } from './schema-helpers';

/**
 * Imports from the data providers (docs/imports.md): the ids each provider gives a team, once matched; a team's
 * alternate names and classification; where a game came from and where its line was taken; the score sync's flag on
 * a game not final long after kickoff; and each import and score sync, previewed and applied.
 */
export class Imports1764300000000 implements MigrationInterface {
  name = 'Imports1764300000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('teams', [
      new TableColumn({ name: 'alternate_names', type: 'text', isNullable: true }),
      new TableColumn(varchar('classification', 8, { isNullable: true })),
    ]);
    await queryRunner.addColumns('games', [
      new TableColumn(varchar('provider', 16, { isNullable: true })),
      new TableColumn(varchar('external_id', 64, { isNullable: true })),
      new TableColumn(varchar('line_source', 64, { isNullable: true })),
      new TableColumn({ name: 'line_taken_at', type: 'datetime', isNullable: true }),
      new TableColumn(varchar('sync_flag', 255, { isNullable: true })),
      new TableColumn({ name: 'sync_flagged_at', type: 'datetime', isNullable: true }),
    ]);
    await queryRunner.createIndex('games', new TableIndex(index(['provider', 'external_id'], true)));
    await queryRunner.createTable(
      new Table({
        name: 'team_provider_ids',
        columns: [id(), int('team_id'), varchar('provider', 16), varchar('external_id', 100), varchar('external_name', 100), createdAt(queryRunner)],
        indices: [index(['provider', 'external_id'], true), index(['team_id'])],
        foreignKeys: [fk('team_id', 'teams', 'CASCADE')],
      }),
      false,
      true,
      true,
    );
    await queryRunner.createTable(
      new Table({
        name: 'provider_imports',
        columns: [
          id(),
          varchar('kind', 16),
          varchar('provider', 16),
          varchar('status', 16),
          // Kept without foreign keys, like game_audits: the record outlives a deleted week or season.
          int('football_season_id', { isNullable: true }),
          int('week_id', { isNullable: true }),
          int('created_by', { isNullable: true }),
          createdAt(queryRunner),
          { name: 'applied_at', type: 'datetime', isNullable: true },
          // gzip + base64 of the fetched games (docs/imports.md): a TEXT column holds any week.
          { name: 'payload', type: 'text', isNullable: true },
          { name: 'summary', type: 'text', isNullable: true },
        ],
        indices: [index(['week_id']), index(['kind', 'created_at'])],
        foreignKeys: [fk('created_by', 'users', 'SET NULL')],
      }),
      false,
      true,
      true,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('provider_imports', true, true, true);
    await queryRunner.dropTable('team_provider_ids', true, true, true);
    const found = (await queryRunner.getTable('games'))!.indices.find((candidate) => candidate.columnNames.join() === 'provider,external_id');
    if (found) await queryRunner.dropIndex('games', found);
    for (const column of ['sync_flagged_at', 'sync_flag', 'line_taken_at', 'line_source', 'external_id', 'provider']) await queryRunner.dropColumn('games', column);
    for (const column of ['classification', 'alternate_names']) await queryRunner.dropColumn('teams', column);
  }
}
