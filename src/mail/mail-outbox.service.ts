import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { EntityManager, In, Repository } from 'typeorm';
import { NotificationDelivery } from './entities/notification-delivery.entity';
import { MailSender } from './mail-sender.service';
import { MAIL_QUEUED, OutgoingMail } from './outgoing-mail';

/** Rows per insert statement of a batch (well under SQLite's limit of bound parameters). */
const INSERT_CHUNK = 100;

/** How a batch of the week's e-mails was taken: queued now, or left alone (sent already, or on its way). */
export interface QueuedTally {
  queued: number;
  skipped: number;
}

/**
 * Writes e-mails to the outbox, inside the caller's transaction: an e-mail exists exactly when the change that
 * causes it was committed. Nothing here talks to the mail server; MailSender delivers the rows after the commit.
 */
@Injectable()
export class MailOutbox {
  constructor(
    @InjectRepository(NotificationDelivery) private readonly deliveries: Repository<NotificationDelivery>,
    private readonly sender: MailSender,
  ) {}

  /** Queues e-mails that go out every time they are asked for (invitation, password reset, pick override). */
  async enqueue(manager: EntityManager, ...mails: OutgoingMail[]): Promise<void> {
    if (mails.length === 0) return;
    const now = new Date();
    await manager.insert(NotificationDelivery, mails.map((mail) => this.row(mail, now, null)));
    this.afterCommit(manager);
  }

  /**
   * Queues the week's e-mails (each with week, member, kind and round), each at most once: a member already sent
   * it, or with it queued or being sent, is skipped; one whose e-mail finally failed is queued again.
   */
  async enqueueOnce(manager: EntityManager, mails: OutgoingMail[]): Promise<QueuedTally> {
    if (mails.length === 0) return { queued: 0, skipped: 0 };
    const now = new Date();
    // Rows this call wrote carry its mark, so it can count them whichever other requests raced it.
    const batch = `batch:${randomUUID()}`;
    for (let start = 0; start < mails.length; start += INSERT_CHUNK) {
      const rows = mails.slice(start, start + INSERT_CHUNK).map((mail) => this.row(mail, now, batch));
      await manager.createQueryBuilder().insert().into(NotificationDelivery).orIgnore().values(rows).updateEntity(false).execute();
    }
    const { week_id, kind, round = 0 } = mails[0];
    const failed = await manager.find(NotificationDelivery, {
      select: { id: true, user_id: true },
      where: { week_id: week_id ?? undefined, kind, round, status: 'failed', user_id: In(mails.map((mail) => mail.user_id)) },
    });
    const byUser = new Map(mails.map((mail) => [mail.user_id, mail]));
    for (const row of failed) {
      const mail = byUser.get(row.user_id)!;
      await manager.update(
        NotificationDelivery,
        { id: row.id, status: 'failed' },
        { ...this.content(mail), status: 'queued', attempts: 0, next_attempt_at: now, claimed_by: batch },
      );
    }
    const queued = await manager.countBy(NotificationDelivery, { claimed_by: batch });
    if (queued > 0) this.afterCommit(manager);
    return { queued, skipped: mails.length - queued };
  }

  /** An admin's retry of an e-mail that finally failed: a fresh series of attempts, starting now. */
  async retry(id: number): Promise<NotificationDelivery> {
    const delivery = await this.deliveries.findOneBy({ id });
    if (!delivery) throw new NotFoundException('Delivery not found');
    if (delivery.status !== 'failed') throw new UnprocessableEntityException(`Only a failed e-mail can be retried (this one is ${delivery.status})`);
    if (!delivery.template || delivery.context === null) throw new UnprocessableEntityException('This e-mail was not stored and cannot be sent again');
    const requeued = await this.deliveries.update({ id, status: 'failed' }, { status: 'queued', attempts: 0, next_attempt_at: new Date(), claimed_by: null });
    if (!requeued.affected) throw new UnprocessableEntityException('This e-mail is being retried already');
    this.sender.poke();
    return this.deliveries.findOneOrFail({ where: { id }, relations: { user: true } });
  }

  /** The latest e-mail of each of these invitations. */
  async latestForInvitations(invitationIds: number[]): Promise<Map<number, NotificationDelivery>> {
    const latest = new Map<number, NotificationDelivery>();
    if (invitationIds.length === 0) return latest;
    const rows = await this.deliveries.find({
      select: { id: true, invitation_id: true, status: true, error: true, attempts: true, sent_at: true },
      where: { invitation_id: In(invitationIds) },
      order: { id: 'ASC' },
    });
    for (const row of rows) latest.set(row.invitation_id!, row);
    return latest;
  }

  private content(mail: OutgoingMail) {
    return { email: mail.email, template: mail.template, subject: mail.subject, context: JSON.stringify(mail.context) };
  }

  private row(mail: OutgoingMail, now: Date, batch: string | null): Partial<NotificationDelivery> {
    return {
      ...this.content(mail),
      kind: mail.kind,
      round: mail.round ?? 0,
      week_id: mail.week_id ?? null,
      user_id: mail.user_id ?? null,
      invitation_id: mail.invitation_id ?? null,
      status: 'queued',
      attempts: 0,
      next_attempt_at: now,
      claimed_by: batch,
      error: null,
    };
  }

  /** Nudges the sender once the e-mails are committed: at the caller's commit, or now when there is no transaction. */
  private afterCommit(manager: EntityManager): void {
    const runner = manager.queryRunner;
    if (runner?.isTransactionActive) runner.data = { ...runner.data, [MAIL_QUEUED]: true };
    else this.sender.poke();
  }
}
