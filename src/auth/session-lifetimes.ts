import type { SessionLifetimes } from '../config/app-config';
import type { User } from '../users/entities/user.entity';
import { SESSION_TOUCH_INTERVAL_MS } from './auth.constants';
import type { Session } from './entities/session.entity';

/**
 * How long sessions last (docs/decisions.md, "Session lifetimes"). A row says two times: `expires_at`, when it ends
 * unless used again, and `ends_at`, when it ends however much it is used. They differ only for a member who chose
 * "Stay signed in": each use moves expires_at on to now + SESSION_REMEMBER_IDLE, never past ends_at. An admin's
 * session also ends ADMIN_SESSION_TTL after its start and ADMIN_SESSION_IDLE after its last use, whatever its row says
 * (a member made admin during a session is held to the admin's limits from then on).
 */
export class SessionLifetime {
  constructor(private readonly limits: SessionLifetimes) {}

  /** A new session's two times: an admin's and a member's without "Stay signed in" are fixed from the start. */
  start(role: User['role'], remember: boolean, now: number): { expires_at: Date; ends_at: Date } {
    if (role === 'admin') return fixed(now + this.limits.adminTtlMs);
    if (!remember) return fixed(now + this.limits.ttlMs);
    const ends = now + this.limits.rememberMaxMs;
    return { expires_at: new Date(Math.min(ends, now + this.limits.rememberIdleMs)), ends_at: new Date(ends) };
  }

  /**
   * When the session ends (ms since the epoch): its row's expires_at (or a later one this process wrote since the row
   * was read: `written`), never past ends_at; an admin's also ADMIN_SESSION_TTL after the start and ADMIN_SESSION_IDLE
   * after `seen`, its last use (the row's last_seen_at or a later use written).
   */
  end(session: Pick<Session, 'expires_at' | 'ends_at' | 'created_at'>, role: User['role'], seen: number, written = 0): number {
    const expires = Math.max(session.expires_at.getTime(), written);
    let end = Math.min(session.ends_at?.getTime() ?? expires, expires);
    if (role === 'admin') end = Math.min(end, session.created_at.getTime() + this.limits.adminTtlMs, seen + this.limits.adminIdleMs);
    return end;
  }

  /** What a use at `now` writes to the row: last_seen_at, and a sliding session's new expires_at. */
  touch(session: Pick<Session, 'expires_at' | 'ends_at'>, now: number): Partial<Session> {
    const ends = session.ends_at?.getTime() ?? session.expires_at.getTime();
    if (ends <= session.expires_at.getTime()) return { last_seen_at: new Date(now) };
    return { last_seen_at: new Date(now), expires_at: new Date(Math.min(ends, now + this.limits.rememberIdleMs)) };
  }

  /** How often a use is written: an admin's often enough for the idle limit to hold within a thirtieth of it. */
  touchEvery(role: User['role']): number {
    return role === 'admin' ? Math.min(SESSION_TOUCH_INTERVAL_MS, this.limits.adminIdleMs / 30) : SESSION_TOUCH_INTERVAL_MS;
  }
}

const fixed = (at: number) => ({ expires_at: new Date(at), ends_at: new Date(at) });
