import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import type { DeliveryTally } from '../notifications/notification-sender.service';
import { NotificationEmails } from '../notifications/notification-emails';
import { NotificationSenderService } from '../notifications/notification-sender.service';
import { picksSheetPushes } from '../notifications/push-notices';
import { SeasonNewsService } from '../notifications/season-news.service';
import { rulesOfWeek, WeekMailReader } from '../notifications/week-mail.reader';
import { buildPickGrid } from '../picks/pick-grid';
import { DueRun, duePicksSheet, PICKS_SHEET_CATCH_UP_MS, PICKS_SHEET_SLOT } from './schedule';
import type { ScheduledJob } from './scheduled-job';
import { WeekDeadlinesReader } from './week-deadlines.reader';

export const PICKS_SHEET_KIND = 'picks-sheet';

/** Once the last game of a week has locked: e-mail every member the week's full picks sheet and who can still win, once. */
@Injectable()
export class PicksSheetJob implements ScheduledJob {
  readonly name = 'picks-sheet';
  readonly description = "E-mails every member everyone's picks of the week (the pick grid)";
  readonly schedule = "When the last game of a week locks (1 h before its kickoff), within a day (checked every minute)";

  constructor(
    private readonly deadlines: WeekDeadlinesReader,
    private readonly weekGames: WeekMailReader,
    private readonly emails: NotificationEmails,
    private readonly sender: NotificationSenderService,
    private readonly clock: Clock,
    private readonly news: SeasonNewsService,
  ) {}

  async due(now: Date): Promise<{ runs: DueRun[]; superseded: DueRun[] }> {
    const weeks = await this.deadlines.withDeadlineBetween(new Date(now.getTime() - PICKS_SHEET_CATCH_UP_MS), now);
    const runs = weeks.map((week) => duePicksSheet(week, now)).filter((run): run is DueRun => run !== null);
    return { runs, superseded: [] };
  }

  async execute(run: DueRun): Promise<DeliveryTally> {
    const { week, games } = await this.weekGames.load(run.weekId);
    const [members, picks, news] = await Promise.all([this.weekGames.members(week), this.weekGames.picksOf(games), this.news.atLock(week.id)]);
    // Seen by no one in particular: after the lock every pick is shown to everyone (pool transparency).
    const grid = buildPickGrid({ week, games, members, picks, viewer: { id: 0, role: 'user' }, now: this.clock.now(), rules: rulesOfWeek(week) });
    return this.sender.deliver({
      weekId: week.id,
      kind: PICKS_SHEET_KIND,
      push: picksSheetPushes(week, PICKS_SHEET_KIND, members.map((member) => member.id)),
      envelopes: members.map((member) => ({ user: member, message: this.emails.picksSheet(week, grid, member.id, member.name, news) })),
    });
  }

  async upcoming(now: Date, claimed: (weekIds: number[]) => Promise<Set<string>>): Promise<DueRun[]> {
    const weeks = await this.deadlines.withDeadlineAfter(new Date(now.getTime() - PICKS_SHEET_CATCH_UP_MS));
    const done = await claimed(weeks.map((week) => week.weekId));
    return weeks
      .map((week) => ({ weekId: week.weekId, slot: PICKS_SHEET_SLOT, dueAt: week.last }))
      .filter((run) => run.dueAt.getTime() > now.getTime() - PICKS_SHEET_CATCH_UP_MS && !done.has(`${run.weekId}:${run.slot}`))
      .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
  }
}
