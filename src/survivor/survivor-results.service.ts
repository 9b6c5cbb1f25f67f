import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Clock } from '../common/clock';
import { sqlDateTime } from '../results/sql';
import { SurvivorCalculationDto } from './dto/survivor-calculation.dto';
import { SurvivorContest } from './entities/survivor-contest.entity';
import { assignFavourites, CONTEST_WEEKS_SQL, finishedAfter, reusePeriodOf, SurvivorWeekStep, weekRows } from './survivor-sql';

export const SURVIVOR_CONTEST_NOT_FOUND = 'Survivor contest not found';

/** A contest week as CONTEST_WEEKS_SQL reads it. */
interface ContestWeek {
  id: number;
  number: number;
  complete: boolean;
  lastNumber: number;
}

/**
 * The survivor contest's results (docs/pool-formats.md#survivor): `survivor_results` computed set-wise in SQL
 * (src/survivor/survivor-sql.ts), week by week from the contest's first week while weeks are complete, in one
 * transaction that rewrites the contest's rows and its assigned picks. What to compute is read before the transaction;
 * inside it run only the statements, so on SQLite the write gate is held for the database's work alone.
 */
@Injectable()
export class SurvivorResultsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /** Recalculates the contest from its first week; answers how far it got. 404 for an unknown contest. */
  async calculate(contestId: number): Promise<SurvivorCalculationDto> {
    const contest = await this.dataSource.getRepository(SurvivorContest).findOneBy({ id: contestId });
    if (!contest) throw new NotFoundException(SURVIVOR_CONTEST_NOT_FOUND);
    const weeks = await this.completeWeeks(contestId);
    const [{ count: entrants }] = await this.dataSource.query('SELECT COUNT(*) AS count FROM survivor_entries WHERE survivor_contest_id = ?', [contestId]);
    // No entrant, nothing to play: the contest is not over before it starts.
    const playable = Number(entrants) > 0 ? weeks : [];
    const now = sqlDateTime(this.clock.now());
    return this.dataSource.transaction(async (manager) => {
      await manager.query('DELETE FROM survivor_results WHERE survivor_contest_id = ?', [contestId]);
      await manager.query('DELETE FROM survivor_picks WHERE survivor_contest_id = ? AND assigned = 1', [contestId]);
      let previousWeekNumber: number | null = null;
      let answer: SurvivorCalculationDto = { weeks_calculated: 0, alive_count: Number(entrants), finished: false };
      for (const week of playable) {
        const step: SurvivorWeekStep = {
          contestId,
          weekId: week.id,
          weekNumber: week.number,
          period: reusePeriodOf(contest.reuse, week.number, week.lastNumber),
          previousWeekNumber,
        };
        for (const statement of [...(contest.missed === 'favourite' ? [assignFavourites(contest, step, now)] : []), weekRows(contest, step, now)]) {
          await manager.query(statement.sql, statement.parameters);
        }
        const [{ alive }] = await manager.query('SELECT COUNT(*) AS alive FROM survivor_results WHERE survivor_contest_id = ? AND week_number = ? AND alive = 1', [
          contestId,
          week.number,
        ]);
        const finished = finishedAfter(Number(alive), week.number, week.lastNumber);
        answer = { weeks_calculated: answer.weeks_calculated + 1, alive_count: Number(alive), finished };
        if (finished) break;
        previousWeekNumber = week.number;
      }
      return answer;
    });
  }

  /** Recalculates the season's contest, if it has one. */
  async calculateForSeason(seasonId: number): Promise<SurvivorCalculationDto | null> {
    const contest = await this.dataSource.getRepository(SurvivorContest).findOne({ select: { id: true }, where: { football_season_id: seasonId } });
    return contest ? this.calculate(contest.id) : null;
  }

  /**
   * After games' outcomes changed in these weeks: recalculates each contest of their seasons where one of them is
   * now complete (its last final came in, or a final was corrected) or already has rows (a final was taken back).
   */
  async outcomeChanged(weekIds: number[]): Promise<void> {
    if (weekIds.length === 0) return;
    const marks = weekIds.map(() => '?').join(', ');
    const rows: { id: number | string }[] = await this.dataSource.query(
      `SELECT DISTINCT c.id FROM survivor_contests c JOIN weeks w ON w.football_season_id = c.football_season_id
       WHERE w.id IN (${marks}) AND (
         EXISTS (SELECT 1 FROM survivor_results r WHERE r.survivor_contest_id = c.id AND r.week_id = w.id)
         OR (EXISTS (SELECT 1 FROM games g WHERE g.week_id = w.id)
           AND NOT EXISTS (SELECT 1 FROM games g WHERE g.week_id = w.id AND g.status <> 'cancelled' AND g.winner_team_id IS NULL)))
       ORDER BY c.id`,
      weekIds,
    );
    for (const row of rows) await this.calculate(Number(row.id));
  }

  /** The contest's weeks from its first, as long as they are complete (a week's rows need the week before). */
  private async completeWeeks(contestId: number): Promise<ContestWeek[]> {
    const rows: Record<string, number | string>[] = await this.dataSource.query(CONTEST_WEEKS_SQL, [contestId]);
    const weeks = rows.map((row) => ({
      id: Number(row.id),
      number: Number(row.number),
      complete: Number(row.games) > 0 && Number(row.finals) === Number(row.games),
      lastNumber: Number(row.last_number),
    }));
    const firstOpen = weeks.findIndex((week) => !week.complete);
    return firstOpen === -1 ? weeks : weeks.slice(0, firstOpen);
  }
}
