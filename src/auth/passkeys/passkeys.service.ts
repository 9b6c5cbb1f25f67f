import { ConflictException, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type AuthenticatorTransport,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { isUniqueViolation } from '../../database/driver-errors';
import { SecurityLogService } from '../../security/security-log.service';
import type { User } from '../../users/entities/user.entity';
import { CreatePasskeyDto, PasskeyDto } from './dto/passkey.dto';
import { Passkey } from './entities/passkey.entity';
import { RelyingParty, relyingParty } from './relying-party';
import { SecondFactorService } from '../second-factor/second-factor.service';
import { WebauthnChallengesService } from './webauthn-challenges.service';

/** The longest credential id kept (the column's width); authenticators use 16 to 128 bytes. */
const CREDENTIAL_ID_MAX = 255;

export const PASSKEY_MESSAGES = {
  notVerified: 'The passkey could not be verified. Try adding it again.',
  duplicate: 'This passkey is already added.',
  notFound: 'Passkey not found',
  lastAdminFactor: 'Set up another second factor before removing your last passkey.',
};

/** The passkey the browser is asked to make: one it can find by itself (so sign-in needs no e-mail), unlocked by the member. */
const AUTHENTICATOR_SELECTION = { residentKey: 'required', userVerification: 'required' } as const;

/** The member's own passkeys: list, add (a registration ceremony), rename, remove. */
@Injectable()
export class PasskeysService {
  private readonly rp: RelyingParty;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly challenges: WebauthnChallengesService,
    private readonly log: SecurityLogService,
    private readonly factors: SecondFactorService,
    config: AppConfig,
  ) {
    this.rp = relyingParty(config);
  }

  async list(user: Pick<User, 'id'>): Promise<PasskeyDto[]> {
    const rows = await this.dataSource.manager.find(Passkey, { where: { user_id: user.id }, order: { created_at: 'ASC', id: 'ASC' } });
    return rows.map(toDto);
  }

  /** Options for the browser to make a new passkey, with a challenge bound to the asking session. */
  async registrationOptions(user: Pick<User, 'id' | 'email' | 'name'>, sessionId: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = await this.dataSource.manager.find(Passkey, { select: { credential_id: true, transports: true }, where: { user_id: user.id } });
    const options = await generateRegistrationOptions({
      rpName: this.rp.name,
      rpID: this.rp.id,
      userName: user.email,
      userDisplayName: user.name,
      userID: userHandle(user.id),
      attestationType: 'none',
      excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
      authenticatorSelection: AUTHENTICATOR_SELECTION,
    });
    await this.challenges.issue(options.challenge, 'register', sessionId);
    return options;
  }

  /** Verifies the browser's new credential against a challenge this session was handed, and keeps it. */
  async add(user: Pick<User, 'id' | 'email'>, sessionId: string, dto: CreatePasskeyDto, ip: string): Promise<PasskeyDto> {
    let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verification = await verifyRegistrationResponse({
        response: dto.response as RegistrationResponseJSON,
        expectedChallenge: (challenge) => this.challenges.consume(challenge, 'register', sessionId),
        expectedOrigin: this.rp.origin,
        expectedRPID: this.rp.id,
        requireUserVerification: true,
      });
    } catch {
      throw new UnprocessableEntityException(PASSKEY_MESSAGES.notVerified);
    }
    const info = verification.registrationInfo;
    if (!verification.verified || !info || info.credential.id.length > CREDENTIAL_ID_MAX) throw new UnprocessableEntityException(PASSKEY_MESSAGES.notVerified);
    const row = {
      user_id: user.id,
      credential_id: info.credential.id,
      public_key: isoBase64URL.fromBuffer(info.credential.publicKey),
      counter: info.credential.counter,
      transports: (dto.response.response.transports ?? []).join(',').slice(0, 255),
      name: dto.name,
      backed_up: info.credentialBackedUp,
      last_used_at: null,
    };
    const id = await this.dataSource
      .transaction(async (manager) => {
        const result = await manager.insert(Passkey, row);
        await this.log.record('passkey_added', { user_id: user.id, email: user.email, ip, details: `"${dto.name}"` }, manager);
        return result.identifiers[0].id as number;
      })
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? new ConflictException(PASSKEY_MESSAGES.duplicate) : error;
      });
    return toDto(await this.dataSource.manager.findOneByOrFail(Passkey, { id }));
  }

  async rename(user: Pick<User, 'id'>, id: number, name: string): Promise<PasskeyDto> {
    const result = await this.dataSource.manager.update(Passkey, { id, user_id: user.id }, { name });
    if (!result.affected) throw new NotFoundException(PASSKEY_MESSAGES.notFound);
    return toDto(await this.dataSource.manager.findOneByOrFail(Passkey, { id }));
  }

  /** Removes one of the member's passkeys; an admin keeps at least one strong factor. Another member's is 404. */
  async remove(user: Pick<User, 'id' | 'email' | 'role'>, id: number, ip: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const passkey = await manager.findOneBy(Passkey, { id, user_id: user.id });
      if (!passkey) throw new NotFoundException(PASSKEY_MESSAGES.notFound);
      await manager.delete(Passkey, { id });
      if (await this.factors.enrolmentRequired(user, manager)) throw new ConflictException(PASSKEY_MESSAGES.lastAdminFactor);
      await this.log.record('passkey_removed', { user_id: user.id, email: user.email, ip, details: `"${passkey.name}"` }, manager);
    });
  }

}

/** The WebAuthn user handle: the account's id, which names no one outside this site. */
export const userHandle = (userId: number): Uint8Array<ArrayBuffer> => new TextEncoder().encode(String(userId));

export const transportsOf = (row: Pick<Passkey, 'transports'>): AuthenticatorTransport[] =>
  row.transports ? (row.transports.split(',') as AuthenticatorTransport[]) : [];

const toDto = (row: Passkey): PasskeyDto => ({
  id: row.id,
  name: row.name,
  created_at: row.created_at,
  last_used_at: row.last_used_at,
  backed_up: row.backed_up,
});
