import { FindOptionsWhere, In } from 'typeorm';
import { NotificationDelivery } from '../../src/mail/entities/notification-delivery.entity';
import type { TestApp } from './test-app';

/**
 * Waits until every e-mail matching `where` has been delivered or has failed for good (the outbox sends in the
 * background, right after the commit that queued it), and returns those rows oldest first.
 */
export async function settledDeliveries(
  t: TestApp,
  where: FindOptionsWhere<NotificationDelivery> = {},
  timeoutMs = 10_000,
  /** Also waits for this many matching rows to exist (an e-mail queued after the answer, as a reset link is). */
  atLeast = 0,
): Promise<NotificationDelivery[]> {
  const repository = t.dataSource.getRepository(NotificationDelivery);
  const deadline = Date.now() + timeoutMs;
  // Counted first: a row queued between the two reads is then seen as unsettled, not missed by the first and counted by the second.
  while ((atLeast > 0 && (await repository.countBy(where)) < atLeast) || (await repository.existsBy({ ...where, status: In(['queued', 'sending']) }))) {
    if (Date.now() > deadline) throw new Error(`E-mails not queued and settled after ${timeoutMs} ms: ${JSON.stringify(where)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return repository.find({ where, order: { id: 'ASC' } });
}
