import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager, IsNull } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { MailOutboxService } from '../mail/mail-outbox.service';
import { MailService } from '../mail/mail.service';
import { SecurityLogService } from '../security/security-log.service';
import type { SecurityEventType } from '../security/entities/security-event.entity';
import { AccountEventListener, AccountEvents, EmailChange } from '../users/account-events';
import type { User } from '../users/entities/user.entity';
import { PasswordReset } from './entities/password-reset.entity';
import { SessionsService } from './sessions.service';

export const PASSWORD_CHANGED_KIND = 'password-changed';
export const EMAIL_CHANGED_KIND = 'email-changed';

/** How a password came to change, for the security log and the e-mail. */
export interface PasswordChange {
  /** The session that made the change keeps working (a change on the profile page); null ends them all (a reset). */
  keepSessionId: string | null;
  ip?: string | null;
  actorId?: number | null;
  /** "on the profile page", "with a reset link". */
  how: string;
  /** How the security log names it: `password_reset` when a reset link set it, else `password_changed`. */
  event: Extract<SecurityEventType, 'password_changed' | 'password_reset'>;
}

/**
 * What follows a change of password or e-mail address, inside the change's own transaction: the member's
 * outstanding reset links stop working, the member is told by e-mail (through the outbox, so the e-mail exists
 * exactly when the change committed), and the security log records it. A new password also ends every other session.
 */
@Injectable()
export class AccountChangesService implements AccountEventListener, OnModuleInit {
  constructor(
    private readonly events: AccountEvents,
    private readonly sessions: SessionsService,
    private readonly outbox: MailOutboxService,
    private readonly mail: MailService,
    private readonly log: SecurityLogService,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.events.listen(this);
  }

  async passwordChanged(manager: EntityManager, user: Pick<User, 'id' | 'email'>, change: PasswordChange): Promise<void> {
    const now = new Date();
    await this.voidResetLinks(manager, user.id, now);
    const ended = await this.sessions.revokeAll(manager, user.id, change.keepSessionId);
    await this.outbox.enqueue(manager, {
      kind: PASSWORD_CHANGED_KIND,
      user_id: user.id,
      email: user.email,
      subject: 'Your password was changed',
      template: 'password-changed',
      context: { email: user.email, changedAt: this.mail.formatDateTime(now), how: change.how, resetLink: `${this.config.appUrl}/forgot-password` },
    });
    await this.log.record(
      change.event,
      { user_id: user.id, actor_id: change.actorId ?? null, email: user.email, ip: change.ip ?? null, details: `Changed ${change.how}; ended ${ended} other session(s)` },
      manager,
    );
  }

  async emailChanged(manager: EntityManager, { user, previous_email, actor_id }: EmailChange): Promise<void> {
    const now = new Date();
    await this.voidResetLinks(manager, user.id, now);
    const context = { previousEmail: previous_email, newEmail: user.email, changedAt: this.mail.formatDateTime(now) };
    // Both addresses hear of it: the old one in case the change was not the member's wish.
    await this.outbox.enqueue(
      manager,
      ...[user.email, previous_email].map((email) => ({
        kind: EMAIL_CHANGED_KIND,
        user_id: user.id,
        email,
        subject: 'Your e-mail address was changed',
        template: 'email-changed',
        context,
      })),
    );
    await this.log.record('email_changed', { user_id: user.id, actor_id, email: user.email, details: `From ${previous_email} to ${user.email}` }, manager);
  }

  private async voidResetLinks(manager: EntityManager, userId: number, now: Date): Promise<void> {
    await manager.update(PasswordReset, { user_id: userId, used_at: IsNull() }, { used_at: now });
  }
}
