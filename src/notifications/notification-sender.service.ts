import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../common/clock';
import { AppConfig } from '../config/app-config';
import { MailMessage, MailService } from '../mail/mail.service';
import type { User } from '../users/entities/user.entity';
import { mapWithConcurrency } from './concurrency';
import { DeliveryLedger } from './delivery-ledger.service';

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

export interface DeliveryTally {
  sent_count: number;
  failed_count: number;
  /** Delivered before, or being sent by someone else right now: not sent again. */
  skipped_count: number;
}

/**
 * Sends a batch of e-mails, each at most once: every e-mail is claimed in the delivery ledger before it is sent
 * and its outcome recorded after. A bounded number go out at once (MAIL_CONCURRENCY); a refused recipient or a
 * failing mail server fails that e-mail only, and a later batch retries exactly the failed ones.
 */
@Injectable()
export class NotificationSender {
  private readonly logger = new Logger(NotificationSender.name);

  constructor(
    private readonly ledger: DeliveryLedger,
    private readonly mail: MailService,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  async deliver({ weekId, kind, round = 0, envelopes }: DeliveryBatch): Promise<DeliveryTally> {
    const outcomes = await mapWithConcurrency(envelopes, this.config.mailConcurrency, async ({ user, message }) => {
      const id = await this.ledger.claim({ week_id: weekId, user_id: user.id, kind, round }, user.email, this.clock.now());
      if (id === null) return 'skipped' as const;
      try {
        await this.mail.send({ ...message, to: user.email });
      } catch (error) {
        const reason = (error as Error).message || String(error);
        this.logger.warn(`${kind} e-mail of week ${weekId} to ${user.email} failed: ${reason}`);
        await this.ledger.markFailed(id, reason, this.clock.now());
        return 'failed' as const;
      }
      try {
        await this.ledger.markSent(id, this.clock.now());
      } catch (error) {
        // The e-mail is out; the row stays "sending" and is not retried before it goes stale.
        this.logger.error(`${kind} e-mail of week ${weekId} to ${user.email} was sent but not recorded: ${(error as Error).message}`);
      }
      return 'sent' as const;
    });
    return {
      sent_count: outcomes.filter((outcome) => outcome === 'sent').length,
      failed_count: outcomes.filter((outcome) => outcome === 'failed').length,
      skipped_count: outcomes.filter((outcome) => outcome === 'skipped').length,
    };
  }
}
