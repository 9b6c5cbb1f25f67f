import { Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, MoreThanOrEqual } from 'typeorm';
import { Clock } from '../common/clock';
import { Game } from '../games/entities/game.entity';
import { pickDeadline, pickWindow, PickWindow } from '../games/pick-window';
import { FootballSeason } from '../seasons/entities/football-season.entity';
import { SEASON_NOT_FOUND } from '../seasons/season-messages';
import { Week } from '../seasons/weeks/entities/week.entity';
import { WeekCalendarService } from '../seasons/weeks/week-calendar.service';
import { SurvivorContest } from './entities/survivor-contest.entity';
import { SurvivorEntry } from './entities/survivor-entry.entity';
import { SurvivorPick } from './entities/survivor-pick.entity';
import { describeSurvivorRules, reusePeriod, SURVIVOR_MESSAGES } from './survivor-rules';

/** A contest with what is computed for it on read: its season's weeks, the contest's first week and its lock. */
/** The contest's own fields and rules as every answer shows them, admins' and members'. */
export const contestFields = (contest: SurvivorContest, state: Pick<ContestState, 'firstWeek'>) => ({
  id: contest.id,
  football_season_id: contest.football_season_id,
  name: contest.name,
  first_week_id: contest.first_week_id,
  first_week_number: state.firstWeek.number,
  pick_mode: contest.pick_mode,
  reuse: contest.reuse,
  lives: contest.lives,
  ties: contest.ties,
  missed: contest.missed,
  all_lose: contest.all_lose,
  entry_fee_cents: contest.entry_fee_cents,
  payout_percentages: contest.payout_percentages,
  rules_summary: describeSurvivorRules(contest),
});

export interface ContestState {
  contest: SurvivorContest;
  season: FootballSeason;
  /** The season's weeks, by number. */
  weeks: Week[];
  firstWeek: Week;
  /** The contest's weeks: the first week and every later one. */
  contestWeeks: Week[];
  lastWeekNumber: number;
  /** The first week's first pick deadline (null while it has no games): entry closes and the rules lock then. */
  entryClosesAt: Date | null;
  rulesLocked: boolean;
}

/** A game of a week with its teams, and its pick window now. */
export interface WindowedGame {
  game: Game;
  window: PickWindow;
}

/** The reads the survivor services share (docs/pool-formats.md#survivor). */
@Injectable()
export class SurvivorStore {
  constructor(
    @InjectDataSource() readonly dataSource: DataSource,
    private readonly calendar: WeekCalendarService,
    private readonly clock: Clock,
  ) {}

  now(): Date {
    return this.clock.now();
  }

  async contestOrFail(id: number): Promise<SurvivorContest> {
    const contest = await this.dataSource.manager.findOneBy(SurvivorContest, { id });
    if (!contest) throw new NotFoundException(SURVIVOR_MESSAGES.contestNotFound);
    return contest;
  }

  async seasonOrFail(id: number): Promise<FootballSeason> {
    const season = await this.dataSource.manager.findOneBy(FootballSeason, { id });
    if (!season) throw new NotFoundException(SEASON_NOT_FOUND);
    return season;
  }

  weeksOf(seasonId: number, manager: EntityManager = this.dataSource.manager): Promise<Week[]> {
    return manager.find(Week, { where: { football_season_id: seasonId }, order: { number: 'ASC' } });
  }

  /** Each week's first pick deadline (its earliest kickoff among games not cancelled, less the hour), by week id. */
  async firstDeadlines(weekIds: number[], manager: EntityManager = this.dataSource.manager): Promise<Map<number, Date>> {
    if (weekIds.length === 0) return new Map();
    const games = await manager.find(Game, { where: { week_id: In(weekIds) }, select: { id: true, week_id: true, game_date: true, status: true } });
    const deadlines = new Map<number, Date>();
    for (const game of games) {
      if (game.status === 'cancelled') continue;
      const deadline = pickDeadline(game);
      const earliest = deadlines.get(game.week_id);
      if (!earliest || deadline < earliest) deadlines.set(game.week_id, deadline);
    }
    return deadlines;
  }

  /** The first week whose first pick deadline has not passed (a week without games has not): the default first week. */
  async defaultFirstWeek(seasonId: number): Promise<Week> {
    const weeks = await this.weeksOf(seasonId);
    if (weeks.length === 0) throw new UnprocessableEntityException(SURVIVOR_MESSAGES.noWeeks);
    const deadlines = await this.firstDeadlines(weeks.map((week) => week.id));
    const now = this.now();
    const open = weeks.find((week) => !deadlines.has(week.id) || deadlines.get(week.id)! > now);
    if (!open) throw new UnprocessableEntityException(SURVIVOR_MESSAGES.allWeeksLocked);
    return open;
  }

  async stateOf(contest: SurvivorContest, manager: EntityManager = this.dataSource.manager): Promise<ContestState> {
    const season = (await manager.findOneBy(FootballSeason, { id: contest.football_season_id }))!;
    const weeks = await this.weeksOf(contest.football_season_id, manager);
    const firstWeek = weeks.find((week) => week.id === contest.first_week_id)!;
    const entryClosesAt = (await this.firstDeadlines([firstWeek.id], manager)).get(firstWeek.id) ?? null;
    return {
      contest,
      season,
      weeks,
      firstWeek,
      contestWeeks: weeks.filter((week) => week.number >= firstWeek.number),
      lastWeekNumber: weeks.at(-1)!.number,
      entryClosesAt,
      rulesLocked: entryClosesAt !== null && entryClosesAt <= this.now(),
    };
  }

  /** The contest of a season, or null. */
  contestOfSeason(seasonId: number): Promise<SurvivorContest | null> {
    return this.dataSource.manager.findOneBy(SurvivorContest, { football_season_id: seasonId });
  }

  entryOf(contestId: number, userId: number, manager: EntityManager = this.dataSource.manager): Promise<SurvivorEntry | null> {
    return manager.findOneBy(SurvivorEntry, { survivor_contest_id: contestId, user_id: userId });
  }

  /** The week and the contest its season runs, refused when the week is not one of the contest's. */
  async weekInContest(weekId: number): Promise<{ week: Week; state: ContestState }> {
    const week = await this.dataSource.manager.findOneBy(Week, { id: weekId });
    if (!week) throw new NotFoundException('Week not found');
    const contest = await this.contestOfSeason(week.football_season_id);
    if (!contest) throw new NotFoundException(SURVIVOR_MESSAGES.noContest);
    const state = await this.stateOf(contest);
    if (week.number < state.firstWeek.number) throw new UnprocessableEntityException(SURVIVOR_MESSAGES.weekOutside);
    return { week, state };
  }

  /** The week's games with their teams, by kickoff, each with its pick window now. */
  async gamesOf(week: Week): Promise<WindowedGame[]> {
    const games = await this.dataSource.manager.find(Game, {
      where: { week_id: week.id },
      relations: { home_team: true, away_team: true },
      order: { game_date: 'ASC', id: 'ASC' },
    });
    const status = await this.calendar.statusOf(week);
    const now = this.now();
    return games.map((game) => ({ game, window: pickWindow(game, status, now) }));
  }

  /** The pick window of one game now. */
  async windowOf(game: Game, week: Week): Promise<PickWindow> {
    return pickWindow(game, await this.calendar.statusOf(week), this.now());
  }

  /** The weeks among these with a game open for picks now. */
  async openWeeks(weeks: Week[]): Promise<Set<number>> {
    if (weeks.length === 0) return new Set();
    const now = this.now();
    const games = await this.dataSource.manager.find(Game, { where: { week_id: In(weeks.map((week) => week.id)), game_date: MoreThanOrEqual(now) } });
    const statuses = await this.calendar.statuses(weeks);
    return new Set(games.filter((game) => pickWindow(game, statuses.get(game.week_id)!, now).picks_allowed).map((game) => game.week_id));
  }

  /** The week picks are for now: the earliest contest week with an open game, else the contest's last week. */
  async pickWeek(state: ContestState): Promise<Week> {
    const open = await this.openWeeks(state.contestWeeks);
    return state.contestWeeks.find((week) => open.has(week.id)) ?? state.contestWeeks.at(-1)!;
  }

  /** The entrant's other pick of the team in the week's reuse period, with its week number; null when the team is free. */
  async usedElsewhere(manager: EntityManager, state: ContestState, userId: number, teamId: number, week: Week): Promise<{ pick: SurvivorPick; weekNumber: number } | null> {
    const period = reusePeriod(state.contest.reuse, week.number, state.lastWeekNumber);
    const pick = await manager.findOne(SurvivorPick, {
      where: { survivor_contest_id: state.contest.id, user_id: userId, team_id: teamId, reuse_period: period },
      relations: { week: true },
    });
    if (!pick || pick.week_id === week.id) return null;
    return { pick, weekNumber: pick.week!.number };
  }
}
