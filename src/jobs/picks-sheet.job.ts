import { Injectable } from '@nestjs/common';
import { Clock } from '../common/clock';
import type { DeliveryTally } from '../notifications/notification-sender.service';
import { NotificationEmails } from '../notifications/notification-emails';
import { NotificationSenderService } from '../notifications/notification-sender.service';
import { picksSheetPushes } from '../notifications/push-notices';
import { SeasonNewsService } from '../notifications/season-news.service';
import { survivorSheet } from '../notifications/survivor-lines';
import { SurvivorWeekReader } from '../survivor/survivor-week.reader';
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
    private readonly survivor: SurvivorWeekReader,
  ) {}

  async due(now: Date): Promise<{ runs: DueRun[]; superseded: DueRun[] }> {
    const weeks = await this.deadlines.withDeadlineBetween(new Date(now.getTime() - PICKS_SHEET_CATCH_UP_MS), now);
    const runs = weeks.map((week) => duePicksSheet(week, now)).filter((run): run is DueRun => run !== null);
    return { runs, superseded: [] };
  }

  async execute(run: DueRun): Promise<DeliveryTally> {
    const { week, games } = await this.weekGames.load(run.weekId);
    // A season without its pick'em sends only the survivor section (and nothing without a contest this week).
    const pickem = week.football_season?.pickem !== false;
    const [players, picks, news, survivor] = await Promise.all([
      this.weekGames.members(week),
      pickem ? this.weekGames.picksOf(games) : [],
      pickem ? this.news.atLock(week.id) : undefined,
      this.survivor.of(week),
    ]);
    if (!pickem && !survivor) return { sent_count: 0, failed_count: 0, skipped_count: 0, queued_count: 0 };
    const now = this.clock.now();
    // Seen by no one in particular: after the lock every pick is shown to everyone (pool transparency).
    const grid = pickem ? buildPickGrid({ week, games, members: players, picks, viewer: { id: 0, role: 'user' }, now, rules: rulesOfWeek(week) }) : null;
    const sheet = survivor ? survivorSheet(survivor, now) : null;
    // The players, and the survivor's entrants who are not (an admin entered).
    const known = new Set(players.map((player) => player.id));
    const members = [...players, ...(survivor?.entrants.map((entrant) => entrant.user).filter((user) => !known.has(user.id)) ?? [])];
    return this.sender.deliver({
      weekId: week.id,
      kind: PICKS_SHEET_KIND,
      push: picksSheetPushes(week, PICKS_SHEET_KIND, members.map((member) => member.id)),
      envelopes: members.map((member) => ({ user: member, message: this.emails.picksSheet(week, grid, member.id, member.name, news, sheet) })),
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
