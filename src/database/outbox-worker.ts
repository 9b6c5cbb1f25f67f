import { BeforeApplicationShutdown, Logger, OnApplicationBootstrap } from '@nestjs/common';

/** On shutdown, messages being sent get this long (at most their own timeout) to finish. */
const SHUTDOWN_GRACE_MS = 5_000;

/**
 * The background loop an outbox sender runs (e-mail, push): claims due rows through the database and delivers up to
 * `concurrency` at once, without holding any lock or transaction while a remote server is called. Nudged by
 * `poke()` after a commit that queued messages, and by a timer every `pollIntervalMs` for the rest (retries, other
 * instances' rows, claims left behind by an instance that died). Subclasses say how rows are claimed and delivered.
 */
export abstract class OutboxWorker<Row> implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private poll?: NodeJS.Timeout;
  private draining = false;
  private again = false;
  private stopped = false;

  protected abstract readonly logger: Logger;
  /** What the log calls this outbox ("the outbox", "the push outbox"). */
  protected abstract readonly outboxName: string;
  protected abstract get concurrency(): number;
  protected abstract get pollIntervalMs(): number;
  /** One attempt's time limit: shutdown waits no longer than this for messages being sent. */
  protected abstract get attemptTimeoutMs(): number;
  /** Claims up to `size` due rows for this instance; an empty list when none is due. */
  protected abstract claim(size: number): Promise<Row[]>;
  /** Delivers one claimed row and records its outcome; never throws. */
  protected abstract deliver(row: Row): Promise<void>;

  /** More rows are claimed while at most this many are being sent (a batch sender refills by halves). */
  protected get refillBelow(): number {
    return this.concurrency;
  }

  onApplicationBootstrap(): void {
    this.poll = setInterval(() => this.poke(), this.pollIntervalMs);
    this.poll.unref();
    this.poke();
  }

  /** Stops claiming and gives messages being sent a moment to finish (while the database is still open). */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.poll);
    this.timers.forEach((timer) => clearTimeout(timer));
    if (this.inFlight.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.inFlight]),
      new Promise((resolve) => (timer = setTimeout(resolve, Math.min(SHUTDOWN_GRACE_MS, this.attemptTimeoutMs)))),
    ]);
    clearTimeout(timer);
  }

  /** Looks for due messages now (after a commit that queued some, or an admin's retry). */
  poke(): void {
    if (this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    void this.drain();
  }

  /** Resolves once nothing is being sent by this instance (tests, benchmarks, shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0 || this.draining) await Promise.allSettled([...this.inFlight, new Promise((r) => setTimeout(r, 10))]);
  }

  /** Looks again when a retry falls due, rather than at the next poll. */
  protected wakeAfter(delayMs: number): void {
    if (this.stopped || delayMs >= this.pollIntervalMs) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.poke();
    }, delayMs + 5);
    timer.unref();
    this.timers.add(timer);
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      do {
        this.again = false;
        while (!this.stopped && this.inFlight.size < this.refillBelow) {
          const rows = await this.claim(this.concurrency - this.inFlight.size);
          if (rows.length === 0) break;
          for (const row of rows) {
            const sending: Promise<void> = this.deliver(row).finally(() => {
              this.inFlight.delete(sending);
              this.poke();
            });
            this.inFlight.add(sending);
          }
        }
      } while (this.again && !this.stopped);
    } catch (error) {
      this.logger.error(`Checking ${this.outboxName} failed: ${(error as Error).message}`);
    } finally {
      this.draining = false;
    }
  }
}
