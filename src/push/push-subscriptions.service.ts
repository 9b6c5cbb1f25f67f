import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { describeUserAgent } from '../common/user-agent';
import { AppConfig } from '../config/app-config';
import { retryOnConflict } from '../database/retry-on-conflict';
import type { User } from '../users/entities/user.entity';
import { CreatePushSubscriptionDto, PushSubscriptionDto } from './dto/push-subscription.dto';
import { endpointRefusal } from './endpoint-policy';
import { PushSubscription } from './entities/push-subscription.entity';

/** The most devices a member keeps subscribed: a new one past it replaces the one silent the longest. */
export const PUSH_DEVICES_MAX = 10;

const USER_AGENT_MAX_LENGTH = 255;

export const endpointHash = (endpoint: string): string => createHash('sha256').update(endpoint).digest('hex');

/** The member's devices that receive push notifications (docs/push.md#subscriptions). */
@Injectable()
export class PushSubscriptionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  async list(user: User): Promise<PushSubscriptionDto[]> {
    const rows = await this.dataSource.manager.find(PushSubscription, { where: { user_id: user.id }, order: { created_at: 'DESC', id: 'DESC' } });
    return rows.map(toDto);
  }

  /**
   * Subscribes the member's browser, or updates it when the endpoint is known already (the browser subscribing again,
   * or another member now signed in on it: the device follows whoever subscribed last). `created` tells which.
   */
  async subscribe(user: User, dto: CreatePushSubscriptionDto, userAgent: string | undefined): Promise<{ created: boolean; subscription: PushSubscriptionDto }> {
    const refusal = endpointRefusal(dto.endpoint, this.config.push.endpointAllow);
    if (refusal) throw new UnprocessableEntityException({ errors: [refusal] });
    const hash = endpointHash(dto.endpoint);
    const fields = {
      user_id: user.id,
      endpoint: dto.endpoint,
      p256dh: dto.keys.p256dh.replace(/=+$/, ''),
      auth: dto.keys.auth.replace(/=+$/, ''),
      user_agent: userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
      expires_at: typeof dto.expirationTime === 'number' ? new Date(dto.expirationTime) : null,
    };
    return retryOnConflict(() =>
      this.dataSource.transaction(async (manager) => {
        const existing = await manager.findOneBy(PushSubscription, { endpoint_hash: hash });
        if (existing) {
          await manager.update(PushSubscription, { id: existing.id }, fields);
          return { created: false, subscription: toDto(await manager.findOneByOrFail(PushSubscription, { id: existing.id })) };
        }
        const devices = await manager.find(PushSubscription, { select: { id: true, created_at: true, last_success_at: true }, where: { user_id: user.id } });
        if (devices.length >= PUSH_DEVICES_MAX) {
          const lastHeard = (device: PushSubscription) => (device.last_success_at ?? device.created_at).getTime();
          const stalest = [...devices].sort((a, b) => lastHeard(a) - lastHeard(b) || a.id - b.id).slice(0, devices.length - PUSH_DEVICES_MAX + 1);
          await manager.delete(PushSubscription, stalest.map((device) => device.id));
        }
        const saved = await manager.save(manager.create(PushSubscription, { ...fields, endpoint_hash: hash, last_success_at: null }));
        return { created: true, subscription: toDto(saved) };
      }),
    );
  }

  /** Unsubscribes one of the member's devices; another member's (or an unknown id) answers 404. */
  async remove(user: User, id: number): Promise<void> {
    const removed = await this.dataSource.manager.delete(PushSubscription, { id, user_id: user.id });
    if (!removed.affected) throw new NotFoundException('Push subscription not found');
  }
}

function toDto(row: PushSubscription): PushSubscriptionDto {
  let service = '';
  try {
    service = new URL(row.endpoint).host;
  } catch {
    // Unreadable endpoints are refused on the way in; an empty name is enough for one that slipped through.
  }
  return {
    id: row.id,
    device: describeUserAgent(row.user_agent),
    push_service: service,
    created_at: row.created_at,
    last_success_at: row.last_success_at,
    expires_at: row.expires_at,
  };
}
