import { Injectable } from '@nestjs/common';
import { DataSource, In, LessThan } from 'typeorm';
import type { Week } from '../seasons/weeks/entities/week.entity';
import { Week as WeekEntity } from '../seasons/weeks/entities/week.entity';
import { User } from '../users/entities/user.entity';
import { SurvivorContest } from './entities/survivor-contest.entity';
import { SurvivorEntry } from './entities/survivor-entry.entity';
import { SurvivorPick } from './entities/survivor-pick.entity';
import { SurvivorResult } from './entities/survivor-result.entity';

/** An entrant as the notices and the live board see them at the start of a week. */
export interface SurvivorEntrant {
  user: Pick<User, 'id' | 'name' | 'email'>;
  /** Alive after the last calculated week before this one (no rows yet: alive). */
  alive: boolean;
  lives_left: number;
  weeks_survived: number;
  /** Their pick of this week (with its team and game), or null. */
  pick: SurvivorPick | null;
}

/** A season's survivor contest as one of its weeks sees it: who is in, who is alive, and their picks of the week. */
export interface SurvivorWeek {
  contest: SurvivorContest;
  entrants: SurvivorEntrant[];
  alive: SurvivorEntrant[];
  /** The last calculated week before this one (its number), and the entrants it put out. */
  lastWeek: { number: number; out: string[] } | null;
}

/**
 * The survivor reads of the reminders, the picks sheet, the weekly e-mail and the live board
 * (docs/pool-formats.md#survivor): the contest that covers a week, if any. A week covers it from the contest's first
 * week on until the contest is over (a calculated week that left at most one entrant alive, or none).
 */
@Injectable()
export class SurvivorWeekReader {
  constructor(private readonly dataSource: DataSource) {}

  async of(week: Pick<Week, 'id' | 'number' | 'football_season_id'>): Promise<SurvivorWeek | null> {
    const contest = await this.dataSource.getRepository(SurvivorContest).findOneBy({ football_season_id: week.football_season_id });
    if (!contest) return null;
    const first = await this.dataSource.getRepository(WeekEntity).findOneBy({ id: contest.first_week_id });
    if (!first || week.number < first.number) return null;
    const [entries, results, picks] = await Promise.all([
      this.dataSource.getRepository(SurvivorEntry).find({ where: { survivor_contest_id: contest.id }, relations: { user: true }, order: { id: 'ASC' } }),
      this.dataSource.getRepository(SurvivorResult).find({
        where: { survivor_contest_id: contest.id, week_number: LessThan(week.number) },
        order: { week_number: 'ASC', id: 'ASC' },
      }),
      this.dataSource.getRepository(SurvivorPick).find({
        where: { survivor_contest_id: contest.id, week_id: week.id },
        relations: { team: true, game: { home_team: true, away_team: true } },
      }),
    ]);
    const latest = new Map<number, SurvivorResult>();
    for (const row of results) latest.set(row.user_id, row);
    const pickOf = new Map(picks.map((pick) => [pick.user_id, pick]));
    const entrants: SurvivorEntrant[] = entries
      .filter((entry) => entry.user)
      .map((entry) => {
        const row = latest.get(entry.user_id);
        const { id, name, email } = entry.user!;
        return {
          user: { id, name, email },
          alive: row ? row.alive : true,
          lives_left: row ? row.lives_left : contest.lives,
          weeks_survived: row ? row.weeks_survived : 0,
          pick: pickOf.get(entry.user_id) ?? null,
        };
      })
      .sort((a, b) => a.user.name.localeCompare(b.user.name) || a.user.id - b.user.id);
    const lastNumber = results.length ? results[results.length - 1].week_number : null;
    const lastRows = results.filter((row) => row.week_number === lastNumber);
    // Over: the last calculated week left at most one entrant alive (or shared the win); later weeks are not part of it.
    if (lastNumber !== null && lastRows.filter((row) => row.alive).length <= 1) return null;
    const names = new Map(entrants.map((entrant) => [entrant.user.id, entrant.user.name]));
    const out = lastRows.filter((row) => !row.alive).map((row) => names.get(row.user_id) ?? '').filter(Boolean).sort((a, b) => a.localeCompare(b));
    return { contest, entrants, alive: entrants.filter((entrant) => entrant.alive), lastWeek: lastNumber === null ? null : { number: lastNumber, out } };
  }

  /** The teams each member used, for many members at once. */
  async teamsUsedBy(contestId: number, userIds: number[]): Promise<Map<number, string[]>> {
    const used = new Map<number, string[]>();
    if (userIds.length === 0) return used;
    const picks = await this.dataSource.getRepository(SurvivorPick).find({
      where: { survivor_contest_id: contestId, user_id: In(userIds) },
      relations: { team: true, week: true },
    });
    picks.sort((a, b) => (a.week?.number ?? 0) - (b.week?.number ?? 0));
    for (const pick of picks) used.set(pick.user_id, [...(used.get(pick.user_id) ?? []), `${pick.team?.name ?? 'a team'} (week ${pick.week?.number ?? '?'})`]);
    return used;
  }
}
