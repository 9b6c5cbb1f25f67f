import type { DataSource } from 'typeorm';
import type { Game } from '../../src/games/entities/game.entity';
import { SurvivorContest } from '../../src/survivor/entities/survivor-contest.entity';
import { SurvivorEntry } from '../../src/survivor/entities/survivor-entry.entity';
import { SurvivorPick } from '../../src/survivor/entities/survivor-pick.entity';
import { SurvivorResult } from '../../src/survivor/entities/survivor-result.entity';

/** A season's survivor contest starting at `first_week_id`, on the default rules unless told otherwise. */
export function createSurvivorContest(ds: DataSource, fields: Partial<SurvivorContest> & Pick<SurvivorContest, 'football_season_id' | 'first_week_id'>): Promise<SurvivorContest> {
  return ds.getRepository(SurvivorContest).save({ name: 'Survivor', payout_percentages: [], ...fields });
}

/** Members entered in a contest (opted in). */
export async function enterSurvivor(ds: DataSource, contest: SurvivorContest, userIds: number[]): Promise<void> {
  for (const user_id of userIds) await ds.getRepository(SurvivorEntry).save({ survivor_contest_id: contest.id, user_id, entered_at: new Date() });
}

/** An entrant's survivor pick of a game's team (the home team unless told). */
export function createSurvivorPick(ds: DataSource, contest: SurvivorContest, game: Game, user_id: number, team_id = game.home_team_id): Promise<SurvivorPick> {
  return ds.getRepository(SurvivorPick).save({ survivor_contest_id: contest.id, user_id, week_id: game.week_id, game_id: game.id, team_id, reuse_period: 0 });
}

/** A computed survivor week of an entrant, as the results would write it. */
export function createSurvivorResult(
  ds: DataSource,
  contest: SurvivorContest,
  week: { id: number; number: number },
  user_id: number,
  fields: Partial<SurvivorResult> = {},
): Promise<SurvivorResult> {
  const alive = fields.alive ?? true;
  return ds.getRepository(SurvivorResult).save({
    survivor_contest_id: contest.id,
    user_id,
    week_id: week.id,
    week_number: week.number,
    team_id: null,
    outcome: alive ? 'win' : 'loss',
    lives_lost: alive ? 0 : 1,
    lives_left: alive ? contest.lives : 0,
    alive,
    weeks_survived: alive ? week.number : week.number - 1,
    all_lost: false,
    calculated_at: new Date(),
    ...fields,
  });
}
