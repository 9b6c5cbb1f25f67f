import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/** When a session's owner last proved who they are (signing in, or confirming before a sensitive change). */
export class SessionReauthentication1764700000000 implements MigrationInterface {
  name = 'SessionReauthentication1764700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('sessions', new TableColumn({ name: 'reauthenticated_at', type: 'datetime', isNullable: true }));
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('sessions', 'reauthenticated_at');
  }
}
