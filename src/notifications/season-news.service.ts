import { Injectable, Logger } from '@nestjs/common';
import { LiveBoardService } from '../live/live-board.service';
import type { ContentionDto } from '../results/dto/contention.dto';
import type { WeeklyAwardsDto } from '../results/dto/weekly-awards.dto';
import { WeeklyAwardsService } from '../results/weekly-awards.service';

/** What the weekly e-mail tells about the season so far: the same for every member, so read once per send. */
export interface WeeklyNews {
  /** The awards of the season's previous calculated week, or null. */
  lastAwards: WeeklyAwardsDto | null;
  season: ContentionDto | null;
}

/** Who can still win, as the picks sheet tells it once the week is locked. */
export interface LockNews {
  week: ContentionDto | null;
  season: ContentionDto | null;
}

export const NO_WEEKLY_NEWS: WeeklyNews = { lastAwards: null, season: null };
export const NO_LOCK_NEWS: LockNews = { week: null, season: null };

/**
 * The weekly awards and who is alive (docs/saturday.md#who-is-alive-in-the-e-mails), read for the e-mails. Who is
 * alive is a courtesy line: when it cannot be worked out, the e-mail goes without it (and the log says why) rather
 * than not at all, since the weekly e-mail and the picks sheet carry what members need to play.
 */
@Injectable()
export class SeasonNewsService {
  private readonly logger = new Logger(SeasonNewsService.name);

  constructor(
    private readonly awards: WeeklyAwardsService,
    private readonly live: LiveBoardService,
  ) {}

  /** For the e-mail sent before a week: last week's awards and who is still alive for the season. */
  async beforeWeek(weekId: number): Promise<WeeklyNews> {
    const [lastAwards, race] = await Promise.all([this.awards.lastBefore(weekId), this.race(weekId)]);
    return { lastAwards, season: race?.season ?? null };
  }

  /** For the picks sheet, once the week's picks are locked: who can still win the week and the season. */
  async atLock(weekId: number): Promise<LockNews> {
    const race = await this.race(weekId);
    return { week: race?.week ?? null, season: race?.season ?? null };
  }

  private async race(weekId: number): Promise<{ week: ContentionDto; season: ContentionDto | null } | null> {
    try {
      return await this.live.contention(weekId);
    } catch (error) {
      this.logger.warn(`Who can still win week ${weekId} is left out of its e-mail: ${(error as Error).message}`);
      return null;
    }
  }
}
