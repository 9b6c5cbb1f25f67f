import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CachedReads } from '../database/cached-reads';
import { Game } from '../games/entities/game.entity';
import { SeasonRulesReader } from '../games/season-rules.reader';
import { Pick as PickEntity } from '../picks/entities/pick.entity';
import { Player, PlayersReader } from '../picks/players.reader';
import { readNumber } from '../results/sql';
import type { SeasonRules } from '../seasons/season-rules';
import { Week } from '../seasons/weeks/entities/week.entity';
import { SurvivorWeek, SurvivorWeekReader } from '../survivor/survivor-week.reader';
import { User } from '../users/entities/user.entity';

/**
 * The longest a week's picks are kept without being read again, whatever their stamp says: a bound on what the stamp
 * cannot see (another instance changing a pick in the same second as the last one, so that its latest update time
 * stays, in a way the stamp's sums do not tell).
 */
export const LIVE_PICKS_MAX_AGE_MS = 60_000;

/** A pick as the board reads it: its own columns, no entity machinery (thousands of them). */
export type PickRow = Pick<PickEntity, 'user_id' | 'game_id' | 'selected_team_id' | 'is_correct' | 'confidence' | 'is_lock' | 'tiebreaker_home_score' | 'tiebreaker_away_score'>;

/**
 * A week's picks as last read, and the stamp they were read under. `generation` stands for their content: a read that
 * finds them as they were keeps it, so the board made of them is kept too.
 */
export interface WeekPicks {
  weekId: number;
  stamp: string;
  readAt: number;
  generation: number;
  rows: PickRow[];
}

/** The season's weeks with their game counts, and the stored results of its scored weeks. */
export interface SeasonRows {
  weeks: { id: number; number: number; games: number | string }[];
  stored: Record<string, string | number | null>[];
}

/** What a build of a week's board reads. */
export interface WeekReads {
  week: Week;
  rules: SeasonRules;
  games: Game[];
  members: Player[];
  picks: WeekPicks;
  season: SeasonRows;
  /** The season's survivor contest as the week sees it; null when it does not cover the week. */
  survivor: SurvivorWeek | null;
}

interface RawPick {
  user_id: number;
  game_id: number;
  selected_team_id: number;
  is_correct: number | boolean | null;
  confidence: number | null;
  is_lock: number | boolean;
  tiebreaker_home_score: number | null;
  tiebreaker_away_score: number | null;
}

const flag = (value: number | boolean | string | null): boolean | null => (value === null ? null : Number(value) === 1);

const PICK_COLUMNS = ['user_id', 'game_id', 'selected_team_id', 'is_correct', 'confidence', 'is_lock', 'tiebreaker_home_score', 'tiebreaker_away_score'] as const;

let generations = 0;

/**
 * The reads of a build of the live board (docs/saturday.md#the-live-board). The week's picks (ten thousand rows for a
 * pool of a thousand) are read again only when their stamp moved: one aggregate over them, with this process's
 * version of the picks and users tables (moved on by any write through TypeORM here). The stamp holds their count,
 * their ids summed, their latest update time, the ids of the right and of the wrong ones summed (the results write
 * is_correct with SQL of their own) and a sum of each pick's values weighted by its id, so a change by another instance
 * or with SQL of its own shows at the next build too; LIVE_PICKS_MAX_AGE_MS bounds what it could miss.
 */
@Injectable()
export class LiveWeekReads {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly reads: CachedReads,
    private readonly seasonRules: SeasonRulesReader,
    private readonly players: PlayersReader,
    private readonly survivors: SurvivorWeekReader,
  ) {}

  /** Everything a build reads; 404 for an unknown week. `kept`: the picks the build before read. */
  async of(weekId: number, kept: WeekPicks | undefined, now: number): Promise<WeekReads> {
    const week = await this.dataSource.getRepository(Week).findOne({ where: { id: weekId }, relations: { football_season: true } });
    if (!week) throw new NotFoundException('Week not found');
    const rules = await this.seasonRules.cached(week.football_season_id);
    const [games, members, picks, season, survivor] = await Promise.all([
      this.dataSource.getRepository(Game).find({
        where: { week_id: weekId },
        relations: { home_team: true, away_team: true },
        order: { game_date: 'ASC', id: 'ASC' },
      }),
      this.players.of(rules),
      this.picks(weekId, kept, now),
      this.seasonRows(week.football_season_id),
      this.survivors.of(week),
    ]);
    return { week, rules, games, members, picks, season, survivor };
  }

  /** The week's picks: those kept while their stamp holds (and LIVE_PICKS_MAX_AGE_MS has not passed), else read. */
  private async picks(weekId: number, kept: WeekPicks | undefined, now: number): Promise<WeekPicks> {
    const stamp = await this.stampOf(weekId);
    const fresh = kept && kept.weekId === weekId && now >= kept.readAt && now - kept.readAt < LIVE_PICKS_MAX_AGE_MS;
    if (kept && fresh && kept.stamp === stamp) return kept;
    const rows = await this.picksOf(weekId);
    const same = kept && kept.weekId === weekId && samePicks(kept.rows, rows);
    return { weekId, stamp, readAt: now, generation: same ? kept.generation : ++generations, rows: same ? kept.rows : rows };
  }

  /** Taken before the picks are read: a change during the read leaves them under a stamp already gone. */
  private async stampOf(weekId: number): Promise<string> {
    const versions = this.reads.versionOf([PickEntity, User]);
    const [row] = (await this.dataSource.query(
      `SELECT COUNT(*) AS n, SUM(id) AS ids, MAX(updated_at) AS latest,
         SUM(CASE WHEN is_correct = 1 THEN id ELSE 0 END) AS rights, SUM(CASE WHEN is_correct = 0 THEN id ELSE 0 END) AS wrongs,
         SUM((selected_team_id * 7 + COALESCE(confidence, 0) * 131 + is_lock * 1031 + COALESCE(tiebreaker_home_score, 0) * 8191
           + COALESCE(tiebreaker_away_score, 0) * 65537) * (id % 9973 + 1)) AS pick_values
       FROM picks WHERE week_id = ?`,
      [weekId],
    )) as Record<string, unknown>[];
    return `${versions}|${JSON.stringify(row)}`;
  }

  private async picksOf(weekId: number): Promise<PickRow[]> {
    const rows: RawPick[] = await this.dataSource.query(`SELECT ${PICK_COLUMNS.join(', ')} FROM picks WHERE week_id = ? ORDER BY id`, [weekId]);
    return rows.map((row) => ({
      user_id: Number(row.user_id),
      game_id: Number(row.game_id),
      selected_team_id: Number(row.selected_team_id),
      is_correct: flag(row.is_correct as number | null),
      confidence: readNumber(row.confidence),
      is_lock: flag(row.is_lock as number) === true,
      tiebreaker_home_score: readNumber(row.tiebreaker_home_score),
      tiebreaker_away_score: readNumber(row.tiebreaker_away_score),
    }));
  }

  /** In a stable order: they are part of the board's key. */
  private async seasonRows(seasonId: number): Promise<SeasonRows> {
    const [weeks, stored] = await Promise.all([
      this.dataSource.query(
        `SELECT w.id, w.number, (SELECT COUNT(*) FROM games g WHERE g.week_id = w.id) AS games
         FROM weeks w WHERE w.football_season_id = ? ORDER BY w.number, w.id`,
        [seasonId],
      ),
      this.dataSource.query(
        `SELECT wr.week_id, wr.user_id, wr.wins, wr.losses, wr.total_games, wr.pushes, wr.points, wr.tiebreaker_score
         FROM weekly_results wr JOIN weeks w ON w.id = wr.week_id WHERE w.football_season_id = ? ORDER BY wr.week_id, wr.user_id`,
        [seasonId],
      ),
    ]);
    return { weeks, stored };
  }
}

function samePicks(before: PickRow[], after: PickRow[]): boolean {
  return before.length === after.length && before.every((pick, i) => PICK_COLUMNS.every((column) => pick[column] === after[i][column]));
}
