import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Between, In, Not, Repository } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { Game } from '../games/entities/game.entity';
import { duration } from '../common/count-of';
import { ScoreSyncService } from '../imports/score-sync.service';
import type { MaintenanceJob } from './maintenance-job';

/** A game kicked off longer ago than this is no longer "under way" for the job (the admin has its flag by then). */
export const SCORE_SYNC_LOOKBACK_MS = 48 * 3600 * 1000;

/** The slot of `now`: the start of its interval, "2026-11-25T17:05" (seconds only when the interval has them). */
export function scoreSyncSlot(now: Date, intervalMs: number): string {
  const start = new Date(Math.floor(now.getTime() / intervalMs) * intervalMs).toISOString();
  return intervalMs % 60_000 === 0 ? start.slice(0, 16) : start.slice(0, 19);
}

/**
 * Every SCORE_SYNC_INTERVAL, while a game of the current season has kicked off (within the last two days) and is
 * neither completed nor cancelled: the score sync of each week with such a game (docs/imports.md#score-sync).
 * One attempt per slot: a provider that fails marks the run failed, and the next slot is the retry.
 */
@Injectable()
export class ScoreSyncJob implements MaintenanceJob {
  readonly name = 'score-sync';
  readonly description = "Writes the data provider's scores to the games under way (SCORE_SYNC_PROVIDER)";
  readonly schedule: string;
  readonly maxAttempts = 1;

  constructor(
    @InjectRepository(Game) private readonly games: Repository<Game>,
    private readonly sync: ScoreSyncService,
    private readonly config: AppConfig,
  ) {
    const interval = config.providers.scoreSyncIntervalMs;
    this.schedule = interval === 0 ? 'Off (SCORE_SYNC_INTERVAL=0)' : `Every ${duration(interval)} while a game is under way`;
  }

  async dueSlot(now: Date): Promise<string | null> {
    const interval = this.config.providers.scoreSyncIntervalMs;
    if (interval === 0) return null;
    return (await this.weeksUnderWay(now)).length > 0 ? scoreSyncSlot(now, interval) : null;
  }

  async run(now: Date): Promise<string> {
    const reports: string[] = [];
    for (const weekId of await this.weeksUnderWay(now)) {
      const report = await this.sync.sync({ weekId, actor: null });
      reports.push(
        `week ${weekId}: ${report.changes.length} changed, ${report.flagged.length} flagged, ${report.unmatched.length} unmatched` +
          (report.results_calculated ? ', results calculated' : ''),
      );
    }
    return reports.length > 0 ? `Scores from ${this.config.providers.scoreSyncProvider}: ${reports.join('; ')}` : 'No game under way';
  }

  /** The weeks of the current season with a game kicked off in the last two days that is not final. */
  private async weeksUnderWay(now: Date): Promise<number[]> {
    const games = await this.games.find({
      where: {
        game_date: Between(new Date(now.getTime() - SCORE_SYNC_LOOKBACK_MS), now),
        status: Not(In(['completed', 'cancelled'])),
        week: { football_season: { is_current: true } },
      },
      relations: { week: { football_season: true } },
      select: { id: true, week_id: true, week: { id: true, football_season: { id: true } } },
    });
    return [...new Set(games.map((game) => game.week_id))].sort((a, b) => a - b);
  }
}
