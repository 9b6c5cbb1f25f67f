import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { EntityManager, In, Repository } from 'typeorm';
import { NotificationDelivery } from './entities/notification-delivery.entity';
import { AttemptOutcome, MailSenderService } from './mail-sender.service';
import { MessageSeal } from './message-seal';
import { MAIL_QUEUED, OutgoingMail } from './outgoing-mail';

/** Rows per insert statement of a batch (well under SQLite's limit of bound parameters). */
const INSERT_CHUNK = 100;

/** How a batch of the week's e-mails was taken: queued now, or left alone (sent already, or on its way). */
export interface QueuedTally {
  /** The rows this call queued. */
  ids: number[];
  skipped: number;
}

/** What became of a batch's e-mails by the time their first attempts ended, or the wait for them did. */
export interface AttemptTally {
  sent: number;
  failed: number;
  /** Not attempted yet, being sent, or waiting for a retry. */
  queued: number;
}

/**
 * Writes e-mails to the outbox, inside the caller's transaction: an e-mail exists exactly when the change that
 * causes it was committed. Nothing here talks to the mail server; MailSenderService delivers the rows after the commit.
 */
@Injectable()
export class MailOutboxService {
  constructor(
    @InjectRepository(NotificationDelivery) private readonly deliveries: Repository<NotificationDelivery>,
    private readonly sender: MailSenderService,
    private readonly seal: MessageSeal,
  ) {}

  /** Queues e-mails that go out every time they are asked for (invitation, password reset, pick override). */
  async enqueue(manager: EntityManager, ...mails: OutgoingMail[]): Promise<void> {
    if (mails.length === 0) return;
    await this.insertRows(manager, mails, null);
    this.afterCommit(manager);
  }

  /**
   * Queues the week's e-mails (each with week, member, kind and round), each at most once: a member already sent
   * it, or with it queued or being sent, is skipped; one whose e-mail finally failed is queued again.
   */
  async enqueueOnce(manager: EntityManager, mails: OutgoingMail[]): Promise<QueuedTally> {
    if (mails.length === 0) return { ids: [], skipped: 0 };
    const now = new Date();
    // Rows this call wrote carry its mark, so it can count them whichever other requests raced it.
    const batch = `batch:${randomUUID()}`;
    await this.insertRows(manager, mails, batch);
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
    const ids = (await manager.find(NotificationDelivery, { select: { id: true }, where: { claimed_by: batch } })).map((row) => row.id);
    if (ids.length > 0) this.afterCommit(manager);
    return { ids, skipped: mails.length - ids.length };
  }

  /**
   * Waits, at most `boundMs`, until each of these committed e-mails had its first attempt, and tells what became of
   * them. The wait holds no transaction and no lock: it listens to this instance's sender, and reads the rows once
   * for attempts that ended before it listened. An attempt by another instance is not heard of: its row is read when
   * the bound passes. Whatever is not known to be delivered or refused counts as queued.
   */
  async firstAttempts(ids: number[], boundMs: number): Promise<AttemptTally> {
    const pending = new Set(ids);
    const heard = new Map<number, AttemptOutcome>();
    let timer: NodeJS.Timeout | undefined;
    let stopListening = () => {};
    await new Promise<void>((resolve) => {
      const settle = (id: number, outcome: AttemptOutcome) => {
        if (!pending.delete(id)) return;
        heard.set(id, outcome);
        if (pending.size === 0) resolve();
      };
      stopListening = this.sender.onAttempt(settle);
      timer = setTimeout(resolve, boundMs);
      if (pending.size === 0) return resolve();
      void this.outcomesOf([...pending]).then(
        (rows) => rows.forEach(({ id, outcome }) => outcome && settle(id, outcome)),
        () => undefined,
      );
    });
    clearTimeout(timer);
    stopListening();
    const unheard = ids.filter((id) => !heard.has(id));
    // The batch is committed whatever this read does: when it fails, what was not heard of counts as queued.
    const read = unheard.length > 0 ? await this.outcomesOf(unheard).catch(() => []) : [];
    for (const { id, outcome } of read) if (outcome) heard.set(id, outcome);
    const tally: AttemptTally = { sent: 0, failed: 0, queued: 0 };
    for (const id of ids) tally[heard.get(id) ?? 'queued']++;
    return tally;
  }

  /** How the first attempt of each row ended, as the database has it; null while it has not ended yet. */
  private async outcomesOf(ids: number[]): Promise<{ id: number; outcome: AttemptOutcome | null }[]> {
    const rows = await this.deliveries.find({ select: { id: true, status: true, attempts: true }, where: { id: In(ids) } });
    return rows.map(({ id, status, attempts }) => ({
      id,
      outcome: status === 'sent' || status === 'failed' ? status : status === 'queued' && attempts > 0 ? 'queued' : null,
    }));
  }

  /** An admin's retry of an e-mail that finally failed: a fresh series of attempts, starting now. */
  async retry(id: number): Promise<NotificationDelivery> {
    const delivery = await this.deliveries.findOneBy({ id });
    if (!delivery) throw new NotFoundException('Delivery not found');
    if (delivery.status !== 'failed') throw new UnprocessableEntityException(`Only a failed e-mail can be retried (this one is ${delivery.status})`);
    if (!delivery.template) throw new UnprocessableEntityException('This e-mail was not stored and cannot be sent again');
    if (delivery.context === null) throw new UnprocessableEntityException('This e-mail carried a one-time link, deleted when it failed: send a new one instead');
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

  /**
   * Writes the e-mails as queued rows, INSERT_CHUNK to a statement and without reading them back (TypeORM's insert
   * would): a pasted list of invitations queues thousands. A batch's rows carry its mark, and one the week's unique key
   * already holds is left alone (enqueueOnce).
   */
  private async insertRows(manager: EntityManager, mails: OutgoingMail[], batch: string | null): Promise<void> {
    const now = new Date();
    for (let start = 0; start < mails.length; start += INSERT_CHUNK) {
      const rows = mails.slice(start, start + INSERT_CHUNK).map((mail) => this.row(mail, now, batch));
      const insert = manager.createQueryBuilder().insert().into(NotificationDelivery);
      await (batch === null ? insert : insert.orIgnore()).values(rows).updateEntity(false).execute();
    }
  }

  /** What the sender renders; the context sealed, as it may hold a link's secret token. */
  private content(mail: OutgoingMail) {
    const context = this.seal.seal({ context: mail.context, oneTimeLink: mail.oneTimeLink ?? false }, mail.email);
    return { email: mail.email, template: mail.template, subject: mail.subject, context };
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
