import { MigrationInterface, QueryRunner, TableColumn, TableForeignKey, TableIndex } from 'typeorm';
import { createdAt, fk, index, int, varchar } from './schema-helpers';

const TABLE = 'notification_deliveries';

/**
 * Every e-mail becomes a row of the delivery log, written with its cause and sent in the background: rows without
 * a week or member (invitations), what to render (template, subject, context), the queue's schedule and claim.
 */
export class MailOutbox1764000000000 implements MigrationInterface {
  name = 'MailOutbox1764000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns(TABLE, [
      new TableColumn(int('invitation_id', { isNullable: true })),
      new TableColumn(varchar('template', 64, { isNullable: true })),
      new TableColumn(varchar('subject', 255, { isNullable: true })),
      new TableColumn({ name: 'context', type: 'text', isNullable: true }),
      new TableColumn({ name: 'next_attempt_at', type: 'datetime', isNullable: true }),
      new TableColumn(varchar('claimed_by', 64, { isNullable: true })),
      new TableColumn(createdAt(queryRunner)),
    ]);
    await queryRunner.changeColumns(TABLE, [
      { oldColumn: new TableColumn(int('week_id')), newColumn: new TableColumn(int('week_id', { isNullable: true })) },
      { oldColumn: new TableColumn(int('user_id')), newColumn: new TableColumn(int('user_id', { isNullable: true })) },
      { oldColumn: new TableColumn(int('attempts', { default: 1 })), newColumn: new TableColumn(int('attempts', { default: 0 })) },
      {
        oldColumn: new TableColumn({ name: 'first_attempt_at', type: 'datetime' }),
        newColumn: new TableColumn({ name: 'first_attempt_at', type: 'datetime', isNullable: true }),
      },
      {
        oldColumn: new TableColumn({ name: 'last_attempt_at', type: 'datetime' }),
        newColumn: new TableColumn({ name: 'last_attempt_at', type: 'datetime', isNullable: true }),
      },
    ]);
    await queryRunner.createForeignKey(TABLE, new TableForeignKey(fk('invitation_id', 'invitations', 'CASCADE')));
    await queryRunner.createIndex(TABLE, new TableIndex(index(['invitation_id'])));
    await queryRunner.createIndex(TABLE, new TableIndex(index(['status', 'next_attempt_at'])));
    // Rows of the old ledger: their creation is their first attempt; one left "sending" cannot be rendered again.
    await queryRunner.query(`UPDATE ${TABLE} SET created_at = first_attempt_at`);
    await queryRunner.query(`UPDATE ${TABLE} SET status = 'failed', error = 'Interrupted while sending' WHERE status = 'sending'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    // Rows the old ledger cannot hold (no week or member) go; unsent ones become failed attempts.
    await queryRunner.query(`DELETE FROM ${TABLE} WHERE week_id IS NULL OR user_id IS NULL`);
    await queryRunner.query(`UPDATE ${TABLE} SET first_attempt_at = created_at WHERE first_attempt_at IS NULL`);
    await queryRunner.query(`UPDATE ${TABLE} SET last_attempt_at = created_at WHERE last_attempt_at IS NULL`);
    await queryRunner.query(`UPDATE ${TABLE} SET status = 'failed' WHERE status IN ('queued', 'sending')`);
    // The foreign key first: MySQL/MariaDB keep the index while a foreign key needs it.
    const foreignKey = (await queryRunner.getTable(TABLE))!.foreignKeys.find((candidate) => candidate.columnNames.includes('invitation_id'));
    if (foreignKey) await queryRunner.dropForeignKey(TABLE, foreignKey);
    const table = (await queryRunner.getTable(TABLE))!;
    for (const name of [['status', 'next_attempt_at'], ['invitation_id']]) {
      const found = table.indices.find((candidate) => candidate.columnNames.join() === name.join());
      if (found) await queryRunner.dropIndex(TABLE, found);
    }
    await queryRunner.changeColumns(TABLE, [
      { oldColumn: new TableColumn(int('week_id', { isNullable: true })), newColumn: new TableColumn(int('week_id')) },
      { oldColumn: new TableColumn(int('user_id', { isNullable: true })), newColumn: new TableColumn(int('user_id')) },
      { oldColumn: new TableColumn(int('attempts', { default: 0 })), newColumn: new TableColumn(int('attempts', { default: 1 })) },
      {
        oldColumn: new TableColumn({ name: 'first_attempt_at', type: 'datetime', isNullable: true }),
        newColumn: new TableColumn({ name: 'first_attempt_at', type: 'datetime' }),
      },
      {
        oldColumn: new TableColumn({ name: 'last_attempt_at', type: 'datetime', isNullable: true }),
        newColumn: new TableColumn({ name: 'last_attempt_at', type: 'datetime' }),
      },
    ]);
    for (const column of ['created_at', 'claimed_by', 'next_attempt_at', 'context', 'subject', 'template', 'invitation_id']) {
      await queryRunner.dropColumn(TABLE, column);
    }
  }
}
