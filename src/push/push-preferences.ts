import type { EntityManager } from 'typeorm';
import type { NotificationKind } from './push-message';

/**
 * Which members asked for a kind of notification on the push channel (push is off until a member ticks it). The
 * push outbox asks it inside the transaction that queues the messages.
 */
export abstract class PushPreferences {
  abstract membersWantingPush(manager: EntityManager, kind: NotificationKind, userIds: number[]): Promise<Set<number>>;
}
