import { Injectable, UnauthorizedException, UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  type PublicKeyCredentialRequestOptionsJSON,
  verifyAuthenticationResponse,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock';
import { AppConfig } from '../../config/app-config';
import { SecurityLogService } from '../../security/security-log.service';
import { User } from '../../users/entities/user.entity';
import { UsersService } from '../../users/users.service';
import { ReauthenticationService } from '../reauthentication.service';
import { SessionsService } from '../sessions.service';
import { AuthenticationCredentialDto } from './dto/credential-response.dto';
import { Passkey } from './entities/passkey.entity';
import type { ChallengePurpose } from './entities/webauthn-challenge.entity';
import { transportsOf, userHandle } from './passkeys.service';
import { RelyingParty, relyingParty } from './relying-party';
import { WebauthnChallengesService } from './webauthn-challenges.service';

export const PASSKEY_SIGN_IN_FAILED = 'Passkey sign-in failed';
export const PASSKEY_CONFIRM_FAILED = 'Passkey confirmation failed';

/** Who an assertion came from, and whether it holds. */
interface Checked {
  passkey: Passkey | null;
  ok: boolean;
}

/**
 * Signed challenges (WebAuthn assertions): a sign-in with a passkey (any of the site's, the browser offers them), and
 * a confirmation that it's still the session's owner (one of that member's own passkeys).
 */
@Injectable()
export class PasskeyAssertionsService {
  private readonly rp: RelyingParty;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly challenges: WebauthnChallengesService,
    private readonly sessions: SessionsService,
    private readonly users: UsersService,
    private readonly log: SecurityLogService,
    private readonly clock: Clock,
    private readonly reauthentication: ReauthenticationService,
    config: AppConfig,
  ) {
    this.rp = relyingParty(config);
  }

  /** Options for a sign-in: no credentials listed, so the browser offers the site's passkeys (autofill or a dialog). */
  async loginOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const options = await generateAuthenticationOptions({ rpID: this.rp.id, userVerification: 'required' });
    await this.challenges.issue(options.challenge, 'login', null);
    return options;
  }

  /** The passport strategy's check: answers the account the assertion signs in, or throws 401 (logged as a failed login). */
  async verifyLogin(credential: AuthenticationCredentialDto, ip: string): Promise<User> {
    const { passkey, ok } = await this.check(credential, 'login', null);
    if (!ok || !passkey) {
      const owner = passkey ? await this.dataSource.manager.findOneBy(User, { id: passkey.user_id }) : null;
      await this.log.recordQuietly('login_failed', { user_id: owner?.id ?? null, email: owner?.email ?? null, ip, details: 'passkey' });
      throw new UnauthorizedException(PASSKEY_SIGN_IN_FAILED);
    }
    return this.users.findById(passkey.user_id);
  }

  /**
   * A sign-in the strategy let through: a session as a password login starts one, one that stays signed in (a
   * passkey lives on the member's own device; an admin's session keeps its 12 hours and 30 minutes idle all the same).
   */
  async signIn(user: User, ip: string, userAgent?: string): Promise<string> {
    await this.log.recordQuietly('login', { user_id: user.id, email: user.email, ip, details: 'passkey' });
    return this.sessions.start(user, { ip, userAgent, remember: true });
  }

  /** Options to confirm it's you: the member's own passkeys, a challenge bound to this session. */
  async reauthenticationOptions(user: Pick<User, 'id'>, sessionId: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const passkeys = await this.dataSource.manager.find(Passkey, { select: { credential_id: true, transports: true }, where: { user_id: user.id } });
    const options = await generateAuthenticationOptions({
      rpID: this.rp.id,
      userVerification: 'required',
      allowCredentials: passkeys.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
    });
    await this.challenges.issue(options.challenge, 'reauthenticate', sessionId);
    return options;
  }

  /**
   * Confirms the session's owner with one of their passkeys; answers until when sensitive changes are allowed. A
   * failure is 422, not 401: the session itself is sound, and a 401 would sign the member out.
   */
  async reauthenticate(user: Pick<User, 'id' | 'email'>, sessionId: string, credential: AuthenticationCredentialDto, ip: string): Promise<Date> {
    const { passkey, ok } = await this.check(credential, 'reauthenticate', sessionId);
    if (!ok || passkey?.user_id !== user.id) {
      await this.log.recordQuietly('reauthentication_failed', { user_id: user.id, email: user.email, ip, details: 'With a passkey' });
      throw new UnprocessableEntityException(PASSKEY_CONFIRM_FAILED);
    }
    return this.reauthentication.confirmed(user, sessionId, ip, 'With a passkey');
  }

  /**
   * Verifies an assertion: a known credential, a challenge handed out for this purpose (used up here, answered or
   * not), this site's origin and RP ID, the member's verification, and a signature counter that moved on (a cloned
   * authenticator repeats or goes back). A good one notes the passkey's use.
   */
  private async check(credential: AuthenticationCredentialDto, purpose: ChallengePurpose, sessionId: string | null): Promise<Checked> {
    const passkey = await this.dataSource.manager.findOneBy(Passkey, { credential_id: credential.id });
    if (!passkey) {
      await this.consumeFromClientData(credential, purpose, sessionId);
      return { passkey: null, ok: false };
    }
    const handle = credential.response.userHandle;
    if (handle && handle !== isoBase64URL.fromBuffer(userHandle(passkey.user_id))) return { passkey, ok: false };
    try {
      const { verified, authenticationInfo } = await verifyAuthenticationResponse({
        response: credential as AuthenticationResponseJSON,
        expectedChallenge: (challenge) => this.challenges.consume(challenge, purpose, sessionId),
        expectedOrigin: this.rp.origin,
        expectedRPID: this.rp.id,
        credential: { id: passkey.credential_id, publicKey: isoBase64URL.toBuffer(passkey.public_key), counter: passkey.counter, transports: transportsOf(passkey) },
        requireUserVerification: true,
      });
      if (!verified) return { passkey, ok: false };
      const used = { counter: authenticationInfo.newCounter, backed_up: authenticationInfo.credentialBackedUp, last_used_at: this.clock.now() };
      // Only from the counter it was checked against: of two assertions racing with one counter value, one is kept.
      const result = await this.dataSource.manager.update(Passkey, { id: passkey.id, counter: passkey.counter }, used);
      return { passkey, ok: (result.affected ?? 0) === 1 };
    } catch {
      return { passkey, ok: false };
    }
  }

  /** An assertion of an unknown passkey still uses up its challenge, as any answer does. */
  private async consumeFromClientData(credential: AuthenticationCredentialDto, purpose: ChallengePurpose, sessionId: string | null): Promise<void> {
    try {
      const { challenge } = decodeClientDataJSON(credential.response.clientDataJSON);
      if (typeof challenge === 'string') await this.challenges.consume(challenge, purpose, sessionId);
    } catch {
      // Unreadable client data carries no challenge to use up.
    }
  }
}
