import { createHash, generateKeyPairSync, KeyObject, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/** What the server hands the browser (the fields a software authenticator reads). */
export interface CeremonyOptions {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
  user?: { id: string };
}

export interface CeremonyOverrides {
  origin?: string;
  challenge?: string;
  rpId?: string;
  /** The counter to sign with (default: one more than the last). */
  counter?: number;
  userVerified?: boolean;
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

/**
 * A software passkey for API tests: a P-256 key pair that answers the server's options as a browser with a platform
 * authenticator would ('none' attestation, ES256 assertions), so the server's real verification runs. Each
 * ceremony can be bent (another origin, challenge, RP ID or counter) to see the server refuse it.
 */
export class SoftPasskey {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private userHandle: string | null = null;
  counter = 0;

  constructor(private readonly origin: string) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** startRegistration's answer to `options`. */
  register(options: CeremonyOptions, overrides: CeremonyOverrides = {}) {
    const rpId = overrides.rpId ?? options.rp?.id ?? new URL(this.origin).hostname;
    this.userHandle = options.user?.id ?? null;
    const jwk = this.publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, Buffer.from(isoCBOR.encode(coseKey))]);
    const authData = Buffer.concat([this.authData(rpId, FLAG_AT | this.flags(overrides), overrides.counter ?? this.counter), attested]);
    const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]) as never);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: this.clientData('webauthn.create', options, overrides),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }

  /** startAuthentication's answer to `options`; the counter moves on by one unless overridden. */
  assert(options: CeremonyOptions, overrides: CeremonyOverrides = {}) {
    const rpId = overrides.rpId ?? options.rpId ?? new URL(this.origin).hostname;
    const counter = overrides.counter ?? this.counter + 1;
    this.counter = Math.max(this.counter, counter);
    const authData = this.authData(rpId, this.flags(overrides), counter);
    const clientDataJSON = this.clientData('webauthn.get', options, overrides);
    const signature = sign('sha256', Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON,
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }

  private flags(overrides: CeremonyOverrides): number {
    return FLAG_UP | (overrides.userVerified === false ? 0 : FLAG_UV);
  }

  private authData(rpId: string, flags: number, counter: number): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count]);
  }

  private clientData(type: string, options: CeremonyOptions, overrides: CeremonyOverrides): string {
    const data = { type, challenge: overrides.challenge ?? options.challenge, origin: overrides.origin ?? this.origin, crossOrigin: false };
    return b64url(Buffer.from(JSON.stringify(data)));
  }
}
