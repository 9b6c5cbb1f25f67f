import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MailOutboxService } from '../../src/mail/mail-outbox.service';
import { MailSenderService } from '../../src/mail/mail-sender.service';
import { parseListQuery } from '../../src/common/list/list-query';
import { DeliveryLedgerService } from '../../src/notifications/delivery-ledger.service';
import { DeliveryFilterDto } from '../../src/notifications/dto/delivery-filter.dto';
import { createWeek } from '../support/factories';
import { settledDeliveries } from '../support/outbox';
import { TestApp } from '../support/test-app';

/** The outbox and the delivery ledger on a real database, no HTTP: two instances' senders share one outbox. */
describe('Outbox and delivery ledger (services on the database)', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    first = await TestApp.start();
    second = await TestApp.startBeside(first);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  /** The .eml files both instances wrote (without SMTP_URL each sender writes to its DATA_DIR/outbox). */
  const written = (subject: string) =>
    [...new Set([first.config.dataDir, second.config.dataDir])]
      .flatMap((dir) => readdirSync(join(dir, 'outbox')).map((file) => join(dir, 'outbox', file)))
      .filter((file) => readFileSync(file, 'utf8').includes(subject)).length;

  it('queues each week e-mail once, and the two senders deliver each exactly once', async () => {
    const week = await createWeek(first.dataSource);
    const members = await Promise.all([1, 2, 3, 4, 5, 6].map(() => first.createUser()));
    const subject = `Ledger check ${week.id}`;
    const mails = members.map((member) => ({
      kind: 'reminder-manual',
      email: member.email,
      user_id: member.id,
      week_id: week.id,
      round: 1,
      template: 'password-reset',
      subject,
      context: { appName: 'Pool', email: member.email, link: 'http://pool.test/x', expiresAt: 'soon' },
    }));

    // Both instances queue the same batch (one after the other: two connections of one process cannot wait for each
    // other's SQLite lock): the ledger keeps one row per (week, member, kind, round).
    const tallies = [];
    for (const app of [first, second]) tallies.push(await app.dataSource.transaction((manager) => app.app.get(MailOutboxService).enqueueOnce(manager, mails)));
    expect(tallies.map(({ ids, skipped }) => [ids.length, skipped])).toEqual([
      [6, 0],
      [0, 6],
    ]);

    [first, second].forEach((app) => app.app.get(MailSenderService).poke());
    const rows = await settledDeliveries(first, { week_id: week.id });
    expect(rows.map((row) => [row.status, row.attempts])).toEqual(members.map(() => ['sent', 1]));
    expect(written(subject)).toBe(6);

    const log = await first.app.get(DeliveryLedgerService).findAll(parseListQuery({ week_id: String(week.id) }, DeliveryFilterDto));
    expect(log.total).toBe(6);
    expect(await first.app.get(DeliveryLedgerService).nextRound(week.id, 'reminder-manual')).toBe(2);
  });
});
