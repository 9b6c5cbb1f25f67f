import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { AppConfig } from '../config/app-config';
import { LOGIN_BLOCK_SECONDS, PASSWORD_RESET_REQUESTS_PER_HOUR } from './auth.constants';
import { countOf } from '../common/count-of';

/**
 * Slows down password guessing: failed logins are counted per e-mail and IP address, and per IP address alone,
 * and past the limit every login from there answers 429 until the block ends. Counters live in this process.
 */
@Injectable()
export class LoginThrottleService {
  private readonly byEmailAndIp: RateLimiterMemory;
  private readonly byIp: RateLimiterMemory;
  private readonly resetRequests = new RateLimiterMemory({ points: PASSWORD_RESET_REQUESTS_PER_HOUR, duration: 3600 });

  constructor(config: AppConfig) {
    this.byEmailAndIp = new RateLimiterMemory({
      points: config.loginMaxFailures,
      duration: LOGIN_BLOCK_SECONDS,
      blockDuration: LOGIN_BLOCK_SECONDS,
    });
    this.byIp = new RateLimiterMemory({
      points: config.loginMaxFailures * 20,
      duration: LOGIN_BLOCK_SECONDS,
      blockDuration: LOGIN_BLOCK_SECONDS,
    });
  }

  /** Throws 429 when this e-mail or this address has failed too often. */
  async assertAllowed(email: string, ip: string): Promise<void> {
    const [pair, address] = await Promise.all([this.byEmailAndIp.get(`${email}|${ip}`), this.byIp.get(ip)]);
    const blocked = [
      [pair, this.byEmailAndIp.points],
      [address, this.byIp.points],
    ].filter(([state, points]) => state && (state as RateLimiterRes).consumedPoints >= (points as number));
    if (blocked.length > 0) {
      const waitMs = Math.max(...blocked.map(([state]) => (state as RateLimiterRes).msBeforeNext));
      throw tooManyAttempts(waitMs);
    }
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    await Promise.allSettled([this.byEmailAndIp.consume(`${email}|${ip}`), this.byIp.consume(ip)]);
  }

  async recordSuccess(email: string, ip: string): Promise<void> {
    await this.byEmailAndIp.delete(`${email}|${ip}`);
  }

  /** Whether another reset e-mail may go to this address this hour. */
  async mayRequestReset(email: string): Promise<boolean> {
    try {
      await this.resetRequests.consume(email);
      return true;
    } catch {
      return false;
    }
  }
}

function tooManyAttempts(waitMs: number): HttpException {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return new HttpException(
    { errors: [`Too many failed login attempts. Try again in ${countOf(minutes, 'minute')}.`] },
    HttpStatus.TOO_MANY_REQUESTS,
  );
}
