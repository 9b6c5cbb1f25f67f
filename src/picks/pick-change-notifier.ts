import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import type { Game } from '../games/entities/game.entity';
import { MailService } from '../mail/mail.service';
import type { User } from '../users/entities/user.entity';
import { describeChanges, PickAuditAction, PickValue } from './pick-rules';

export interface PickChange {
  action: PickAuditAction;
  member: User;
  admin: User;
  /** With its teams. */
  game: Game;
  previous: PickValue | null;
  next: PickValue | null;
  reason: string | null;
}

const HEADLINES: Record<PickAuditAction, string> = {
  create: 'An admin entered a pick for you',
  update: 'An admin changed your pick',
  delete: 'An admin removed your pick',
};

/** Tells a member, by e-mail, what an admin changed on their pick. */
@Injectable()
export class PickChangeNotifier {
  private readonly logger = new Logger(PickChangeNotifier.name);

  constructor(
    private readonly mail: MailService,
    private readonly config: AppConfig,
  ) {}

  /**
   * Sends the e-mail once the change is saved. A failed e-mail is logged and does not undo the change: the pick is
   * the record, the e-mail only a courtesy, and the audit trail keeps what happened.
   */
  async notify(change: PickChange): Promise<void> {
    const changes = describeChanges(change.game, change.previous, change.next);
    if (changes.length === 0) return;
    const matchup = `${change.game.away_team?.name} @ ${change.game.home_team?.name}`;
    try {
      await this.mail.send({
        to: change.member.email,
        subject: `${HEADLINES[change.action]}: ${matchup}`,
        template: 'pick-changed',
        context: {
          headline: HEADLINES[change.action],
          memberName: change.member.name,
          adminName: change.admin.name,
          matchup,
          kickoff: this.mail.formatDateTime(change.game.game_date),
          changes,
          reason: change.reason ?? null,
          link: `${this.config.appUrl}/dashboard`,
        },
      });
    } catch (error) {
      this.logger.error(`Pick change e-mail to ${change.member.email} failed (the change is kept): ${(error as Error).message}`);
    }
  }
}
