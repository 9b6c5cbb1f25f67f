import { Injectable, UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { NotificationPreferencesDto, UpdateNotificationPreferencesDto } from './notification-preferences.dto';
import { User } from '../entities/user.entity';
import { NotificationPreference } from './notification-preference.entity';
import { channelDefault, KINDS_WITH_EMAIL, NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, NotificationChannel, NotificationKind } from './notification-kinds';

export const noEmailFor = (kind: NotificationKind) => `There is no e-mail for ${kind}`;

/**
 * Each member's notification choices per kind and channel (docs/member-pages.md#notification-preferences). Rows
 * exist only where a member changed something; a channel left NULL follows channelDefault.
 */
@Injectable()
export class NotificationPreferencesService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get rows() {
    return this.dataSource.getRepository(NotificationPreference);
  }

  /** Every kind's two channels for the member, defaults filled in. */
  async of(userId: number): Promise<NotificationPreferencesDto> {
    const stored = await this.rows.find({ where: { user_id: userId } });
    const byKind = new Map(stored.map((row) => [row.kind, row]));
    const answer = {} as NotificationPreferencesDto;
    for (const kind of NOTIFICATION_KINDS) {
      const row = byKind.get(kind);
      answer[kind] = {
        email: KINDS_WITH_EMAIL.has(kind) && (row?.email ?? channelDefault(kind, 'email')),
        push: row?.push ?? channelDefault(kind, 'push'),
      };
    }
    return answer;
  }

  /**
   * Sets the channels named in `change` and nothing else: one upsert per kind writes only the given columns, so two
   * changes at once to different channels both hold. An e-mail asked for a kind that has none is a 422, before
   * anything is written.
   */
  async update(userId: number, change: UpdateNotificationPreferencesDto): Promise<NotificationPreferencesDto> {
    const kinds = NOTIFICATION_KINDS.filter((kind) => change[kind] !== undefined);
    const refused = kinds.filter((kind) => change[kind]?.email === true && !KINDS_WITH_EMAIL.has(kind));
    if (refused.length) throw new UnprocessableEntityException({ errors: refused.map(noEmailFor) });
    await this.dataSource.transaction(async (manager) => {
      for (const kind of kinds) {
        const values: Partial<NotificationPreference> = { user_id: userId, kind };
        for (const channel of NOTIFICATION_CHANNELS) if (change[kind]?.[channel] !== undefined) values[channel] = change[kind][channel];
        if (values.email === undefined && values.push === undefined) continue;
        await manager.getRepository(NotificationPreference).upsert(values, ['user_id', 'kind']);
      }
    });
    return this.of(userId);
  }

  /** Whether the account still exists (an unsubscribe link outlives a deleted member). */
  isMember(userId: number): Promise<boolean> {
    return this.dataSource.getRepository(User).existsBy({ id: userId });
  }

  /** Turns one kind's e-mail off for the member (a one-click unsubscribe). */
  async turnEmailOff(userId: number, kind: NotificationKind): Promise<void> {
    await this.rows.upsert({ user_id: userId, kind, email: false }, ['user_id', 'kind']);
  }

  /**
   * Which of `userIds` want `kind` by `channel`: the senders (mail, push) call it to filter a batch's members before
   * queuing. One query, whatever the batch's size: it reads only the rows whose choice differs from the channel's
   * default (members who turned a default-on e-mail off, or a default-off push on), and keeps or drops those members
   * from `userIds`. A kind with no e-mail wants no e-mail. `manager`: read inside the caller's transaction.
   */
  async wanting(kind: NotificationKind, channel: NotificationChannel, userIds: Iterable<number>, manager?: EntityManager): Promise<Set<number>> {
    const ids = new Set(userIds);
    if (channel === 'email' && !KINDS_WITH_EMAIL.has(kind)) return new Set();
    if (ids.size === 0) return ids;
    const byDefault = channelDefault(kind, channel);
    const differing = await (manager ?? this.dataSource.manager)
      .getRepository(NotificationPreference)
      .createQueryBuilder('preference')
      .select('preference.user_id', 'user_id')
      .where('preference.kind = :kind', { kind })
      .andWhere(`preference.${channel} = :value`, { value: !byDefault })
      .getRawMany<{ user_id: number | string }>();
    const flipped = new Set(differing.map((row) => Number(row.user_id)));
    return new Set([...ids].filter((id) => flipped.has(id) !== byDefault));
  }
}
