import { Injectable } from '@nestjs/common';
import { SecurityLogService } from '../../security/security-log.service';
import { User } from '../../users/entities/user.entity';
import { UsersService } from '../../users/users.service';
import { SessionResponseDto } from '../dto/session-response.dto';
import { ReauthenticatedDto } from '../dto/reauthenticate.dto';
import { ReauthenticationService } from '../reauthentication.service';
import { ClientInfo, SessionsService } from '../sessions.service';
import { SecondFactorChallengeDto, SecondFactorMethod } from './dto/second-factor.dto';
import { SecondFactorChallenges } from './second-factor-challenges';
import { SecondFactorCodesService } from './second-factor-codes.service';
import { SecondFactorService } from './second-factor.service';
import { LoginUserDto } from './dto/login-user.dto';

/** Where a right password leads an admin: the second step, a session that can only set a factor up, or a session. */
@Injectable()
export class SecondFactorSignIn {
  constructor(
    private readonly factors: SecondFactorService,
    private readonly challenges: SecondFactorChallenges,
    private readonly codes: SecondFactorCodesService,
    private readonly sessions: SessionsService,
    private readonly users: UsersService,
    private readonly securityLog: SecurityLogService,
    private readonly reauthentication: ReauthenticationService,
  ) {}

  /** After the right password: a challenge for an admin with a strong factor, else null (a session follows). */
  async challengeFor(user: User, ip: string): Promise<SecondFactorChallengeDto | null> {
    if (user.role !== 'admin') return null;
    const [totp, passkey] = await Promise.all([this.factors.hasTotp(user.id), this.factors.hasPasskey(user.id)]);
    if (!totp && !passkey) return null;
    await this.securityLog.recordQuietly('second_factor_challenged', { user_id: user.id, email: user.email, ip });
    // A passkey is a sign-in of its own (POST /passkeys/login), the strong factor by itself: offered beside the codes.
    const methods: SecondFactorMethod[] = [...(totp ? (['totp', 'recovery_code'] as const) : []), ...(passkey ? (['passkey'] as const) : [])];
    return { second_factor_required: true, challenge: await this.challenges.issue(user), methods };
  }

  /** The user as a login answers it: an admin who must set a factor up is told so. */
  async loginUser(user: User): Promise<LoginUserDto> {
    const answer: LoginUserDto = LoginUserDto.from(user);
    if (await this.factors.enrolmentRequired(user)) answer.second_factor_enrolment_required = true;
    return answer;
  }

  /** The second step passed (the `totp` strategy checked the code): a session, as a password login makes one. */
  async finish(user: User, client: ClientInfo): Promise<SessionResponseDto> {
    await this.securityLog.recordQuietly('login', { user_id: user.id, email: user.email, ip: client.ip ?? null, details: 'with a second factor' });
    const token = await this.sessions.start(user, client);
    return { token, user: await this.loginUser(await this.users.findById(user.id)) };
  }

  /** A code proves who the session's owner is again (before a sensitive change). */
  async reauthenticate(user: User, sessionId: string, code: string, ip: string): Promise<ReauthenticatedDto> {
    await this.codes.check(user, code, ip, 'confirming before a change', 'session');
    return { reauthenticated_until: await this.reauthentication.confirmed(user, sessionId, ip, 'With a code') };
  }
}
