import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import type { Game } from '../games/entities/game.entity';
import { pickDeadline, pickWindow } from '../games/pick-window';
import type { Player } from '../picks/players.reader';
import type { Week } from '../seasons/weeks/entities/week.entity';
import { WeekCalendarService } from '../seasons/weeks/week-calendar.service';
import { SurvivorWeekReader } from '../survivor/survivor-week.reader';
import { DeliveryLedgerService } from './delivery-ledger.service';
import { MissingPicksDto } from './dto/missing-picks.dto';
import { SendResultDto } from './dto/weekly-preview.dto';
import { MissingPicks, missingPicks } from './missing-picks';
import { NotificationEmails, SurvivorMissing } from './notification-emails';
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
    private readonly survivor: SurvivorWeekReader,
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

  /**
   * The scheduled reminder (jobs): queued, without waiting for the mail server. It also reminds the survivor
   * contest's entrants still alive without a pick of the week: one reminder per member naming all that is missing
   * (docs/push.md#what-is-pushed). The admin's "remind now" stays pick'em only.
   */
  async remind(weekId: number, kind: string, round: number): Promise<DeliveryTally> {
    return this.sender.deliver(await this.reminders(weekId, kind, round, undefined, true));
  }

  /** The e-mail to each member who still has open games to pick (or the tiebreaker score, or the survivor pick), saying what is missing. */
  private async reminders(weekId: number, kind: string, round: number, userId?: number, withSurvivor = false): Promise<DeliveryBatch> {
    const { week, entries: all, tiebreaker, survivor } = await this.compute(weekId, withSurvivor);
    const byMember = new Map<number, { member: Player; missing: Game[]; missingTiebreaker: boolean; survivor: SurvivorMissing | null }>();
    for (const entry of all) byMember.set(entry.member.id, { member: entry.member, missing: entry.missing, missingTiebreaker: entry.missing_tiebreaker, survivor: null });
    for (const member of survivor?.members ?? []) {
      const known = byMember.get(member.id);
      if (known) known.survivor = survivor!.missing;
      else byMember.set(member.id, { member, missing: [], missingTiebreaker: false, survivor: survivor!.missing });
    }
    const entries = [...byMember.values()].filter((entry) => userId === undefined || entry.member.id === userId);
    const missing = entries.map((entry) => ({ userId: entry.member.id, missing: entry.missing, missingTiebreaker: entry.missingTiebreaker, tiebreaker, survivor: entry.survivor }));
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
          missingTiebreaker: entry.missingTiebreaker,
          tiebreaker,
          survivor: entry.survivor,
        }),
      })),
    };
  }

  /**
   * Who is missing what: the pick'em (not in a season without one), and with `withSurvivor` the survivor entrants
   * alive without a pick of the week while one of its games is open.
   */
  private async compute(
    weekId: number,
    withSurvivor = false,
  ): Promise<{ week: Week; entries: MissingPicks<Player>[]; tiebreaker: Game | null; survivor: { members: Player[]; missing: SurvivorMissing } | null }> {
    const { week, games } = await this.weekGames.load(weekId);
    const [weekStatus, members, picks, contest] = await Promise.all([
      this.calendar.statusOf(week),
      this.weekGames.members(week),
      this.weekGames.picksOf(games),
      withSurvivor ? this.survivor.of(week) : Promise.resolve(null),
    ]);
    const now = this.clock.now();
    const pickem = week.football_season?.pickem !== false;
    const entries = pickem ? missingPicks({ games, weekStatus, members, picks, now }) : [];
    const open = games.filter((game) => pickWindow(game, weekStatus, now).picks_allowed);
    let survivor: { members: Player[]; missing: SurvivorMissing } | null = null;
    if (contest && open.length > 0) {
      const deadlines = open.map((game) => pickDeadline(game).getTime());
      survivor = {
        members: contest.alive.filter((entrant) => entrant.pick === null).map((entrant) => entrant.user),
        missing: { contestName: contest.contest.name, first: new Date(Math.min(...deadlines)), last: new Date(Math.max(...deadlines)) },
      };
    }
    return { week, entries, tiebreaker: games.find((game) => game.is_tiebreaker) ?? null, survivor };
  }
}
