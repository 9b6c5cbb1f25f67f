import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import type { Game } from '../games/entities/game.entity';
import type { Player } from '../picks/players.reader';
import type { Week } from '../seasons/weeks/entities/week.entity';
import { WeekCalendarService } from '../seasons/weeks/week-calendar.service';
import { DeliveryLedgerService } from './delivery-ledger.service';
import { MissingPicksDto } from './dto/missing-picks.dto';
import { SendResultDto } from './dto/weekly-preview.dto';
import { MissingPicks, missingPicks } from './missing-picks';
import { NotificationEmails } from './notification-emails';
import { reminderPushes } from './push-notices';
import { DeliveryBatch, DeliveryTally, NotificationSenderService } from './notification-sender.service';
import { WeekMailReader } from './week-mail.reader';

/** An admin's reminder, sent on request; unlike the scheduled ones it may be sent again (a new round each time). */
export const MANUAL_REMINDER_KIND = 'reminder-manual';

/** Who has not picked yet, and the pick reminder e-mail that tells them. */
@Injectable()
export class MissingPicksService {
  constructor(
    private readonly weekGames: WeekMailReader,
    private readonly calendar: WeekCalendarService,
    private readonly clock: Clock,
    private readonly emails: NotificationEmails,
    private readonly sender: NotificationSenderService,
    private readonly ledger: DeliveryLedgerService,
  ) {}

  async find(weekId: number): Promise<MissingPicksDto[]> {
    return (await this.compute(weekId)).entries.map(MissingPicksDto.from);
  }

  /**
   * The admin's "remind them now": a new round of the manual reminder to everyone still missing picks, or to one
   * member of them (a nudge; nothing is sent when that member has nothing missing).
   */
  async remindNow(weekId: number, userId?: number): Promise<SendResultDto> {
    const round = await this.ledger.nextRound(weekId, MANUAL_REMINDER_KIND);
    return this.sender.deliverAndCount(await this.reminders(weekId, MANUAL_REMINDER_KIND, round, userId));
  }

  /** The scheduled reminder (jobs): queued, without waiting for the mail server. */
  async remind(weekId: number, kind: string, round: number): Promise<DeliveryTally> {
    return this.sender.deliver(await this.reminders(weekId, kind, round));
  }

  /** The e-mail to each member who still has open games to pick (or the tiebreaker score), saying what is missing. */
  private async reminders(weekId: number, kind: string, round: number, userId?: number): Promise<DeliveryBatch> {
    const { week, entries: all, tiebreaker } = await this.compute(weekId);
    const entries = all.filter((entry) => userId === undefined || entry.member.id === userId);
    const missing = entries.map((entry) => ({ userId: entry.member.id, missing: entry.missing, missingTiebreaker: entry.missing_tiebreaker, tiebreaker }));
    return {
      weekId: week.id,
      kind,
      round,
      push: reminderPushes(week, kind, round, missing, this.clock.now()),
      envelopes: entries.map((entry) => ({
          user: entry.member,
          message: this.emails.reminder(week, {
            memberName: entry.member.name,
            missing: entry.missing,
            missingTiebreaker: entry.missing_tiebreaker,
            tiebreaker,
          }),
        })),
    };
  }

  private async compute(weekId: number): Promise<{ week: Week; entries: MissingPicks<Player>[]; tiebreaker: Game | null }> {
    const { week, games } = await this.weekGames.load(weekId);
    const [weekStatus, members, picks] = await Promise.all([this.calendar.statusOf(week), this.weekGames.members(week), this.weekGames.picksOf(games)]);
    const entries = missingPicks({ games, weekStatus, members, picks, now: this.clock.now() });
    return { week, entries, tiebreaker: games.find((game) => game.is_tiebreaker) ?? null };
  }
}
