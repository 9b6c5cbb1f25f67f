import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { PushSubscription } from './entities/push-subscription.entity';
import { PushDelivery } from './entities/push-delivery.entity';
import { PushBatch, PUSH_QUEUED } from './push-message';
import { NotificationPreferencesService } from '../users/preferences/notification-preferences.service';
import { PushSenderService } from './push-sender.service';

/** Rows per insert statement (well under SQLite's limit of bound parameters). */
const INSERT_CHUNK = 100;
/** Members per IN (...) list. */
const READ_CHUNK = 500;

/**
 * Writes push messages to the push outbox inside the caller's transaction, one row per device of each member who
 * wants that kind on push: a message exists exactly when its cause was committed. Nothing here talks to a push
 * service; PushSenderService delivers the rows after the commit.
 */
@Injectable()
export class PushOutboxService {
  constructor(
    private readonly preferences: NotificationPreferencesService,
    private readonly sender: PushSenderService,
  ) {}

  /** Queues the batch; a device that has (or had) this week's message already is left alone. Returns the rows written. */
  async enqueue(manager: EntityManager, batch: PushBatch): Promise<number> {
    if (batch.messages.length === 0) return 0;
    const byUser = new Map(batch.messages.map((entry) => [entry.userId, entry]));
    // Push is off until a member turns a kind on (docs/member-pages.md#notification-preferences).
    const wanting = await this.preferences.wanting(batch.preference, 'push', byUser.keys(), manager);
    if (wanting.size === 0) return 0;
    const devices: Pick<PushSubscription, 'id' | 'user_id'>[] = [];
    const members = [...wanting];
    for (let start = 0; start < members.length; start += READ_CHUNK) {
      devices.push(...(await manager.find(PushSubscription, { select: { id: true, user_id: true }, where: { user_id: In(members.slice(start, start + READ_CHUNK)) } })));
    }
    if (devices.length === 0) return 0;
    const now = new Date();
    const rows = devices.map(
      (device): Partial<PushDelivery> => ({
        user_id: device.user_id,
        subscription_id: device.id,
        week_id: batch.weekId,
        kind: batch.kind,
        round: batch.round ?? 0,
        payload: JSON.stringify(byUser.get(device.user_id)!.message),
        ttl: batch.ttlSeconds,
        urgency: batch.urgency,
        expires_at: byUser.get(device.user_id)!.expiresAt ?? batch.expiresAt ?? null,
        status: 'queued',
        attempts: 0,
        next_attempt_at: now,
      }),
    );
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      // Rows the unique (member, kind, week, round, device) key holds already are skipped: sent once, across instances.
      await manager.createQueryBuilder().insert().into(PushDelivery).orIgnore().values(rows.slice(start, start + INSERT_CHUNK)).updateEntity(false).execute();
    }
    const runner = manager.queryRunner;
    if (runner?.isTransactionActive) runner.data = { ...runner.data, [PUSH_QUEUED]: true };
    else this.sender.poke();
    return rows.length;
  }
}
