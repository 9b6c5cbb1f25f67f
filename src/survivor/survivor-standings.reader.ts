import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { SurvivorEntry } from './entities/survivor-entry.entity';
import { SurvivorResult } from './entities/survivor-result.entity';
import type { ContestState } from './survivor.store';

/** An entrant where the latest calculated week leaves them. */
export interface SurvivorStanding {
  user_id: number;
  name: string;
  rank: number;
  alive: boolean;
  lives_left: number;
  weeks_survived: number;
  /** Out together with everyone else alive in the contest's last week, under `all_lose: share_win`. */
  shared_win: boolean;
}

export interface SurvivorStandings {
  /** In standing order. */
  entrants: SurvivorStanding[];
  alive_count: number;
  finished: boolean;
  /** The winners' names, once finished. */
  winners: string[];
  /** The last calculated week's number; null before any. */
  last_week_number: number | null;
}

/**
 * The contest's standings as survivor_results leave them (docs/pool-formats.md#survivor#results): each entrant's
 * latest row, whether the contest is over and who won. An entrant without rows yet is alive with every life.
 */
@Injectable()
export class SurvivorStandingsReader {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async standings(state: ContestState): Promise<SurvivorStandings> {
    const { contest } = state;
    const entries = await this.dataSource.manager.find(SurvivorEntry, { where: { survivor_contest_id: contest.id }, relations: { user: true } });
    const rows = await this.dataSource.manager.find(SurvivorResult, { where: { survivor_contest_id: contest.id }, order: { week_number: 'ASC' } });
    const latest = new Map<number, SurvivorResult>();
    for (const row of rows) latest.set(row.user_id, row);
    const lastWeek = rows.length > 0 ? rows.at(-1)!.week_number : null;
    const entrants = entries.map((entry) => {
      const row = latest.get(entry.user_id);
      return {
        user_id: entry.user_id,
        name: entry.user?.name ?? '',
        rank: 0,
        alive: row ? row.alive : true,
        lives_left: row ? row.lives_left : contest.lives,
        weeks_survived: row ? row.weeks_survived : 0,
        shared_win: row !== undefined && !row.alive && row.all_lost && row.week_number === lastWeek,
      };
    });
    const first = (standing: SurvivorStanding) => (standing.alive || standing.shared_win ? 0 : 1);
    const key = (s: SurvivorStanding) => [first(s), -s.weeks_survived, -s.lives_left];
    const compare = (a: SurvivorStanding, b: SurvivorStanding) => {
      const [ka, kb] = [key(a), key(b)];
      for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i] - kb[i];
      return 0;
    };
    entrants.sort((a, b) => compare(a, b) || a.name.localeCompare(b.name) || a.user_id - b.user_id);
    entrants.forEach((standing, index) => {
      standing.rank = index > 0 && compare(entrants[index - 1], standing) === 0 ? entrants[index - 1].rank : index + 1;
    });
    const alive = entrants.filter((standing) => standing.alive);
    const finished = lastWeek !== null && (alive.length <= 1 || lastWeek >= state.lastWeekNumber);
    const winners = !finished ? [] : alive.length > 0 ? alive.map((s) => s.name) : entrants.filter((s) => s.shared_win).map((s) => s.name);
    return { entrants, alive_count: alive.length, finished, winners, last_week_number: lastWeek };
  }
}
