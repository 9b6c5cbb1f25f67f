import type { DataSource, EntityManager } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import type { MailOutboxService } from '../mail/mail-outbox.service';
import type { PushOutboxService } from '../push/push-outbox.service';
import type { NotificationPreferencesService } from '../users/preferences/notification-preferences.service';
import { NotificationSenderService } from './notification-sender.service';

describe('NotificationSenderService', () => {
  it('writes a big batch a few hundred members per transaction, each member whole (e-mail and push together)', async () => {
    const transactions: { mails: number[]; pushes: number[] }[] = [];
    let current: { mails: number[]; pushes: number[] } | null = null;
    const dataSource = {
      transaction: async <T>(work: (manager: EntityManager) => Promise<T>) => {
        current = { mails: [], pushes: [] };
        transactions.push(current);
        return work({} as EntityManager);
      },
    } as unknown as DataSource;
    const outbox = {
      enqueueOnce: async (_: EntityManager, mails: { user_id: number }[]) => {
        current!.mails.push(...mails.map((mail) => mail.user_id));
        return { ids: mails.map((mail) => mail.user_id), skipped: 0 };
      },
    } as unknown as MailOutboxService;
    const pushOutbox = {
      enqueue: async (_: EntityManager, batch: { messages: { userId: number }[] }) => {
        current!.pushes.push(...batch.messages.map((entry) => entry.userId));
        return batch.messages.length;
      },
    } as unknown as PushOutboxService;
    // Member 3 turned these e-mails off.
    const preferences = { wanting: async (_kind: string, _channel: string, ids: number[]) => new Set(ids.filter((id) => id !== 3)) } as unknown as NotificationPreferencesService;
    const sender = new NotificationSenderService(dataSource, outbox, {} as AppConfig, preferences, pushOutbox);
    const ids = Array.from({ length: 1_201 }, (_, index) => index + 1);

    const tally = await sender.deliver({
      weekId: 1,
      kind: 'reminder-manual',
      round: 1,
      envelopes: ids.map((id) => ({ user: { id, email: `m${id}@pool.test`, name: `M${id}` }, message: { subject: 'Picks', template: 'pick-reminder', context: {} } })),
      push: {
        kind: 'reminder-manual',
        preference: 'reminders',
        weekId: 1,
        urgency: 'high',
        ttlSeconds: 60,
        messages: ids.map((userId) => ({ userId, message: { title: 'Picks', body: 'Pick', url: '/dashboard', tag: 'r' } })),
      },
    });

    expect(tally).toEqual({ sent_count: 1_200, failed_count: 0, skipped_count: 1, queued_count: 1_200 });
    expect(transactions.length).toBe(3);
    expect(transactions.every(({ pushes }) => pushes.length <= 500)).toBe(true);
    // Each member's e-mail and push are in the same transaction; every member is written once.
    for (const { mails, pushes } of transactions) expect(mails.every((id) => pushes.includes(id))).toBe(true);
    expect(transactions.flatMap(({ pushes }) => pushes).sort((a, b) => a - b)).toEqual(ids);
  });
});
