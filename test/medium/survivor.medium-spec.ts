import fc from 'fast-check';
import { DataSource } from 'typeorm';
import { Game } from '../../src/games/entities/game.entity';
import { SurvivorContest } from '../../src/survivor/entities/survivor-contest.entity';
import { SurvivorEntry } from '../../src/survivor/entities/survivor-entry.entity';
import { SurvivorPick } from '../../src/survivor/entities/survivor-pick.entity';
import { SurvivorResult } from '../../src/survivor/entities/survivor-result.entity';
import { SurvivorResultsService } from '../../src/survivor/survivor-results.service';
import { SurvivorStandingsReader } from '../../src/survivor/survivor-standings.reader';
import { Team } from '../../src/teams/entities/team.entity';
import { User } from '../../src/users/entities/user.entity';
import { createSeason, createTeam, createWeek, hoursFromNow } from '../support/factories';
import { OracleContest, OracleRules, OracleWeek, reusePeriod, runContest } from '../support/survivor-oracle';
import { TestApp } from '../support/test-app';

const MAX_ENTRANTS = 5;
const TEAMS = 8;
const MAX_GAMES = 4;
const MAX_WEEKS = 6;

/** One game as drawn: which teams (by a shuffle of the pool), a line, scores (sometimes exactly on it), a forfeit, a cancellation, still open. */
const gameArb = fc.record({
  cancelled: fc.integer({ min: 0, max: 7 }).map((n) => n === 0),
  open: fc.integer({ min: 0, max: 24 }).map((n) => n === 0),
  forfeit: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  line: fc.option(fc.record({ team: fc.constantFrom('home' as const, 'away' as const), halves: fc.integer({ min: 0, max: 14 }) }), { nil: null }),
  onLine: fc.boolean(),
  home: fc.integer({ min: 0, max: 35 }),
  away: fc.integer({ min: 0, max: 35 }),
  awardAway: fc.boolean(),
  /** Minutes after the week's first kickoff: equal kickoffs happen. */
  kickoff: fc.integer({ min: 0, max: 2 }),
});

/** An entrant's pick of a week: none, or a game of it and a side. Picks breaking the reuse rule are dropped. */
const pickArb = fc.option(fc.record({ game: fc.integer({ min: 0, max: MAX_GAMES - 1 }), away: fc.boolean() }), { nil: null, freq: 3 });

const rulesArb: fc.Arbitrary<OracleRules> = fc.record({
  pick_mode: fc.constantFrom('winner' as const, 'spread' as const),
  reuse: fc.constantFrom('never' as const, 'half' as const),
  lives: fc.integer({ min: 1, max: 3 }),
  ties: fc.constantFrom('win' as const, 'loss' as const),
  missed: fc.constantFrom('loss' as const, 'favourite' as const),
  all_lose: fc.constantFrom('stay_alive' as const, 'share_win' as const),
});

const contestArb = fc.record({
  rules: rulesArb,
  entrants: fc.integer({ min: 1, max: MAX_ENTRANTS }),
  /** The contest starts at the season's first or second week. */
  firstWeek: fc.integer({ min: 0, max: 1 }),
  weeks: fc.array(
    fc.record({
      games: fc.array(gameArb, { minLength: 1, maxLength: MAX_GAMES }),
      shuffle: fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: TEAMS, maxLength: TEAMS }),
      picks: fc.array(pickArb, { minLength: MAX_ENTRANTS, maxLength: MAX_ENTRANTS }),
    }),
    { minLength: 2, maxLength: MAX_WEEKS },
  ),
});
type Drawn = typeof contestArb extends fc.Arbitrary<infer T> ? T : never;

/**
 * The survivor results held to the oracle (test/support/survivor-oracle.ts) on random small contests: lives 1-3,
 * reuse never or by half, ties and pushes against the spread, missed weeks under both rules (favourites assigned),
 * everyone losing under both all-lose rules, cancelled and still-open games. Each contest is written to the real
 * database, calculated (twice: a recalculation rewrites the same rows) by the real service, and every row, assigned
 * pick and figure must be what the pure functions say. Runs on SQLite, and on MariaDB with TEST_DATABASE_URL.
 */
describe('Survivor: the SQL engine against the oracle', () => {
  let t: TestApp;
  let ds: DataSource;
  let service: SurvivorResultsService;
  let reader: SurvivorStandingsReader;
  let entrants: User[];
  let teams: Team[];

  beforeAll(async () => {
    t = await TestApp.start({ AUTO_CALCULATE_RESULTS: 'false' });
    ds = t.dataSource;
    service = t.app.get(SurvivorResultsService);
    reader = t.app.get(SurvivorStandingsReader);
    entrants = [];
    for (let i = 0; i < MAX_ENTRANTS; i++) entrants.push(await t.createUser({ name: `Survivor ${i}` }));
    teams = [];
    for (let i = 0; i < TEAMS; i++) teams.push(await createTeam(ds));
  });
  afterAll(() => t?.close());

  /** Writes the contest: a season, its weeks and games, the contest on its rules, its entrants and their valid picks. */
  async function write(drawn: Drawn): Promise<{ contestId: number; oracle: OracleContest }> {
    const { id: seasonId } = await createSeason(ds);
    const weeks: OracleWeek[] = [];
    const start = hoursFromNow(-24 * 7 * MAX_WEEKS);
    for (const [index, drawnWeek] of drawn.weeks.entries()) {
      const week = await createWeek(ds, { football_season_id: seasonId, number: index + 1 });
      const order = teams.map((_, i) => i).sort((a, b) => drawnWeek.shuffle[a] - drawnWeek.shuffle[b] || a - b);
      const kickoff = new Date(start.getTime() + index * 7 * 86_400_000);
      const games = drawnWeek.games.map((game, g) => {
        const [home_team_id, away_team_id] = [teams[order[2 * g]].id, teams[order[2 * g + 1]].id];
        const betting_line = game.line && game.line.halves / 2;
        const fields = { week_id: week.id, home_team_id, away_team_id, game_date: new Date(kickoff.getTime() + game.kickoff * 60_000), is_tiebreaker: false };
        const line = { betting_line, betting_line_team: game.line?.team ?? null };
        const none = { winner_team_id: null, home_score: null, away_score: null };
        if (game.cancelled) return { ...fields, ...line, ...none, status: 'cancelled' as const };
        if (game.open) return { ...fields, ...line, ...none, status: 'scheduled' as const };
        if (game.forfeit) return { ...fields, ...line, ...none, status: 'completed' as const, winner_team_id: game.awardAway ? away_team_id : home_team_id };
        let [home, away] = [game.home, game.away];
        if (game.onLine && betting_line !== null && Number.isInteger(betting_line)) home = away + (game.line!.team === 'home' ? betting_line : -betting_line);
        if (home < 0) [home, away] = [home + 20, away + 20];
        const winner_team_id = home > away ? home_team_id : home < away ? away_team_id : game.awardAway ? away_team_id : home_team_id;
        return { ...fields, ...line, status: 'completed' as const, winner_team_id, home_score: home, away_score: away };
      });
      await ds.getRepository(Game).insert(games);
      weeks.push({ id: week.id, number: week.number, games: await ds.getRepository(Game).find({ where: { week_id: week.id }, order: { id: 'ASC' } }) });
    }
    const contestWeeks = weeks.slice(drawn.firstWeek);
    const lastWeekNumber = weeks.length;
    const contest = await ds.getRepository(SurvivorContest).save({ football_season_id: seasonId, first_week_id: contestWeeks[0].id, ...drawn.rules });
    const users = entrants.slice(0, drawn.entrants).map((user) => user.id);
    await ds.getRepository(SurvivorEntry).insert(users.map((user_id) => ({ survivor_contest_id: contest.id, user_id, entered_at: new Date() })));
    const picks: Partial<SurvivorPick>[] = [];
    const used = new Set<string>();
    for (const [w, week] of contestWeeks.entries()) {
      const period = reusePeriod(drawn.rules, week.number, lastWeekNumber);
      users.forEach((user_id, e) => {
        const drawnPick = drawn.weeks[w + drawn.firstWeek].picks[e];
        const game = drawnPick && week.games[drawnPick.game % week.games.length];
        if (!game || game.status === 'cancelled') return;
        const team_id = drawnPick.away ? game.away_team_id : game.home_team_id;
        if (used.has(`${user_id}:${team_id}:${period}`)) return;
        used.add(`${user_id}:${team_id}:${period}`);
        picks.push({ survivor_contest_id: contest.id, user_id, week_id: week.id, game_id: game.id, team_id, reuse_period: period, assigned: false });
      });
    }
    if (picks.length) await ds.getRepository(SurvivorPick).insert(picks);
    const oracle: OracleContest = {
      rules: drawn.rules,
      entrants: users,
      weeks: contestWeeks,
      lastWeekNumber,
      picks: picks.map((p) => ({ user_id: p.user_id!, week_id: p.week_id!, game_id: p.game_id!, team_id: p.team_id! })),
    };
    return { contestId: contest.id, oracle };
  }

  const stored = async (contestId: number) =>
    (await ds.getRepository(SurvivorResult).find({ where: { survivor_contest_id: contestId }, order: { week_number: 'ASC', user_id: 'ASC' } })).map(
      ({ user_id, week_id, week_number, team_id, outcome, lives_lost, lives_left, alive, weeks_survived, all_lost }) => ({
        user_id,
        week_id,
        week_number,
        team_id,
        outcome,
        lives_lost,
        lives_left,
        alive,
        weeks_survived,
        all_lost,
      }),
    );
  const assigned = async (contestId: number) =>
    (await ds.getRepository(SurvivorPick).find({ where: { survivor_contest_id: contestId, assigned: true }, order: { week_id: 'ASC', user_id: 'ASC' } })).map(
      ({ user_id, week_id, game_id, team_id }) => ({ user_id, week_id, game_id, team_id }),
    );

  it('computes every week exactly as the oracle does, on random contests and rules', async () => {
    await fc.assert(
      fc.asyncProperty(contestArb, async (drawn) => {
        const { contestId, oracle } = await write(drawn);
        const expected = runContest(oracle);
        const byWeek = <T extends { week_id: number; user_id: number }>(rows: T[]) => [...rows].sort((a, b) => a.week_id - b.week_id || a.user_id - b.user_id);
        for (let run = 0; run < 2; run++) {
          const answer = await service.calculate(contestId);
          expect(answer).toEqual({ weeks_calculated: expected.weeks_calculated, alive_count: expected.alive_count, finished: expected.finished });
          expect(await stored(contestId)).toEqual(byWeek(expected.rows));
          expect(await assigned(contestId)).toEqual(byWeek(expected.assigned));
        }
        const standings = await reader.standings(contestId);
        expect(standings.finished).toBe(expected.finished);
        expect(standings.alive_count).toBe(expected.alive_count);
        expect(standings.winners.map((winner) => winner.user_id).sort((a, b) => a - b)).toEqual(expected.winners);
        const history = standings.entrants.flatMap((entrant) => entrant.history.map((week) => ({ user_id: entrant.user_id, week_id: week.week_id, outcome: week.outcome })));
        expect(byWeek(history)).toEqual(byWeek(expected.rows.map(({ user_id, week_id, outcome }) => ({ user_id, week_id, outcome }))));
      }),
      { numRuns: Number(process.env.SURVIVOR_RUNS ?? 60) },
    );
    // Sixty contests, each written and calculated twice: on MariaDB on a busy machine this outlasts Jest's 30 s.
  }, 180_000);
});
