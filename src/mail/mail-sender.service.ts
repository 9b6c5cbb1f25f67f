import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EventEmitter } from 'node:events';
import { In, IsNull, LessThanOrEqual, Repository } from 'typeorm';
import { maskEmail, maskEmails, redactTokens } from '../common/redact';
import { AppConfig } from '../config/app-config';
import { OutboxWorker } from '../database/outbox-worker';
import { claimRow, instanceName } from '../database/row-claim';
import { WriteGate } from '../database/write-gate';
import { NotificationDelivery } from './entities/notification-delivery.entity';
import { MailService } from './mail.service';
import { MessageSeal, StoredMessage } from './message-seal';
import { isPermanentFailure, mayRetry, retryDelayMs, UnsendableMailError } from './retry-delay';

const ERROR_MAX_LENGTH = 500;
const ATTEMPTED = 'attempted';

/** How an attempt ended, as recorded: delivered, failed for good, or queued for a retry. */
export type AttemptOutcome = 'sent' | 'failed' | 'queued';

/**
 * Delivers the outbox in the background: claims due e-mails through the database (a conditional update only one
 * app instance can win), sends up to MAIL_CONCURRENCY at once, and records each outcome. A failed attempt is
 * retried with exponential backoff until MAIL_MAX_ATTEMPTS, then the e-mail is marked failed. Nudged after every
 * commit that wrote e-mails, and checks every MAIL_POLL_INTERVAL for the rest (retries, other instances' rows,
 * claims left behind by an instance that died).
 */
@Injectable()
export class MailSenderService extends OutboxWorker<NotificationDelivery> {
  protected readonly logger = new Logger(MailSenderService.name);
  protected readonly outboxName = 'the outbox';
  /** This app instance, as claims record it. */
  readonly instance = instanceName();
  private readonly attempts = new EventEmitter().setMaxListeners(0);

  constructor(
    @InjectRepository(NotificationDelivery) private readonly deliveries: Repository<NotificationDelivery>,
    private readonly mail: MailService,
    private readonly seal: MessageSeal,
    private readonly gate: WriteGate,
    private readonly config: AppConfig,
  ) {
    super();
  }

  /**
   * A claim lasts long enough for one attempt to time out at every step (connect, greeting, socket); past it the
   * sender is taken for dead and another may send the e-mail.
   */
  get leaseMs(): number {
    return 3 * this.config.mailTimeoutMs + 60_000;
  }

  protected get concurrency(): number {
    return this.config.mailConcurrency;
  }

  protected get pollIntervalMs(): number {
    return this.config.mailPollIntervalMs;
  }

  protected get attemptTimeoutMs(): number {
    return this.config.mailTimeoutMs;
  }

  /**
   * Calls `listener` after each attempt this instance records (another instance's attempts are not heard of);
   * returns the function that stops listening.
   */
  onAttempt(listener: (id: number, outcome: AttemptOutcome) => void): () => void {
    this.attempts.on(ATTEMPTED, listener);
    return () => this.attempts.off(ATTEMPTED, listener);
  }

  /** One due e-mail at a time (`claimDue`'s candidates are the next few, tried in turn). */
  protected async claim(): Promise<NotificationDelivery[]> {
    const delivery = await this.claimNext();
    return delivery ? [delivery] : [];
  }

  /**
   * Takes one due e-mail: queued and due, or "sending" with an expired claim. The conditional update succeeds for
   * exactly one instance; the others see nothing changed and try the next candidate.
   */
  private claimNext(): Promise<NotificationDelivery | null> {
    // All of it inside the gate: on SQLite's shared connection a read must not land inside another flow's
    // transaction (its snapshot would then keep that transaction from writing when several instances share the file).
    return this.gate.run(() => this.claimDue(new Date()));
  }

  private async claimDue(now: Date): Promise<NotificationDelivery | null> {
    const candidates = await this.deliveries.find({
      select: { id: true },
      where: { status: In(['queued', 'sending']), next_attempt_at: LessThanOrEqual(now) },
      order: { next_attempt_at: 'ASC', id: 'ASC' },
      take: this.config.mailConcurrency,
    });
    for (const { id } of candidates) {
      const taken = await claimRow(this.deliveries, { id }, "status IN ('queued', 'sending') AND next_attempt_at <= :now", { now }, {
        status: 'sending',
        attempts: () => 'attempts + 1',
        claimed_by: this.instance,
        next_attempt_at: new Date(now.getTime() + this.leaseMs),
        last_attempt_at: now,
      });
      if (!taken) continue;
      const delivery = await this.deliveries.findOneByOrFail({ id });
      if (!delivery.first_attempt_at) {
        await this.deliveries.update({ id, first_attempt_at: IsNull() }, { first_attempt_at: now });
      }
      return delivery;
    }
    return null;
  }

  protected async deliver(delivery: NotificationDelivery): Promise<void> {
    let message: StoredMessage | undefined;
    try {
      if (!delivery.template || !delivery.subject || delivery.context === null) throw new UnsendableMailError('Nothing to send: the e-mail was not stored');
      message = this.openMessage(delivery.context, delivery.email);
      await this.mail.send({
        to: delivery.email,
        subject: delivery.subject,
        template: delivery.template,
        context: message.context,
        kind: delivery.kind,
        userId: delivery.user_id,
      });
    } catch (error) {
      await this.recordFailure(delivery, error, message?.oneTimeLink ?? false);
      return;
    }
    try {
      // The message goes once sent: it may hold a link's secret token, which is not kept anywhere else.
      const marked = await this.deliveries.update(
        { id: delivery.id, status: 'sending', claimed_by: this.instance },
        { status: 'sent', sent_at: new Date(), error: null, context: null, next_attempt_at: null },
      );
      if (marked.affected) this.attempts.emit(ATTEMPTED, delivery.id, 'sent');
      else this.logger.warn(`${delivery.kind} e-mail ${delivery.id} was sent, but another sender had taken it over`);
    } catch (error) {
      // The e-mail is out; the row stays "sending" until its claim expires, and may then go out a second time.
      this.logger.error(`${delivery.kind} e-mail ${delivery.id} to ${maskEmail(delivery.email)} was sent but not recorded: ${(error as Error).message}`);
    }
  }

  private openMessage(stored: string, recipient: string): StoredMessage {
    try {
      return this.seal.open(stored, recipient);
    } catch {
      throw new UnsendableMailError('The stored e-mail cannot be read (was the server secret changed?)');
    }
  }

  /**
   * A 5xx answer fails the e-mail for good at once; anything else is retried until MAIL_MAX_ATTEMPTS. An e-mail with
   * a one-time link that failed for good loses its message: a new link (a resent invitation, a new reset) replaces it.
   */
  private async recordFailure(delivery: NotificationDelivery, error: unknown, oneTimeLink: boolean): Promise<void> {
    const reason = (error as Error)?.message || String(error);
    const retry = !isPermanentFailure(error) && mayRetry(delivery.attempts, this.config.mailMaxAttempts);
    const delay = retryDelayMs(delivery.attempts, this.config.mailRetryDelayMs);
    this.logger.warn(`${delivery.kind} e-mail ${delivery.id} to ${maskEmail(delivery.email)}, attempt ${delivery.attempts}, failed${retry ? '' : ' for good'}: ${redactTokens(maskEmails(reason))}`);
    try {
      const recorded = await this.deliveries.update(
        { id: delivery.id, status: 'sending', claimed_by: this.instance },
        {
          status: retry ? 'queued' : 'failed',
          error: reason.slice(0, ERROR_MAX_LENGTH),
          next_attempt_at: retry ? new Date(Date.now() + delay) : null,
          ...(!retry && oneTimeLink ? { context: null } : {}),
        },
      );
      if (recorded.affected) this.attempts.emit(ATTEMPTED, delivery.id, retry ? 'queued' : 'failed');
    } catch (dbError) {
      this.logger.error(`Recording the failure of e-mail ${delivery.id} failed: ${(dbError as Error).message}`);
    }
    if (retry) this.wakeAfter(delay);
  }
}
