import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { User } from './entities/user.entity';

/** An account's e-mail address changed (an admin's edit): the user as saved, and the address it had before. */
export interface EmailChange {
  user: User;
  previous_email: string;
  /** Who made the change, when it was not the member themself. */
  actor_id: number | null;
}

export interface AccountEventListener {
  /** Runs inside the change's transaction: what it writes commits or rolls back with the change. */
  emailChanged(manager: EntityManager, change: EmailChange): Promise<void>;
}

/**
 * What follows a change to an account (voiding reset links, telling the member by e-mail, the security log) lives
 * above this floor, in auth, next to the mail it sends; it listens here, so users needs no floor above its own.
 */
@Injectable()
export class AccountEvents {
  private readonly listeners: AccountEventListener[] = [];

  listen(listener: AccountEventListener): void {
    this.listeners.push(listener);
  }

  async emailChanged(manager: EntityManager, change: EmailChange): Promise<void> {
    for (const listener of this.listeners) await listener.emailChanged(manager, change);
  }
}
