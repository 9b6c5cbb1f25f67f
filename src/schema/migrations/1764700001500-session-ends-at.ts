import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * When a session ends however much it is used (`ends_at`), beside when it ends unless used again (`expires_at`,
 * moved on by each use of a "Stay signed in" session). Sessions started before it end as they did: at expires_at.
 */
export class SessionEndsAt1764700001500 implements MigrationInterface {
  name = 'SessionEndsAt1764700001500';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('sessions', new TableColumn({ name: 'ends_at', type: 'datetime', isNullable: true }));
    await queryRunner.query('UPDATE sessions SET ends_at = expires_at');
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('sessions', 'ends_at');
  }
}
