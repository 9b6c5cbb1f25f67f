import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, In, Repository } from 'typeorm';
import { ListPage, ListParams, orderOf } from '../common/list/list-query';
import { DeliveryFilterDto } from './dto/delivery-filter.dto';
import { NotificationDelivery } from './entities/notification-delivery.entity';
import { WriteGate } from '../database/write-gate';

/** Identifies one e-mail: the week, the member, what kind of e-mail, and the round (0 unless it may repeat). */
export interface DeliveryKey {
  week_id: number;
  user_id: number;
  kind: string;
  round: number;
}

/**
 * A claim still "sending" after this long belongs to an instance that died mid-send; another may retry it. (It
 * may then go out twice, if the mail server had accepted it before the instance died: the one case we accept.)
 */
export const STALE_SENDING_MS = 10 * 60 * 1000;
const ERROR_MAX_LENGTH = 500;

/** The record of every e-mail of a week, and the claim that lets exactly one sender send each. */
@Injectable()
export class DeliveryLedger {
  constructor(
    @InjectRepository(NotificationDelivery) private readonly deliveries: Repository<NotificationDelivery>,
    private readonly gate: WriteGate,
  ) {}

  /**
   * Claims the right to send one e-mail: a new row, or a row whose last attempt failed (or went stale). Null when
   * it was delivered already or another sender holds it right now.
   *
   * Two single statements, no transaction (on SQLite no lock is held between them, so app instances sharing the
   * file never wait on each other): the row is inserted unless it exists (unclaimed: 0 attempts), then taken by a
   * conditional update that exactly one sender can win.
   */
  async claim(key: DeliveryKey, email: string, now: Date): Promise<number | null> {
    await this.gate.run(() =>
      this.deliveries
        .createQueryBuilder()
        .insert()
        .orIgnore()
        .values({ ...key, email, status: 'sending', attempts: 0, error: null, first_attempt_at: now, last_attempt_at: now, sent_at: null })
        .execute(),
    );
    const stale = new Date(now.getTime() - STALE_SENDING_MS);
    const taken = await this.gate.run(() =>
      this.deliveries
        .createQueryBuilder()
        .update()
        .set({ status: 'sending', attempts: () => 'attempts + 1', email, error: null, last_attempt_at: now })
        .where(key)
        .andWhere(
          new Brackets((qb) =>
            qb
              .where("status = 'sending' AND attempts = 0")
              .orWhere("status = 'failed'")
              .orWhere("status = 'sending' AND last_attempt_at < :stale", { stale }),
          ),
        )
        .execute(),
    );
    if (!taken.affected) return null;
    return (await this.deliveries.findOneOrFail({ where: key, select: { id: true } })).id;
  }

  markSent(id: number, now: Date): Promise<unknown> {
    return this.gate.run(() => this.deliveries.update(id, { status: 'sent', sent_at: now, error: null }));
  }

  markFailed(id: number, reason: string, now: Date): Promise<unknown> {
    return this.gate.run(() => this.deliveries.update(id, { status: 'failed', error: reason.slice(0, ERROR_MAX_LENGTH), last_attempt_at: now }));
  }

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
    const { week_id, user_id, kind, status } = list.filter;
    const [items, total] = await this.deliveries.findAndCount({
      where: {
        ...(week_id ? { week_id } : {}),
        ...(user_id ? { user_id } : {}),
        ...(kind ? { kind } : {}),
        ...(status ? { status } : {}),
        ...(list.ids ? { id: In(list.ids) } : {}),
      },
      relations: { user: true },
      order: orderOf(list, ['kind', 'status', 'email', 'attempts', 'first_attempt_at', 'last_attempt_at', 'sent_at', 'user.name'], {
        last_attempt_at: 'DESC',
        id: 'DESC',
      }),
      skip: list.skip,
      take: list.take,
    });
    return { items, total };
  }
}
