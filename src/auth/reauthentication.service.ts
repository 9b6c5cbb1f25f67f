import { Injectable, UnprocessableEntityException } from '@nestjs/common';
import { verifyPassword } from '../users/password-hash';
import { Clock } from '../common/clock';
import { recentAuthUntil } from '../common/recent-auth';
import { AppConfig } from '../config/app-config';
import { SecurityLogService } from '../security/security-log.service';
import { ThrottlePolicy, ThrottlesService } from '../security/throttles.service';
import { User } from '../users/entities/user.entity';
import { currentPasswordChecks } from './auth.constants';
import { SessionsService } from './sessions.service';

export const WRONG_PASSWORD_MESSAGE = 'Password is incorrect';

/**
 * Re-authentication (docs/decisions.md, "Re-authentication"): the owner of a session proves who they are again, and
 * the session may make sensitive changes for RECENT_AUTH_WINDOW_MS. The password here; a TOTP or recovery code and a
 * passkey through `confirmed`, after their own check.
 */
@Injectable()
export class ReauthenticationService {
  /** Shared with the password change: one budget of current-password guesses per account. */
  private readonly passwordChecks: ThrottlePolicy;

  constructor(
    private readonly sessions: SessionsService,
    private readonly throttles: ThrottlesService,
    private readonly securityLog: SecurityLogService,
    private readonly clock: Clock,
    config: AppConfig,
  ) {
    this.passwordChecks = currentPasswordChecks(config.loginMaxFailures);
  }

  /** POST /me/reauthenticate: the account's password; answers until when sensitive changes are allowed. */
  async withPassword(user: User, sessionId: string, password: string, ip: string): Promise<Date> {
    const who = { user_id: user.id, email: user.email, ip };
    // Counted before the hash is compared, as a password change is; a right password clears the count.
    await this.throttles.take(this.passwordChecks, String(user.id), who);
    if (!(await verifyPassword(password, user.password_hash))) {
      await this.securityLog.recordQuietly('reauthentication_failed', { ...who, details: 'With the password' });
      throw new UnprocessableEntityException(WRONG_PASSWORD_MESSAGE);
    }
    await this.throttles.limiter(this.passwordChecks).delete(String(user.id));
    return this.confirmed(user, sessionId, ip, 'With the password');
  }

  /**
   * Notes a proof of identity the caller has checked (`how`: "With the password", "With a passkey" …) on the session,
   * and in the security log; answers until when it counts.
   */
  async confirmed(user: Pick<User, 'id' | 'email'>, sessionId: string, ip: string, how: string): Promise<Date> {
    const at = this.clock.now();
    await this.sessions.confirmIdentity(sessionId, at);
    await this.securityLog.recordQuietly('reauthenticated', { user_id: user.id, email: user.email, ip, details: how });
    return recentAuthUntil(at);
  }
}
