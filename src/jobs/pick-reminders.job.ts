import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { MissingPicksService } from '../notifications/missing-picks.service';
import type { DeliveryTally } from '../notifications/notification-sender.service';
import { DueRun, dueReminder, reminderRuns } from './schedule';
import type { ScheduledJob } from './scheduled-job';
import { WeekDeadlinesReader } from './week-deadlines.reader';

/** REMINDER_HOURS before each week's first pick deadline: e-mail the members who still have open games to pick. */
@Injectable()
export class PickRemindersJob implements ScheduledJob {
  readonly name = 'pick-reminders';
  readonly description = 'E-mails each member who still has open games to pick (or the tiebreaker score) what is missing';

  constructor(
    private readonly config: AppConfig,
    private readonly deadlines: WeekDeadlinesReader,
    private readonly missingPicks: MissingPicksService,
  ) {}

  get schedule(): string {
    const hours = this.config.reminderHours.map((h) => `${h} h`).join(', ');
    return `${hours} before each week's first pick deadline (checked every minute)`;
  }

  async due(now: Date): Promise<{ runs: DueRun[]; superseded: DueRun[] }> {
    const furthest = Math.max(...this.config.reminderHours) * 3600 * 1000;
    const weeks = await this.deadlines.withDeadlineBetween(now, new Date(now.getTime() + furthest));
    const runs: DueRun[] = [];
    const superseded: DueRun[] = [];
    for (const week of weeks) {
      const due = dueReminder(week, this.config.reminderHours, now);
      if (due.run) runs.push(due.run);
      superseded.push(...due.superseded);
    }
    return { runs, superseded };
  }

  execute(run: DueRun): Promise<DeliveryTally> {
    return this.missingPicks.remind(run.weekId, `reminder-${run.slot}`, 0);
  }

  async upcoming(now: Date, claimed: (weekIds: number[]) => Promise<Set<string>>): Promise<DueRun[]> {
    const weeks = (await this.deadlines.withDeadlineAfter(now)).filter((week) => week.first > now);
    const done = await claimed(weeks.map((week) => week.weekId));
    return weeks
      .flatMap((week) => reminderRuns(week, this.config.reminderHours))
      .filter((run) => !done.has(`${run.weekId}:${run.slot}`))
      .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
  }
}
