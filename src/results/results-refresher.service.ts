import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { Week } from '../seasons/weeks/entities/week.entity';
import { SeasonResultsService } from './season-results.service';
import { WeeklyResultsService } from './weekly-results.service';

/**
 * Keeps results current without an admin's click: once every game of a week has a winner, a change to a game's
 * outcome (the last missing winner, or a correction) recalculates the week and its season's standings. Told by
 * GameOutcomeListener, after the change commits. Domains above results that keep their own figures from the same
 * outcomes (the survivor contest) follow it: they are told the same weeks afterwards, one after another (on SQLite
 * the commit's flow still holds the write gate, so their work must not run beside this).
 * Switched off with AUTO_CALCULATE_RESULTS=false.
 */
@Injectable()
export class ResultsRefresherService {
  private readonly logger = new Logger(ResultsRefresherService.name);
  private readonly followers: ((weekIds: number[]) => Promise<void>)[] = [];

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly weekly: WeeklyResultsService,
    private readonly seasons: SeasonResultsService,
    private readonly config: AppConfig,
  ) {}

  /** Work to do after each refresh, told the weeks whose outcomes changed (whether or not they are complete). */
  follow(follower: (weekIds: number[]) => Promise<void>): void {
    this.followers.push(follower);
  }

  async outcomeChanged(weekIds: number[]): Promise<void> {
    if (!this.config.autoCalculateResults) return;
    await this.refresh(weekIds);
    for (const follower of this.followers) {
      try {
        await follower([...new Set(weekIds)]);
      } catch (error) {
        this.logger.error(`Following the outcomes of weeks ${weekIds.join(', ')} failed: ${(error as Error).message}`, (error as Error).stack);
      }
    }
  }

  private async refresh(weekIds: number[]): Promise<void> {
    for (const weekId of new Set(weekIds)) {
      try {
        if (!(await this.weekly.isComplete(weekId))) continue;
        const week = await this.dataSource.getRepository(Week).findOneByOrFail({ id: weekId });
        await this.weekly.calculate(weekId);
        await this.seasons.calculate(week.football_season_id);
      } catch (error) {
        // The admin's change is saved; the results can still be calculated by hand.
        this.logger.error(`Automatic results calculation for week ${weekId} failed: ${(error as Error).message}`, (error as Error).stack);
      }
    }
  }
}
