import { Game } from '../../src/games/entities/game.entity';
import { SurvivorEntry } from '../../src/survivor/entities/survivor-entry.entity';
import { SurvivorPick } from '../../src/survivor/entities/survivor-pick.entity';
import { SurvivorResult } from '../../src/survivor/entities/survivor-result.entity';
import type { Week } from '../../src/seasons/weeks/entities/week.entity';
import { Team } from '../../src/teams/entities/team.entity';
import { User } from '../../src/users/entities/user.entity';
import { createGame, createSeason, createWeek, dateFromNow, hoursFromNow } from './factories';
import { bearer, TestApp } from './test-app';

export interface SuiteGame {
  game: Game;
  home: Team;
  away: Team;
}
export interface SuiteWeek {
  week: Week;
  games: SuiteGame[];
}

/**
 * The set-up the survivor API test files share (docs/pool-formats.md#survivor): a test app, an admin session, and
 * seasons whose weeks hold games kicking off when a test says (hours from now: negative has kicked off). Call inside a
 * describe: it registers the beforeAll and afterAll.
 */
export function survivorSuite() {
  const s = { t: undefined as unknown as TestApp, admin: '', adminUser: undefined as unknown as User };
  beforeAll(async () => {
    s.t = await TestApp.start();
    s.admin = await s.t.adminToken();
    s.adminUser = await s.t.dataSource.getRepository(User).findOneByOrFail({ id: (await s.t.http.get('/api/me').set(bearer(s.admin))).body.id });
  });
  afterAll(() => s.t.close());

  const ds = () => s.t.dataSource;

  /** A season with a week per list of kickoffs (hours from now), each game between two new teams. */
  async function season(kickoffs: number[][], fields: Partial<Game> = {}): Promise<{ seasonId: number; weeks: SuiteWeek[] }> {
    const { id: seasonId } = await createSeason(ds());
    const weeks: SuiteWeek[] = [];
    for (const [index, hours] of kickoffs.entries()) {
      const week = await createWeek(ds(), { football_season_id: seasonId, number: index + 1, start_date: dateFromNow(-1), end_date: dateFromNow(60) });
      const games: SuiteGame[] = [];
      for (const h of hours) {
        // Whole seconds: MariaDB's DATETIME keeps no fraction, and the tests compare kickoffs exactly.
        const game = await createGame(ds(), { week_id: week.id, game_date: new Date(Math.floor(hoursFromNow(h).getTime() / 1000) * 1000), ...fields });
        const teams = ds().getRepository(Team);
        games.push({ game, home: await teams.findOneByOrFail({ id: game.home_team_id }), away: await teams.findOneByOrFail({ id: game.away_team_id }) });
      }
      weeks.push({ week, games });
    }
    return { seasonId, weeks };
  }

  /** A contest over the season from its first week, made through the API. */
  async function contest(seasonId: number, firstWeekId: number, fields: object = {}): Promise<{ id: number } & Record<string, unknown>> {
    const response = await s.t.http.post('/api/survivor_contests').set(bearer(s.admin)).send({ football_season_id: seasonId, first_week_id: firstWeekId, ...fields });
    if (response.status !== 201) throw new Error(`contest: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  }

  /** An entrant written straight to the database (entry may have closed). */
  const enter = (contestId: number, userId: number) =>
    ds().getRepository(SurvivorEntry).save({ survivor_contest_id: contestId, user_id: userId, entered_at: new Date(), entered_by_id: null, paid_at: null, paid_marked_by_id: null });

  /** A pick written straight to the database (its window may have closed). */
  const pick = (contestId: number, userId: number, week: SuiteWeek, team: Team, fields: Partial<SurvivorPick> = {}) => {
    const game = week.games.find(({ home, away }) => home.id === team.id || away.id === team.id)!.game;
    return ds().getRepository(SurvivorPick).save({ survivor_contest_id: contestId, user_id: userId, week_id: week.week.id, game_id: game.id, team_id: team.id, reuse_period: 0, assigned: false, ...fields });
  };

  /** A computed week of an entrant, written straight to survivor_results. */
  const result = (contestId: number, userId: number, week: SuiteWeek, fields: Partial<SurvivorResult>) =>
    ds().getRepository(SurvivorResult).save({
      survivor_contest_id: contestId,
      user_id: userId,
      week_id: week.week.id,
      week_number: week.week.number,
      team_id: null,
      outcome: 'win',
      lives_lost: 0,
      lives_left: 1,
      alive: true,
      weeks_survived: week.week.number,
      all_lost: false,
      calculated_at: new Date(),
      ...fields,
    });

  const putPick = (token: string, weekId: number, teamId: number) => s.t.http.put(`/api/weeks/${weekId}/survivor_pick`).set(bearer(token)).send({ team_id: teamId });
  const list = (path: string, filter: object) => s.t.http.get(`/api/${path}?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,99]`).set(bearer(s.admin));

  return Object.assign(s, { season, contest, enter, pick, result, putPick, list, ds });
}
