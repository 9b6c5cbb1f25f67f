import { Injectable } from '@nestjs/common';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { AppConfig } from '../config/app-config';
import { ThrottledException } from '../security/throttled.exception';
import { ThrottlePolicy, ThrottlesService } from '../security/throttles.service';
import { LOGIN_BLOCK_SECONDS, LOGIN_DELAY_FIRST_MS, LOGIN_KNOWN_ADDRESS_SECONDS, loginRefused } from './auth.constants';

/**
 * Slows down password guessing, with counts every instance shares (the throttles table). Each attempt is counted
 * before its password is checked:
 * - per e-mail and address, and per address: past the limit, logins from there answer 429 for 15 minutes;
 * - per account, from anywhere: past LOGIN_MAX_FAILURES each further attempt waits a growing delay (1 s, doubling,
 *   at most LOGIN_DELAY_MAX). Only a delay, never a lockout: an attacker elsewhere cannot lock the member out, and
 *   an address that logged in to the account in the last 30 days is spared it altogether.
 * A successful login clears the account's counts.
 */
@Injectable()
export class LoginThrottleService {
  private readonly pair: ThrottlePolicy;
  private readonly address: ThrottlePolicy;
  /** Attempts on an account, from any address (counted, never refused by itself). */
  private readonly account = { name: 'login-account', points: 1_000_000, durationSeconds: LOGIN_BLOCK_SECONDS };
  /** One attempt per delay once the account is past its limit. */
  private readonly wait = { name: 'login-wait', points: 1, durationSeconds: 1 };
  /** Addresses that logged in to an account. */
  private readonly known = { name: 'login-known', points: 1, durationSeconds: LOGIN_KNOWN_ADDRESS_SECONDS };

  constructor(
    private readonly config: AppConfig,
    private readonly throttles: ThrottlesService,
  ) {
    const limit = { durationSeconds: LOGIN_BLOCK_SECONDS, blockSeconds: LOGIN_BLOCK_SECONDS, message: loginRefused };
    this.pair = { name: 'login-pair', points: config.loginMaxFailures, ...limit };
    this.address = { name: 'login-ip', points: config.loginMaxFailures * 20, ...limit };
  }

  /** Counts this attempt; throws 429 (ThrottledException) when the e-mail, the address or the account must wait. */
  async admit(email: string, ip: string): Promise<void> {
    const who = { email, ip };
    await this.throttles.take(this.pair, `${email}|${ip}`, who);
    await this.throttles.take(this.address, ip, who);
    if (await this.throttles.limiter(this.known).get(`${email}|${ip}`)) return;
    const attempts = (await this.throttles.limiter(this.account).penalty(email)).consumedPoints;
    const past = attempts - this.config.loginMaxFailures;
    // The attempt that reaches the limit opens the first wait, so the next one already waits: in a parallel burst
    // at most LOGIN_MAX_FAILURES attempts reach the password check.
    if (past < 0) return;
    const delayMs = Math.min(this.config.loginDelayMaxMs, LOGIN_DELAY_FIRST_MS * 2 ** past);
    try {
      await this.throttles.limiter(this.wait).consume(email, 1, { customDuration: delayMs / 1000 });
    } catch (refusal) {
      if (!(refusal instanceof RateLimiterRes)) throw refusal;
      if (refusal.consumedPoints === 2) await this.throttles.recordThrottled(this.wait.name, who);
      throw new ThrottledException(loginRefused(refusal.msBeforeNext), refusal.msBeforeNext);
    }
  }

  /** A successful login: the account's and this pair's counts end, the address counts one failure fewer. */
  async succeeded(email: string, ip: string): Promise<void> {
    await Promise.all([
      this.throttles.limiter(this.pair).delete(`${email}|${ip}`),
      this.throttles.limiter(this.account).delete(email),
      this.throttles.limiter(this.wait).delete(email),
      this.throttles.limiter(this.address).reward(ip, 1),
      this.throttles.limiter(this.known).set(`${email}|${ip}`, 1, LOGIN_KNOWN_ADDRESS_SECONDS),
    ]);
  }
}
