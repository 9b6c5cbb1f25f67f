import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { bool, createdAt, fk, id, index, int, varchar } from './schema-helpers';

/** Passkeys (WebAuthn credentials) and the challenges handed out for them (docs/decisions.md, "Passkeys"). */
export class Passkeys1764700004000 implements MigrationInterface {
  name = 'Passkeys1764700004000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'passkeys',
        columns: [
          id(),
          int('user_id'),
          varchar('credential_id', 255),
          { name: 'public_key', type: 'text' },
          { name: 'counter', type: 'bigint' },
          varchar('transports', 255, { default: "''" }),
          varchar('name', 100),
          bool('backed_up', { default: 0 }),
          createdAt(queryRunner),
          { name: 'last_used_at', type: 'datetime', isNullable: true },
        ],
        indices: [index(['credential_id'], true), index(['user_id'])],
        foreignKeys: [fk('user_id', 'users', 'CASCADE')],
      }),
      false,
      true,
      true,
    );
    await queryRunner.createTable(
      new Table({
        name: 'webauthn_challenges',
        columns: [id(), varchar('challenge', 64), varchar('purpose', 16), varchar('session_id', 32, { isNullable: true }), { name: 'expires_at', type: 'datetime' }],
        indices: [index(['challenge'], true), index(['expires_at'])],
      }),
      false,
      true,
      true,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('webauthn_challenges', true, true, true);
    await queryRunner.dropTable('passkeys', true, true, true);
  }
}
