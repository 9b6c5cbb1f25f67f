import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { createdAt, fk, id, index, int, varchar } from './schema-helpers';

/** Admins' second factors: the authenticator app (TOTP) of each, and their single-use recovery codes. */
export class SecondFactors1764800000000 implements MigrationInterface {
  name = 'SecondFactors1764800000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'totp_factors',
        columns: [
          int('user_id', { isPrimary: true }),
          varchar('secret_encrypted', 255),
          { name: 'confirmed_at', type: 'datetime', isNullable: true },
          { name: 'last_step', type: 'bigint', isNullable: true },
          createdAt(queryRunner),
        ],
        foreignKeys: [fk('user_id', 'users', 'CASCADE')],
      }),
      false,
      true,
      true,
    );
    await queryRunner.createTable(
      new Table({
        name: 'recovery_codes',
        columns: [id(), int('user_id'), varchar('code_hash', 128), { name: 'used_at', type: 'datetime', isNullable: true }, createdAt(queryRunner)],
        indices: [index(['user_id'])],
        foreignKeys: [fk('user_id', 'users', 'CASCADE')],
      }),
      false,
      true,
      true,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('recovery_codes', true, true, true);
    await queryRunner.dropTable('totp_factors', true, true, true);
  }
}
