import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { SecurityEvent, SecurityEventType } from './entities/security-event.entity';

export interface SecurityEventFields {
  user_id?: number | null;
  actor_id?: number | null;
  email?: string | null;
  ip?: string | null;
  details?: string | null;
}

/**
 * Writes the security log (docs/security.md): logins and their failures, throttles, resets, role changes,
 * deletions, overrides, reopened picks. A change and its entry are written in the same transaction when the caller
 * passes its manager; an entry never carries a password, a token or a link.
 */
@Injectable()
export class SecurityLogService {
  private readonly logger = new Logger('SecurityLogService');

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  record(type: SecurityEventType, fields: SecurityEventFields = {}, manager: EntityManager = this.dataSource.manager): Promise<void> {
    return this.recordAll(type, [fields], manager);
  }

  /** Entries of one type written by one INSERT (a pasted list of invitations). */
  async recordAll(type: SecurityEventType, entries: SecurityEventFields[], manager: EntityManager = this.dataSource.manager): Promise<void> {
    if (entries.length === 0) return;
    const rows = entries.map((fields) => ({
      type,
      user_id: fields.user_id ?? null,
      actor_id: fields.actor_id ?? null,
      email: fields.email?.slice(0, 255) ?? null,
      ip: fields.ip?.slice(0, 64) ?? null,
      details: fields.details?.slice(0, 500) ?? null,
    }));
    await manager.createQueryBuilder().insert().into(SecurityEvent).values(rows).updateEntity(false).execute();
  }

  /** An entry on its own that never changes the caller's answer: a failure to write it is only logged. */
  async recordQuietly(type: SecurityEventType, fields: SecurityEventFields): Promise<void> {
    await this.record(type, fields).catch((error: Error) => this.logger.warn(`Recording ${type} failed: ${error.message}`));
  }
}
