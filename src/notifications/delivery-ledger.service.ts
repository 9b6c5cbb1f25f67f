import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { ListPage, ListParams, orderOf } from '../common/list/list-query';
import { MailOutboxService } from '../mail/mail-outbox.service';
import { DeliveryFilterDto } from './dto/delivery-filter.dto';
import { WeeklySendDto } from './dto/weekly-send-status.dto';
import { NotificationDelivery } from '../mail/entities/notification-delivery.entity';

/** The delivery log: every e-mail of the pool with its status, and the admin's retry of a failed one. */
@Injectable()
export class DeliveryLedgerService {
  constructor(
    @InjectRepository(NotificationDelivery) private readonly deliveries: Repository<NotificationDelivery>,
    private readonly outbox: MailOutboxService,
  ) {}

  /** The next round of an e-mail that may repeat (manual reminders): one more than the week's last. */
  async nextRound(weekId: number, kind: string): Promise<number> {
    const row = await this.deliveries
      .createQueryBuilder('delivery')
      .select('MAX(delivery.round)', 'last')
      .where('delivery.week_id = :weekId AND delivery.kind = :kind', { weekId, kind })
      .getRawOne<{ last: number | string | null }>();
    return Number(row?.last ?? 0) + 1;
  }

  /**
   * The rounds of one e-mail of a week, newest first, each with its first queueing and its e-mails by status. Read as
   * rows (a week has one per member) so the instants come back as dates on every database.
   */
  async roundsOf(weekId: number, kind: string): Promise<{ sends: WeeklySendDto[]; lastSentAt: Date | null }> {
    const rows = await this.deliveries.find({ select: { round: true, status: true, created_at: true }, where: { week_id: weekId, kind } });
    const rounds = new Map<number, WeeklySendDto>();
    let lastSentAt: Date | null = null;
    for (const row of rows) {
      const send = rounds.get(row.round) ?? { round: row.round, sent_at: row.created_at, recipient_count: 0, delivered_count: 0, refused_count: 0, queued_count: 0 };
      rounds.set(row.round, send);
      if (row.created_at < send.sent_at) send.sent_at = row.created_at;
      if (!lastSentAt || row.created_at > lastSentAt) lastSentAt = row.created_at;
      send.recipient_count += 1;
      if (row.status === 'sent') send.delivered_count += 1;
      else if (row.status === 'failed') send.refused_count += 1;
      else send.queued_count += 1;
    }
    return { sends: [...rounds.values()].sort((a, b) => b.round - a.round), lastSentAt };
  }

  async findAll(list: ListParams<DeliveryFilterDto>): Promise<ListPage<NotificationDelivery>> {
    const { week_id, user_id, invitation_id, kind, status } = list.filter;
    const [items, total] = await this.deliveries.findAndCount({
      where: {
        ...(week_id ? { week_id } : {}),
        ...(user_id ? { user_id } : {}),
        ...(invitation_id ? { invitation_id } : {}),
        ...(kind ? { kind } : {}),
        ...(status ? { status } : {}),
        ...(list.ids ? { id: In(list.ids) } : {}),
      },
      relations: { user: true },
      order: orderOf(
        list,
        ['kind', 'status', 'email', 'attempts', 'created_at', 'first_attempt_at', 'last_attempt_at', 'sent_at', 'user.name'],
        { created_at: 'DESC', id: 'DESC' },
      ),
      skip: list.skip,
      take: list.take,
    });
    return { items, total };
  }

  /** Queues a failed e-mail again (a fresh series of attempts). */
  retry(id: number): Promise<NotificationDelivery> {
    return this.outbox.retry(id);
  }
}
