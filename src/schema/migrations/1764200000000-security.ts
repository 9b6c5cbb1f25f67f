import { MigrationInterface, QueryRunner, Table, TableColumn } from 'typeorm';
import { createdAt, fk, id, index, int, varchar } from './schema-helpers';

/**
 * Security: throttle counters shared by every instance, server-side sessions (logout revokes them), the security
 * log, and games whose revealed picks stay locked when their kickoff moves.
 */
export class Security1764200000000 implements MigrationInterface {
  name = 'Security1764200000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'throttles',
        columns: [
          varchar('key', 191, { isPrimary: true }),
          int('points'),
          { name: 'expires_at', type: 'bigint', isNullable: true },
        ],
      }),
      false,
      true,
      true,
    );
    await queryRunner.createTable(
      new Table({
        name: 'sessions',
        columns: [
          id(),
          varchar('public_id', 32),
          int('user_id'),
          varchar('user_agent', 255, { isNullable: true }),
          varchar('ip', 64, { isNullable: true }),
          createdAt(queryRunner),
          { name: 'last_seen_at', type: 'datetime' },
          { name: 'expires_at', type: 'datetime' },
          { name: 'revoked_at', type: 'datetime', isNullable: true },
        ],
        indices: [index(['public_id'], true), index(['user_id'])],
        foreignKeys: [fk('user_id', 'users', 'CASCADE')],
      }),
      false,
      true,
      true,
    );
    await queryRunner.createTable(
      new Table({
        name: 'security_events',
        columns: [
          id(),
          varchar('type', 32),
          int('user_id', { isNullable: true }),
          int('actor_id', { isNullable: true }),
          varchar('email', 255, { isNullable: true }),
          varchar('ip', 64, { isNullable: true }),
          varchar('details', 500, { isNullable: true }),
          createdAt(queryRunner),
        ],
        indices: [index(['created_at']), index(['type', 'created_at']), index(['user_id', 'created_at'])],
      }),
      false,
      true,
      true,
    );
    await queryRunner.addColumn('games', new TableColumn({ name: 'picks_locked_at', type: 'datetime', isNullable: true }));
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('games', 'picks_locked_at');
    await queryRunner.dropTable('security_events', true, true, true);
    await queryRunner.dropTable('sessions', true, true, true);
    await queryRunner.dropTable('throttles', true, true, true);
  }
}
