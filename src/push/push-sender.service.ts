import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource, In, LessThanOrEqual } from 'typeorm';
import { generateRequestDetails, getVapidHeaders } from 'web-push';
import { AppConfig } from '../config/app-config';
import { OutboxWorker } from '../database/outbox-worker';
import { instanceName } from '../database/row-claim';
import { WriteGate } from '../database/write-gate';
import { mayRetry, retryDelayMs } from '../mail/retry-delay';
import { PushDelivery, PushStatus } from './entities/push-delivery.entity';
import { PushSubscription } from './entities/push-subscription.entity';

const ERROR_MAX_LENGTH = 500;
/** A VAPID JWT is signed for this long (push services take at most 24 h)... */
const VAPID_JWT_SECONDS = 12 * 3600;
/** ...and reused for this long per push service: signing one costs more than encrypting a message. */
const VAPID_REUSE_MS = 60 * 60 * 1000;
/** Deliveries are marked sent together: after this long, or once PUSH_CONCURRENCY of them are waiting. */
const SENT_FLUSH_MS = 25;
/** A subscription's last success is written at most this often (not once per message of a fan-out). */
const LAST_SUCCESS_EVERY_MS = 60 * 60 * 1000;

/** How one attempt ended. */
type Outcome =
  | { status: 'sent'; code: number }
  | { status: 'gone'; code: number }
  | { status: 'expired' }
  | { status: 'failed' | 'retry'; code: number | null; error: string };

/**
 * Delivers the push outbox in the background, like MailSenderService delivers e-mail: claims due rows through the
 * database (one conditional UPDATE of a batch, which only one app instance can win per row), sends up to
 * PUSH_CONCURRENCY at once, each request bounded by PUSH_TIMEOUT, and records each outcome. No transaction and no
 * lock is held while a push service is called. 404/410 deletes the subscription; 429, 5xx and network failures are
 * retried with backoff (MAIL_RETRY_DELAY doubling, MAIL_MAX_ATTEMPTS); any other answer fails the message for good.
 */
@Injectable()
export class PushSenderService extends OutboxWorker<PushDelivery> {
  protected readonly logger = new Logger(PushSenderService.name);
  protected readonly outboxName = 'the push outbox';
  readonly instance = instanceName();
  private readonly vapid = new Map<string, { authorization: string; until: number }>();
  private sent: { rows: { row: PushDelivery; code: number }[]; timer: NodeJS.Timeout; done: Promise<void>; release: () => void } | null = null;
  private claims = 0;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly gate: WriteGate,
    private readonly config: AppConfig,
  ) {
    super();
  }

  /** A claim outlives one attempt's timeout with room to spare; past it the instance is taken for dead. */
  get leaseMs(): number {
    return 2 * this.config.push.timeoutMs + 60_000;
  }

  protected get concurrency(): number {
    return this.config.push.concurrency;
  }

  /** Refilled by batches once half the slots are free, so a fan-out costs one claim per batch, not per message. */
  protected override get refillBelow(): number {
    return Math.floor(this.concurrency / 2) + 1;
  }

  protected get pollIntervalMs(): number {
    return this.config.mailPollIntervalMs;
  }

  protected get attemptTimeoutMs(): number {
    return this.config.push.timeoutMs;
  }

  private get repository() {
    return this.dataSource.getRepository(PushDelivery);
  }

  protected claim(size: number): Promise<PushDelivery[]> {
    return this.gate.run(() => this.claimBatch(size));
  }

  /**
   * Claims up to `size` due rows (queued and due, or "sending" with an expired lease) with one conditional UPDATE
   * under a claim name of its own; another instance's UPDATE changes only the rows this one did not take.
   */
  private async claimBatch(size: number): Promise<PushDelivery[]> {
    const now = new Date();
    const candidates = await this.repository.find({
      select: { id: true },
      where: { status: In(['queued', 'sending']), next_attempt_at: LessThanOrEqual(now) },
      order: { next_attempt_at: 'ASC', id: 'ASC' },
      take: size,
    });
    if (candidates.length === 0) return [];
    const claim = `${this.instance}:${++this.claims}:${randomBytes(2).toString('hex')}`;
    const taken = await this.repository
      .createQueryBuilder()
      .update()
      .set({ status: 'sending', attempts: () => 'attempts + 1', claimed_by: claim, next_attempt_at: new Date(now.getTime() + this.leaseMs), last_attempt_at: now })
      .where({ id: In(candidates.map(({ id }) => id)) })
      .andWhere("status IN ('queued', 'sending') AND next_attempt_at <= :now", { now })
      .execute();
    if (!taken.affected) return [];
    return this.repository.find({ where: { claimed_by: claim }, relations: { subscription: true } });
  }

  protected async deliver(row: PushDelivery): Promise<void> {
    const outcome = await this.attempt(row);
    try {
      await this.record(row, outcome);
    } catch (error) {
      this.logger.error(`Recording push ${row.id} (${row.kind}) failed: ${(error as Error).message}`);
    }
  }

  /** One request to the push service, bounded by PUSH_TIMEOUT; never throws. */
  private async attempt(row: PushDelivery): Promise<Outcome> {
    const subscription = row.subscription;
    if (!subscription) return { status: 'failed', code: null, error: 'The device was unsubscribed' };
    const now = Date.now();
    const ttl = row.expires_at ? Math.floor((row.expires_at.getTime() - now) / 1000) : row.ttl;
    if (ttl <= 0) return { status: 'expired' };
    const { push } = this.config;
    let request: ReturnType<typeof generateRequestDetails>;
    try {
      // web-push encrypts the payload (RFC 8291, aes128gcm); the request is ours, so it can reach http endpoints
      // PUSH_ENDPOINT_ALLOW lists and be cut off at PUSH_TIMEOUT whatever the service does.
      // Without vapidDetails web-push only encrypts; the VAPID header comes from this push service's cached JWT.
      request = generateRequestDetails({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, row.payload, {
        TTL: ttl,
        urgency: row.urgency,
        contentEncoding: 'aes128gcm',
      });
      request.headers.Authorization = this.vapidAuthorization(subscription.endpoint, now);
    } catch (error) {
      return { status: 'failed', code: null, error: `Cannot encrypt for this device: ${(error as Error).message}` };
    }
    try {
      const response = await fetch(request.endpoint, {
        method: 'POST',
        headers: request.headers,
        body: request.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(push.timeoutMs),
      });
      const text = await response.text().catch(() => '');
      const code = response.status;
      if (code >= 200 && code < 300) return { status: 'sent', code };
      if (code === 404 || code === 410) return { status: 'gone', code };
      const error = `Push service answered ${code}${text ? `: ${text.slice(0, 200)}` : ''}`;
      return { status: code === 429 || code >= 500 ? 'retry' : 'failed', code, error };
    } catch (error) {
      const reason = (error as Error).name === 'TimeoutError' ? `No answer within ${push.timeoutMs} ms` : (error as Error).message;
      return { status: 'retry', code: null, error: reason };
    }
  }

  /**
   * Marks a delivered row sent together with the others delivered at about the same time: a fan-out writes one
   * UPDATE per batch, not one per message, so the members' own writes (pick saves) are not queued behind it.
   * Resolves once the batch is written.
   */
  private recordSent(row: PushDelivery, code: number): Promise<void> {
    if (!this.sent) {
      let release!: () => void;
      const done = new Promise<void>((resolve) => (release = resolve));
      this.sent = { rows: [], timer: setTimeout(() => void this.flushSent(), SENT_FLUSH_MS), done, release };
    }
    const batch = this.sent;
    batch.rows.push({ row, code });
    if (batch.rows.length >= this.config.push.concurrency) void this.flushSent();
    return batch.done;
  }

  private async flushSent(): Promise<void> {
    const batch = this.sent;
    if (!batch) return;
    this.sent = null;
    clearTimeout(batch.timer);
    const now = new Date();
    try {
      const byCode = new Map<number, PushDelivery[]>();
      for (const { row, code } of batch.rows) byCode.set(code, [...(byCode.get(code) ?? []), row]);
      for (const [code, rows] of byCode) {
        await this.repository
          .createQueryBuilder()
          .update()
          .set({ status: 'sent', sent_at: now, response_status: code, error: null, next_attempt_at: null })
          .where({ id: In(rows.map((row) => row.id)) })
          // Only rows still under this instance's claims: one taken over meanwhile is the other instance's to record.
          .andWhere("status = 'sending' AND claimed_by IN (:...claims)", { claims: [...new Set(rows.map((row) => row.claimed_by!))] })
          .execute();
      }
      const heard = batch.rows
        .filter(({ row }) => row.subscription_id !== null && now.getTime() - (row.subscription?.last_success_at?.getTime() ?? 0) > LAST_SUCCESS_EVERY_MS)
        .map(({ row }) => row.subscription_id!);
      if (heard.length > 0) await this.dataSource.getRepository(PushSubscription).update({ id: In([...new Set(heard)]) }, { last_success_at: now });
    } catch (error) {
      this.logger.error(`Recording ${batch.rows.length} sent pushes failed: ${(error as Error).message}`);
    } finally {
      batch.release();
    }
  }

  /** The VAPID Authorization header for the endpoint's push service (aud = its origin), signed once an hour. */
  private vapidAuthorization(endpoint: string, now: number): string {
    const audience = new URL(endpoint).origin;
    const cached = this.vapid.get(audience);
    if (cached && cached.until > now) return cached.authorization;
    const { push } = this.config;
    const expiration = Math.floor(now / 1000) + VAPID_JWT_SECONDS;
    const { Authorization } = getVapidHeaders(audience, push.vapidSubject, push.vapidPublicKey, push.vapidPrivateKey, 'aes128gcm', expiration);
    this.vapid.set(audience, { authorization: Authorization, until: now + VAPID_REUSE_MS });
    return Authorization;
  }

  private async record(row: PushDelivery, outcome: Outcome): Promise<void> {
    const mine = { id: row.id, status: 'sending' as PushStatus, claimed_by: row.claimed_by! };
    const now = new Date();
    if (outcome.status === 'sent') return this.recordSent(row, outcome.code);
    if (outcome.status === 'gone') {
      await this.repository.update(mine, { status: 'gone', response_status: outcome.code, error: 'The push service no longer knows this device', next_attempt_at: null });
      // The device unsubscribed (or was reset): it is forgotten, and its other queued messages go with it (SET NULL).
      await this.dataSource.getRepository(PushSubscription).delete({ id: row.subscription_id! });
      return;
    }
    if (outcome.status === 'expired') {
      await this.repository.update(mine, { status: 'expired', error: 'Its moment passed before it could be sent', next_attempt_at: null });
      return;
    }
    const retry = outcome.status === 'retry' && mayRetry(row.attempts, this.config.mailMaxAttempts);
    const delay = retryDelayMs(row.attempts, this.config.mailRetryDelayMs);
    const later = new Date(now.getTime() + delay);
    // A retry past the message's moment is pointless: it expires instead.
    const expired = retry && row.expires_at !== null && later >= row.expires_at;
    this.logger.warn(`Push ${row.id} (${row.kind}), attempt ${row.attempts}, failed${retry && !expired ? '' : ' for good'}: ${outcome.error}`);
    await this.repository.update(mine, {
      status: expired ? 'expired' : retry ? 'queued' : 'failed',
      response_status: outcome.code,
      error: outcome.error.slice(0, ERROR_MAX_LENGTH),
      next_attempt_at: retry && !expired ? later : null,
    });
    if (retry && !expired) this.wakeAfter(delay);
  }
}
