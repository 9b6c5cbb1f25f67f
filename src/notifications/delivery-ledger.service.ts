import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { ListPage, ListParams, orderOf } from '../common/list/list-query';
import { MailOutbox } from '../mail/mail-outbox.service';
import { DeliveryFilterDto } from './dto/delivery-filter.dto';
import { NotificationDelivery } from '../mail/entities/notification-delivery.entity';

/** The delivery log: every e-mail of the pool with its status, and the admin's retry of a failed one. */
@Injectable()
export class DeliveryLedger {
  constructor(
    @InjectRepository(NotificationDelivery) private readonly deliveries: Repository<NotificationDelivery>,
    private readonly outbox: MailOutbox,
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
