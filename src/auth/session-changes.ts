import { DataSource } from 'typeorm';
import { CACHE_BOUND_MS, CachedReads } from '../database/cached-reads';
import { User } from '../users/entities/user.entity';
import { Session } from './entities/session.entity';

/**
 * When a kept session check may have become wrong: a generation that moves on with every change that can end a
 * session or change its user (docs/saturday.md#the-live-board, "the session check").
 *
 * - Through this process: any write to `sessions` or `users` through TypeORM (CachedReads' table versions), at once.
 *   That covers logout, logout everywhere, ending a session from the list, a password change or reset (revocations
 *   and token_version), a role change, a deletion; a login (an insert) moves it on too, which costs a read, no more.
 * - Through another instance (or a script on the same SQLite file): a fingerprint of both tables, read at most once
 *   per CACHE_BOUND_MS (one small aggregate query a second, however many requests), so the bound the cached reads
 *   keep for those changes holds here too. It moves with every revocation (their count and latest time), every
 *   token_version bump (their sum), every member added or deleted (count, highest id; a deleted member's sessions go
 *   with them), every role change (the admins' ids summed) and every other update of a member through TypeORM
 *   (their latest updated_at). `last_seen_at`, written at most every few minutes per session, is not in it.
 *
 * A database that cannot be asked throws, as a session read would: the request answers 503, not 401.
 */
export class SessionChanges {
  private readonly sql: string;
  /** The fingerprint last read (undefined before the first), its epoch, and when the read started. */
  private print: string | undefined;
  private epoch = 0;
  private readAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<void> | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly reads: CachedReads,
    private readonly boundMs = CACHE_BOUND_MS,
  ) {
    const q = (name: string) => dataSource.driver.escape(name);
    const sessions = dataSource.getMetadata(Session);
    const users = dataSource.getMetadata(User);
    const s = (property: string) => q(sessions.findColumnWithPropertyName(property)!.databaseName);
    const u = (property: string) => q(users.findColumnWithPropertyName(property)!.databaseName);
    this.sql =
      `SELECT s.revoked, s.last_revoked, u.members, u.last_id, u.token_versions, u.admins, u.last_update ` +
      `FROM (SELECT COUNT(${s('revoked_at')}) AS revoked, MAX(${s('revoked_at')}) AS last_revoked FROM ${q(sessions.tableName)}) s ` +
      `CROSS JOIN (SELECT COUNT(*) AS members, MAX(${u('id')}) AS last_id, SUM(${u('token_version')}) AS token_versions, ` +
      `SUM(CASE WHEN ${u('role')} = 'admin' THEN ${u('id')} ELSE 0 END) AS admins, MAX(${u('updated_at')}) AS last_update ` +
      `FROM ${q(users.tableName)}) u`;
  }

  /**
   * The generation now: a check kept under another one must be made again. Taken before the session is read, so a
   * change during the read leaves what was read under a generation already gone.
   */
  async generation(now = Date.now()): Promise<string> {
    // A clock moved back reads the fingerprint again too.
    if (now - this.readAt >= this.boundMs || now < this.readAt) await this.refresh(now);
    return `${this.reads.versionOf([Session, User])}|${this.epoch}`;
  }

  /** Reads the fingerprint once for every request that finds it due (they share the read). */
  private refresh(now: number): Promise<void> {
    this.reading ??= (async () => {
      try {
        const [row] = (await this.dataSource.query(this.sql)) as Record<string, unknown>[];
        const print = JSON.stringify(row);
        if (this.print !== undefined && print !== this.print) this.epoch += 1;
        this.print = print;
        this.readAt = now;
      } finally {
        this.reading = null;
      }
    })();
    return this.reading;
  }
}
