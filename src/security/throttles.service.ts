import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { DataSource } from 'typeorm';
import { countOf } from '../common/count-of';
import { SecurityEventFields, SecurityLogService } from './security-log.service';
import { DatabaseRateLimiter, pruneThrottles } from './throttle-store';
import { ThrottledException } from './throttled.exception';

/** One throttle: at most `points` per key in `durationSeconds`; past that the key is refused until the count ends. */
export interface ThrottlePolicy {
  /** The key prefix in the throttles table and the name in the security log. */
  name: string;
  points: number;
  durationSeconds: number;
  /** Seconds a key stays refused once it went past `points` (default: until its count ends). */
  blockSeconds?: number;
  /** The 429's text, given the wait. */
  message: (waitMs: number) => string;
}

/** How often ended counts are deleted. */
const PRUNE_INTERVAL_MS = 10 * 60 * 1000;

/** "Try again in 3 minutes." / "Try again in 1 minute." */
export function tryAgainIn(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return `Try again in ${countOf(minutes, 'minute')}.`;
}

/**
 * The throttles every instance shares (counted in the database, see DatabaseRateLimiter). A policy's count is taken
 * before the work it guards, so a burst of parallel requests cannot all pass a check that reads first.
 */
@Injectable()
export class ThrottlesService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('ThrottlesService');
  private readonly limiters = new Map<string, DatabaseRateLimiter>();
  private pruning?: NodeJS.Timeout;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly securityLog: SecurityLogService,
  ) {}

  onModuleInit(): void {
    this.pruning = setInterval(() => void this.prune(), PRUNE_INTERVAL_MS);
    this.pruning.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.pruning);
  }

  /** Deletes counts that have ended (a timer runs it every 10 minutes in each instance). */
  async prune(): Promise<number> {
    try {
      return await pruneThrottles(this.dataSource);
    } catch (error) {
      this.logger.warn(`Pruning the throttles failed: ${(error as Error).message}`);
      return 0;
    }
  }

  /** The limiter of a policy (one per policy name). */
  limiter(policy: Pick<ThrottlePolicy, 'name' | 'points' | 'durationSeconds' | 'blockSeconds'>): DatabaseRateLimiter {
    let limiter = this.limiters.get(policy.name);
    if (!limiter) {
      limiter = new DatabaseRateLimiter(this.dataSource, {
        keyPrefix: policy.name,
        points: policy.points,
        duration: policy.durationSeconds,
        blockDuration: policy.blockSeconds ?? 0,
      });
      this.limiters.set(policy.name, limiter);
    }
    return limiter;
  }

  /**
   * Counts `points` against the key; throws 429 (ThrottledException) when that goes past the policy. The first
   * refusal of a run is written to the security log with `who`.
   */
  async take(policy: ThrottlePolicy, key: string, who: SecurityEventFields = {}, points = 1): Promise<RateLimiterRes> {
    try {
      return await this.limiter(policy).consume(key, points);
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      if (refusal.consumedPoints - points <= policy.points) await this.recordThrottled(policy.name, who);
      throw new ThrottledException(policy.message(refusal.msBeforeNext), refusal.msBeforeNext);
    }
  }

  /**
   * Takes `points` off the key's count (a request that proved not to be abuse). A failure to do so is only logged:
   * the work is done, and a lost refund merely counts one success as a failure.
   */
  async giveBack(policy: ThrottlePolicy, key: string, points = 1): Promise<void> {
    await this.limiter(policy)
      .reward(key, points)
      .catch((error: Error) => this.logger.warn(`Giving back a ${policy.name} count failed: ${error.message}`));
  }

  /** Writes a `throttled` entry; a failure to write it never changes the answer. */
  recordThrottled(name: string, who: SecurityEventFields): Promise<void> {
    return this.securityLog.recordQuietly('throttled', { ...who, details: who.details ?? name });
  }
}
