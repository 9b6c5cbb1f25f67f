import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MailOutbox } from '../mail/mail-outbox.service';
import { MailMessage } from '../mail/mail.service';
import type { User } from '../users/entities/user.entity';

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
}

/**
 * What a batch did. Delivery happens in the background, so the counts say what was accepted for delivery, not
 * what the mail server took: each e-mail's outcome shows in the delivery log.
 */
export interface DeliveryTally {
  /** E-mails accepted for delivery by this call (the same as queued_count). */
  sent_count: number;
  /** E-mails that could not be accepted for delivery (always 0: a batch is queued whole, or not at all). */
  failed_count: number;
  /** Members already sent this e-mail, or with it queued or being sent: not queued again. */
  skipped_count: number;
  /** E-mails accepted for delivery by this call: new ones, and earlier failures queued again. */
  queued_count: number;
}

/**
 * Queues a batch of a week's e-mails (weekly e-mail, reminders, picks sheet) in one transaction, each at most once
 * per (week, member, kind, round); MailSender delivers them in the background, MAIL_CONCURRENCY at a time.
 */
@Injectable()
export class NotificationSender {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: MailOutbox,
  ) {}

  async deliver({ weekId, kind, round = 0, envelopes }: DeliveryBatch): Promise<DeliveryTally> {
    const mails = envelopes.map(({ user, message }) => ({ ...message, kind, round, week_id: weekId, user_id: user.id, email: user.email }));
    const { queued, skipped } = await this.dataSource.transaction((manager) => this.outbox.enqueueOnce(manager, mails));
    return { sent_count: queued, failed_count: 0, skipped_count: skipped, queued_count: queued };
  }
}
