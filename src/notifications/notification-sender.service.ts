import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { MailOutboxService, QueuedTally } from '../mail/mail-outbox.service';
import { MailMessage } from '../mail/mail.service';
import type { PushBatch } from '../push/push-message';
import { PushOutboxService } from '../push/push-outbox.service';
import type { User } from '../users/entities/user.entity';
import { kindOfEmail } from '../users/preferences/notification-kinds';
import { NotificationPreferencesService } from '../users/preferences/notification-preferences.service';
import { SendResultDto } from './dto/weekly-preview.dto';

/** Members per transaction of a batch (e-mails and push messages together). */
const QUEUE_CHUNK = 500;

/** One member's e-mail of a batch. */
export interface Envelope {
  user: Pick<User, 'id' | 'email' | 'name'>;
  message: Omit<MailMessage, 'to'>;
}

export interface DeliveryBatch {
  weekId: number;
  kind: string;
  /** 0 for e-mails that go out once per (week, member, kind). */
  round?: number;
  envelopes: Envelope[];
  /** The batch's push notifications, queued in the same transaction to the members who want them on push. */
  push?: PushBatch;
}

/**
 * What a scheduled batch (reminders, picks sheet) did. It does not wait for the mail server, so the counts say what
 * was accepted for delivery: each e-mail's outcome shows in the delivery log.
 */
export interface DeliveryTally {
  /** E-mails accepted for delivery by this call (the same as queued_count). */
  sent_count: number;
  /** E-mails that could not be accepted for delivery (always 0: a fault answers an error instead of a tally). */
  failed_count: number;
  /** Members already sent this e-mail, or with it queued or being sent (not queued again), or who turned it off. */
  skipped_count: number;
  /** E-mails accepted for delivery by this call: new ones, and earlier failures queued again. */
  queued_count: number;
}

/**
 * Queues a batch of a week's e-mails (weekly e-mail, reminders, picks sheet) and its push messages, each at most once
 * per (week, member, kind, round); MailSenderService and PushSenderService deliver them in the background. The batch is written
 * QUEUE_CHUNK members per transaction, so a pool of thousands never holds the database's write lock long enough to
 * stall a member's pick save; after a fault, asking again queues only what is missing.
 */
@Injectable()
export class NotificationSenderService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: MailOutboxService,
    private readonly config: AppConfig,
    private readonly preferences: NotificationPreferencesService,
    private readonly pushOutbox: PushOutboxService,
  ) {}

  /** A scheduled batch: queued, and answered without waiting for the mail server. */
  async deliver(batch: DeliveryBatch): Promise<DeliveryTally> {
    const { ids, skipped } = await this.queue(batch);
    return { sent_count: ids.length, failed_count: 0, skipped_count: skipped, queued_count: ids.length };
  }

  /**
   * An admin's batch: queued, then counted once each e-mail's first attempt ended, or MAIL_SEND_WAIT passed (the
   * wait holds no transaction). Delivered e-mails are sent, those the mail server refused for good failed, and the
   * rest (not yet tried, still being sent, or waiting for a retry) queued: never more than happened.
   */
  async deliverAndCount(batch: DeliveryBatch): Promise<SendResultDto> {
    const { ids, skipped } = await this.queue(batch);
    const { sent, failed, queued } = await this.outbox.firstAttempts(ids, this.config.mailSendWaitMs);
    return { sent_count: sent, failed_count: failed, skipped_count: skipped, queued_count: queued };
  }

  /**
   * Queues the batch's e-mails to the members who want this kind by e-mail (docs/member-pages.md#notification-preferences),
   * and its push messages in the same transaction; those who turned the e-mail off count as skipped.
   */
  private async queue({ weekId, kind, round = 0, envelopes, push }: DeliveryBatch): Promise<QueuedTally> {
    const preference = kindOfEmail(kind);
    const wanting = preference ? await this.preferences.wanting(preference, 'email', envelopes.map(({ user }) => user.id)) : null;
    const wanted = wanting ? envelopes.filter(({ user }) => wanting.has(user.id)) : envelopes;
    const mails = wanted.map(({ user, message }) => ({ ...message, kind, round, week_id: weekId, user_id: user.id, email: user.email }));
    const members = [...new Set([...mails.map((mail) => mail.user_id), ...(push?.messages.map((entry) => entry.userId) ?? [])])];
    const queued: QueuedTally = { ids: [], skipped: 0 };
    for (let start = 0; start < members.length; start += QUEUE_CHUNK) {
      const chunk = new Set(members.slice(start, start + QUEUE_CHUNK));
      const tally = await this.dataSource.transaction(async (manager) => {
        const written = await this.outbox.enqueueOnce(manager, mails.filter((mail) => chunk.has(mail.user_id)));
        if (push) await this.pushOutbox.enqueue(manager, { ...push, messages: push.messages.filter((entry) => chunk.has(entry.userId)) });
        return written;
      });
      queued.ids.push(...tally.ids);
      queued.skipped += tally.skipped;
    }
    return { ...queued, skipped: queued.skipped + envelopes.length - wanted.length };
  }
}
