import { ConflictException, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { Principal } from '../common/principal';
import { isRetryableConflict, retryOnConflict } from '../database/retry-on-conflict';
import { Game } from '../games/entities/game.entity';
import { Week } from '../seasons/weeks/entities/week.entity';
import { Team } from '../teams/entities/team.entity';
import { SurvivorOwnPickDto, SurvivorWeekPickDto } from './dto/member-survivor.dto';
import { SurvivorPick } from './entities/survivor-pick.entity';
import { reusePeriod, SURVIVOR_MESSAGES, teamLine } from './survivor-rules';
import { SurvivorStandingsReader } from './survivor-standings.reader';
import { ContestState, SurvivorStore, WindowedGame } from './survivor.store';

/** A pick as its owner reads it. */
export const ownPick = (pick: SurvivorPick, weekNumber: number, teamName: string): SurvivorOwnPickDto => ({
  id: pick.id,
  survivor_contest_id: pick.survivor_contest_id,
  week_id: pick.week_id,
  week_number: weekNumber,
  game_id: pick.game_id,
  team_id: pick.team_id,
  team_name: teamName,
  assigned: Boolean(pick.assigned),
  updated_at: new Date(pick.updated_at).toISOString(),
});

/** The game of the week a team plays in (not cancelled), or null. */
export const gameOfTeam = (games: WindowedGame[], teamId: number): WindowedGame | null =>
  games.find(({ game }) => game.status !== 'cancelled' && (game.home_team_id === teamId || game.away_team_id === teamId)) ?? null;

/**
 * A member's survivor pick of a week (docs/pool-formats.md#survivor#picks): one team of the week's games, within its
 * game's pick window, once per reuse period, by an entrant still alive in a contest not over. The unique keys of
 * survivor_picks hold the last two rules when two requests race; the loser is answered as if it had come second.
 */
@Injectable()
export class SurvivorPicksService {
  constructor(
    private readonly store: SurvivorStore,
    private readonly standings: SurvivorStandingsReader,
  ) {}

  private get manager(): EntityManager {
    return this.store.dataSource.manager;
  }

  /** GET /api/weeks/{id}/survivor_pick: the member's pick and the week's teams. */
  async weekPick(weekId: number, viewer: Principal): Promise<SurvivorWeekPickDto> {
    const { week, state } = await this.store.weekInContest(weekId);
    const games = await this.store.gamesOf(week);
    const own = await this.manager.findOne(SurvivorPick, { where: { survivor_contest_id: state.contest.id, user_id: viewer.id, week_id: week.id }, relations: { team: true } });
    const period = reusePeriod(state.contest.reuse, week.number, state.lastWeekNumber);
    const used = await this.manager.find(SurvivorPick, { where: { survivor_contest_id: state.contest.id, user_id: viewer.id, reuse_period: period }, relations: { week: true } });
    const usedIn = new Map(used.filter((pick) => pick.week_id !== week.id).map((pick) => [pick.team_id, pick.week!.number]));
    const options = games
      .filter(({ game }) => game.status !== 'cancelled')
      .flatMap(({ game, window }) =>
        [true, false].map((home) => {
          const [team, opponent] = home ? [game.home_team!, game.away_team!] : [game.away_team!, game.home_team!];
          return {
            team_id: team.id,
            team_name: team.name,
            game_id: game.id,
            opponent_name: opponent.name,
            home,
            game_date: game.game_date.toISOString(),
            pick_deadline: window.pick_deadline.toISOString(),
            picks_allowed: window.picks_allowed,
            line: teamLine(game, home),
            used_week_number: usedIn.get(team.id) ?? null,
          };
        }),
      );
    return { pick: own ? ownPick(own, week.number, own.team!.name) : null, options };
  }

  /** PUT /api/weeks/{id}/survivor_pick: saves the member's team of the week. */
  async save(weekId: number, teamId: number, viewer: Principal): Promise<SurvivorOwnPickDto> {
    const { week, state } = await this.store.weekInContest(weekId);
    await this.assertPlaying(state, viewer);
    const games = await this.store.gamesOf(week);
    const chosen = gameOfTeam(games, teamId);
    if (!chosen) throw new UnprocessableEntityException(SURVIVOR_MESSAGES.teamNotPlaying);
    if (chosen.window.refusal) throw new UnprocessableEntityException(chosen.window.refusal);
    const team = chosen.game.home_team_id === teamId ? chosen.game.home_team! : chosen.game.away_team!;
    const pick = await this.raceSafe(() =>
      this.store.dataSource.transaction(async (manager) => {
        const existing = await manager.findOneBy(SurvivorPick, { survivor_contest_id: state.contest.id, user_id: viewer.id, week_id: week.id });
        if (existing) await this.assertOpen(existing, week, manager);
        if (existing?.team_id === teamId) return existing;
        return this.write(manager, state, viewer.id, week, chosen.game, team, existing, 'You');
      }),
    );
    return ownPick(pick, week.number, team.name);
  }

  /** DELETE /api/weeks/{id}/survivor_pick: clears the member's pick while its game is open. */
  async clear(weekId: number, viewer: Principal): Promise<void> {
    const { week, state } = await this.store.weekInContest(weekId);
    await this.assertPlaying(state, viewer);
    await this.store.dataSource.transaction(async (manager) => {
      const existing = await manager.findOneBy(SurvivorPick, { survivor_contest_id: state.contest.id, user_id: viewer.id, week_id: week.id });
      if (!existing) throw new NotFoundException(SURVIVOR_MESSAGES.noPick);
      await this.assertOpen(existing, week, manager);
      await manager.delete(SurvivorPick, { id: existing.id });
    });
  }

  /**
   * Writes the entrant's pick of the week (a new one, or the existing one changed) after the reuse rule: shared by the
   * member's save and an admin's override. `who` names the entrant in the refusal ("You used Georgia in week 3").
   */
  async write(manager: EntityManager, state: ContestState, userId: number, week: Week, game: Game, team: Team, existing: SurvivorPick | null, who: string): Promise<SurvivorPick> {
    const used = await this.store.usedElsewhere(manager, state, userId, team.id, week);
    if (used) throw new UnprocessableEntityException(SURVIVOR_MESSAGES.used(who, team.name, used.weekNumber));
    const now = this.store.now();
    const fields = { game_id: game.id, team_id: team.id, reuse_period: reusePeriod(state.contest.reuse, week.number, state.lastWeekNumber), assigned: false, updated_at: now };
    if (existing) {
      await manager.update(SurvivorPick, { id: existing.id }, fields);
      return { ...existing, ...fields };
    }
    const row = { survivor_contest_id: state.contest.id, user_id: userId, week_id: week.id, ...fields, created_at: now };
    const { identifiers } = await manager.insert(SurvivorPick, row);
    return { ...row, id: identifiers[0].id as number } as SurvivorPick;
  }

  /**
   * Runs a pick's read-check-write again when a concurrent request won a unique key (its run then finds the winner's
   * row: the same week's pick to change, or the team used); a race still lost after that is a 409, never a 500.
   */
  async raceSafe<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await retryOnConflict(work);
    } catch (error) {
      if (isRetryableConflict(error)) throw new ConflictException(SURVIVOR_MESSAGES.race);
      throw error;
    }
  }

  /** Entered, alive after the last calculated week, and the contest not over (docs/pool-formats.md#picks). */
  private async assertPlaying(state: ContestState, viewer: Principal): Promise<void> {
    if (!(await this.store.entryOf(state.contest.id, viewer.id))) throw new UnprocessableEntityException(SURVIVOR_MESSAGES.notEntered);
    const standings = await this.standings.standings(state.contest.id, { history: false });
    if (standings.finished) throw new UnprocessableEntityException(SURVIVOR_MESSAGES.over);
    if (!standings.entrants.find((standing) => standing.user_id === viewer.id)?.alive) throw new UnprocessableEntityException(SURVIVOR_MESSAGES.out);
  }

  /** A member changes or clears a pick only while its game's window is open. */
  private async assertOpen(pick: SurvivorPick, week: Week, manager: EntityManager): Promise<void> {
    const game = await manager.findOneByOrFail(Game, { id: pick.game_id });
    const window = await this.store.windowOf(game, week);
    if (window.refusal) throw new UnprocessableEntityException(window.refusal);
  }
}
