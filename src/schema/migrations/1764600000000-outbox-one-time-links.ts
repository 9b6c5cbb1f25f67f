import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Outbox messages are sealed from now on (mail/message-seal.ts), and a one-time link's message is deleted once its
 * e-mail failed for good. Rows written before that hold their context in plain JSON: the sender still reads them, so
 * waiting e-mails go out, but the invitation and reset links of e-mails that already failed for good are deleted
 * here rather than kept in plain text forever (a resent invitation or a new reset replaces them).
 */
export class OutboxOneTimeLinks1764600000000 implements MigrationInterface {
  name = 'OutboxOneTimeLinks1764600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      "UPDATE notification_deliveries SET context = NULL WHERE status = 'failed' AND kind IN ('invitation', 'password-reset') AND context IS NOT NULL",
    );
  }

  /** The deleted links are gone for good; nothing to put back. */
  public async down(): Promise<void> {}
}
