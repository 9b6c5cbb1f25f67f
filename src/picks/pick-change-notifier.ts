import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AppConfig } from '../config/app-config';
import type { Game } from '../games/entities/game.entity';
import { MailOutboxService } from '../mail/mail-outbox.service';
import { MailService } from '../mail/mail.service';
import { DAY_SECONDS } from '../push/push-message';
import { PushOutboxService } from '../push/push-outbox.service';
import type { User } from '../users/entities/user.entity';
import { NotificationPreferencesService } from '../users/preferences/notification-preferences.service';
import { given, PickAuditAction, PickValue } from './pick-rules';

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

export const PICK_CHANGED_KIND = 'pick-changed';

/** One line of "what changed" for the member's e-mail. */
export interface PickChangeLine {
  label: string;
  from: string;
  to: string;
}

/** The lines that differ between two values of a pick, in words a member reads (null: no pick). */
export function describeChanges(game: Pick<Game, 'home_team' | 'away_team'>, previous: PickValue | null, next: PickValue | null): PickChangeLine[] {
  const winner = (value: PickValue | null) => value?.selected_winner ?? 'No pick';
  const result = (value: PickValue | null) => (value?.is_correct == null ? 'Not scored yet' : value.is_correct ? 'Correct' : 'Incorrect');
  const tiebreaker = (value: PickValue | null) =>
    value && given(value.tiebreaker_home_score) && given(value.tiebreaker_away_score)
      ? `${game.home_team?.name} ${value.tiebreaker_home_score} - ${game.away_team?.name} ${value.tiebreaker_away_score}`
      : 'None';
  const confidence = (value: PickValue | null) => (value?.confidence == null ? 'None' : String(value.confidence));
  const lock = (value: PickValue | null) => (value?.is_lock ? 'Yes' : 'No');
  const lines: [string, (value: PickValue | null) => string][] = [
    ['Picked winner', winner],
    ['Result', result],
    ['Tiebreaker score', tiebreaker],
    ['Confidence points', confidence],
    ['Lock of the week', lock],
  ];
  return lines
    .map(([label, show]) => ({ label, from: show(previous), to: show(next) }))
    .filter((line) => line.from !== line.to);
}

/** Tells a member, by e-mail and push, what an admin changed on their pick. */
@Injectable()
export class PickChangeNotifier {
  constructor(
    private readonly mail: MailService,
    private readonly outbox: MailOutboxService,
    private readonly config: AppConfig,
    private readonly preferences: NotificationPreferencesService,
    private readonly push: PushOutboxService,
  ) {}

  /**
   * Queues the e-mail in the transaction that saves the change and its audit row. A failed e-mail does not undo
   * the change: the pick is the record, the e-mail only a courtesy (its failure shows in the delivery log). The
   * e-mail is not queued for a member who turned these e-mails off (pick_overrides); the push asks its own channel.
   */
  async notify(manager: EntityManager, change: PickChange): Promise<void> {
    const changes = describeChanges(change.game, change.previous, change.next);
    if (changes.length === 0) return;
    const matchup = `${change.game.away_team?.name} @ ${change.game.home_team?.name}`;
    const byEmail = (await this.preferences.wanting('pick_overrides', 'email', [change.member.id], manager)).size > 0;
    if (byEmail) await this.outbox.enqueue(manager, {
      kind: PICK_CHANGED_KIND,
      user_id: change.member.id,
      email: change.member.email,
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
    // The push says what the e-mail's first line says; the member's own pick only.
    const main = changes.find((line) => line.label === 'Picked winner') ?? changes[0];
    await this.push.enqueue(manager, {
      kind: PICK_CHANGED_KIND,
      preference: 'pick_overrides',
      weekId: null,
      urgency: 'normal',
      ttlSeconds: DAY_SECONDS,
      messages: [
        {
          userId: change.member.id,
          message: {
            title: `${HEADLINES[change.action]}: ${matchup}`,
            body: `${main.label}: ${main.from} → ${main.to}${change.reason ? ` (${change.reason})` : ''}`,
            url: `/dashboard?week=${change.game.week_id}`,
            tag: `pick-changed-${change.game.id}`,
          },
        },
      ],
    });
  }
}
