import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsInt, IsObject, IsOptional, IsString, MaxLength, ValidateBy, ValidateIf, ValidateNested } from 'class-validator';
import { ECDH } from 'node:crypto';
import { ENDPOINT_MAX_LENGTH } from '../endpoint-policy';

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function decoded(value: unknown): Buffer | null {
  return typeof value === 'string' && BASE64URL.test(value) ? Buffer.from(value.replace(/=+$/, ''), 'base64url') : null;
}

/** A point on P-256, uncompressed (65 bytes starting with 4), in base64url: the browser's key payloads are encrypted to. */
const IsP256Point = () =>
  ValidateBy({
    name: 'isP256Point',
    validator: {
      validate: (value) => {
        const bytes = decoded(value);
        if (!bytes || bytes.length !== 65 || bytes[0] !== 4) return false;
        try {
          ECDH.convertKey(bytes, 'prime256v1');
          return true;
        } catch {
          return false;
        }
      },
      defaultMessage: () => 'keys.p256dh must be an uncompressed P-256 public key (65 bytes) in base64url',
    },
  });

const IsAuthSecret = () =>
  ValidateBy({
    name: 'isAuthSecret',
    validator: {
      validate: (value) => decoded(value)?.length === 16,
      defaultMessage: () => 'keys.auth must be 16 bytes in base64url',
    },
  });

export class PushSubscriptionKeysDto {
  /** The browser's P-256 public key, base64url (PushSubscription.toJSON().keys.p256dh). */
  @ApiProperty({ description: 'The browser\'s P-256 public key, base64url (PushSubscription.toJSON().keys.p256dh).' })
  @IsString({ message: 'keys.p256dh must be a string' })
  @IsP256Point()
  p256dh!: string;

  /** The browser's authentication secret, base64url (PushSubscription.toJSON().keys.auth). */
  @ApiProperty({ description: 'The browser\'s authentication secret, base64url (PushSubscription.toJSON().keys.auth).' })
  @IsString({ message: 'keys.auth must be a string' })
  @IsAuthSecret()
  auth!: string;
}

/** The browser's PushSubscription as JSON (`subscription.toJSON()`). */
export class CreatePushSubscriptionDto {
  /** https URL of a known push service (FCM, Mozilla, Apple, Windows), or one PUSH_ENDPOINT_ALLOW lists. */
  @ApiProperty({ description: 'The https URL of a known push service (FCM, Mozilla, Apple, Windows), or of one the server is configured to allow.' })
  @IsString({ message: 'endpoint must be a string' })
  @MaxLength(ENDPOINT_MAX_LENGTH, { message: `endpoint must be at most ${ENDPOINT_MAX_LENGTH} characters` })
  endpoint!: string;

  /** When the push service ends the subscription (ms since the epoch), or null. */
  @ApiProperty({ description: 'When the push service ends the subscription, in milliseconds since the epoch; null when it does not say.' })
  @IsOptional()
  @ValidateIf((_object, value) => value !== null)
  @IsInt({ message: 'expirationTime must be a time in milliseconds or null' })
  expirationTime?: number | null;

  @IsDefined({ message: 'keys must hold p256dh and auth' })
  @IsObject({ message: 'keys must hold p256dh and auth' })
  @ValidateNested()
  @Type(() => PushSubscriptionKeysDto)
  keys!: PushSubscriptionKeysDto;
}

/** One of the member's devices that receive push notifications. */
export class PushSubscriptionDto {
  id!: number;
  /** The browser and system it was made on, from its User-Agent ("Chrome on Android"). */
  @ApiProperty({ description: 'The browser and system the subscription was made on, e.g. "Chrome on Android".' })
  device!: string;
  /** The push service's host (fcm.googleapis.com, web.push.apple.com, ...): the endpoint itself is not shown. */
  @ApiProperty({ description: 'The push service\'s host, e.g. fcm.googleapis.com; the endpoint itself is not shown.' })
  push_service!: string;
  created_at!: Date;
  /** The last time the push service accepted a notification for it; null before the first. */
  @ApiProperty({ description: 'The last time the push service accepted a notification for this device; null before the first.' })
  last_success_at!: Date | null;
  expires_at!: Date | null;
}

/** The key a browser subscribes with (pushManager.subscribe's applicationServerKey). */
export class PushPublicKeyDto {
  /** The VAPID public key: an uncompressed P-256 point, base64url. */
  @ApiProperty({ description: 'The VAPID public key: an uncompressed P-256 point, base64url.' })
  public_key!: string;
}
