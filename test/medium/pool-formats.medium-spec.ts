import fc from 'fast-check';
import { DataSource } from 'typeorm';
import { Game } from '../../src/games/entities/game.entity';
import { Pick } from '../../src/picks/entities/pick.entity';
import { SeasonResultsService } from '../../src/results/season-results.service';
import { WeeklyResultsService } from '../../src/results/weekly-results.service';
import { DEFAULT_RULES, MISSED_WEEK_RULES, PICK_MODES, PUSH_RULES, SeasonRules, WEEKLY_TIE_RULES } from '../../src/seasons/season-rules';
import { Team } from '../../src/teams/entities/team.entity';
import { User } from '../../src/users/entities/user.entity';
import { createSeason, createTeam, createWeek, hoursFromNow } from '../support/factories';
import { isCorrect, rankSeason, rankWeek, scoreSeason, scoreWeek, SeasonWeekRecord } from '../support/scoring-oracle';
import { TestApp } from '../support/test-app';

const MAX_MEMBERS = 6;
const MAX_GAMES = 6;

/** One game as drawn: a line, scores (sometimes exactly on the line), a forfeit or a cancellation. */
const gameArb = fc.record({
  cancelled: fc.integer({ min: 0, max: 7 }).map((n) => n === 0),
  forfeit: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  line: fc.option(fc.record({ team: fc.constantFrom('home' as const, 'away' as const), halves: fc.integer({ min: 0, max: 20 }) }), { nil: null }),
  onLine: fc.boolean(),
  home: fc.integer({ min: 0, max: 45 }),
  away: fc.integer({ min: 0, max: 45 }),
  /** Who is awarded a game tied on the scoreboard, or a forfeit. */
  awardAway: fc.boolean(),
});

/** One member's week as drawn: whether they play, each game's pick, the confidence order and the lock. */
const entryArb = fc.record({
  plays: fc.integer({ min: 0, max: 4 }).map((n) => n > 0),
  picks: fc.array(
    fc.record({
      picked: fc.integer({ min: 0, max: 6 }).map((n) => n > 0),
      away: fc.boolean(),
      tiebreaker: fc.option(fc.tuple(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 50 })), { nil: null }),
    }),
    { minLength: MAX_GAMES, maxLength: MAX_GAMES },
  ),
  /** Sorting the week's games by these keys gives the confidence order (a permutation of 1..N). */
  confidenceKeys: fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: MAX_GAMES, maxLength: MAX_GAMES }),
  lock: fc.integer({ min: -1, max: MAX_GAMES - 1 }),
});

const rulesArb: fc.Arbitrary<SeasonRules> = fc.record({
  pick_mode: fc.constantFrom(...PICK_MODES),
  push_rule: fc.constantFrom(...PUSH_RULES),
  confidence_points: fc.boolean(),
  lock_of_week: fc.boolean(),
  drop_worst_weeks: fc.integer({ min: 0, max: 4 }),
  missed_weeks: fc.constantFrom(...MISSED_WEEK_RULES),
  weekly_ties: fc.constantFrom(...WEEKLY_TIE_RULES),
}).map((drawn) => ({ ...DEFAULT_RULES, ...drawn }));

const leagueArb = fc.record({
  rules: rulesArb,
  members: fc.integer({ min: 1, max: MAX_MEMBERS }),
  weeks: fc.array(
    fc.record({
      games: fc.array(gameArb, { minLength: 1, maxLength: MAX_GAMES }),
      withTiebreaker: fc.boolean(),
      entries: fc.array(entryArb, { minLength: MAX_MEMBERS, maxLength: MAX_MEMBERS }),
    }),
    { minLength: 1, maxLength: 4 },
  ),
});
type League = typeof leagueArb extends fc.Arbitrary<infer T> ? T : never;

/**
 * The results engine held to the oracle (test/support/scoring-oracle.ts) on random small leagues, rules and outcomes:
 * each league is written to the real database, every week and the season are calculated by the real services, and
 * every figure, rank and is_correct flag must be what the pure functions say. Runs on SQLite, and on MariaDB with
 * TEST_DATABASE_URL.
 */
describe('Pool formats: the SQL engine against the scoring oracle', () => {
  let t: TestApp;
  let ds: DataSource;
  let weekly: WeeklyResultsService;
  let seasons: SeasonResultsService;
  let members: User[];
  let teams: Team[];

  beforeAll(async () => {
    t = await TestApp.start();
    ds = t.dataSource;
    weekly = t.app.get(WeeklyResultsService);
    seasons = t.app.get(SeasonResultsService);
    members = [];
    for (let i = 0; i < MAX_MEMBERS; i++) members.push(await t.createUser({ name: `Oracle ${i}` }));
    teams = [];
    for (let i = 0; i < 2 * MAX_GAMES; i++) teams.push(await createTeam(ds));
  });
  afterAll(() => t?.close());

  /** Writes the league: a season on its rules, its weeks, games and picks. */
  async function write(league: League): Promise<{ seasonId: number; weekIds: number[] }> {
    const { id: seasonId } = await createSeason(ds, { ...league.rules });
    const weekIds: number[] = [];
    for (const [index, drawn] of league.weeks.entries()) {
      const week = await createWeek(ds, { football_season_id: seasonId, number: index + 1 });
      weekIds.push(week.id);
      const games = drawn.games.map((game, g) => {
        const [home_team_id, away_team_id] = [teams[2 * g].id, teams[2 * g + 1].id];
        const betting_line = game.line && game.line.halves / 2;
        const fields = { week_id: week.id, home_team_id, away_team_id, game_date: hoursFromNow(-48 - g), is_tiebreaker: g === 0 && drawn.withTiebreaker };
        const line = { betting_line, betting_line_team: game.line?.team ?? null };
        if (game.cancelled) return { ...fields, ...line, status: 'cancelled' as const, winner_team_id: null, home_score: null, away_score: null };
        if (game.forfeit) return { ...fields, ...line, status: 'completed' as const, winner_team_id: game.awardAway ? away_team_id : home_team_id, home_score: null, away_score: null };
        let [home, away] = [game.home, game.away];
        if (game.onLine && betting_line !== null && Number.isInteger(betting_line)) home = away + (game.line!.team === 'home' ? betting_line : -betting_line);
        if (home < 0) [home, away] = [home + 20, away + 20];
        const winner_team_id = home > away ? home_team_id : home < away ? away_team_id : game.awardAway ? away_team_id : home_team_id;
        return { ...fields, ...line, status: 'completed' as const, winner_team_id, home_score: home, away_score: away };
      });
      await ds.getRepository(Game).insert(games);
      const stored = await ds.getRepository(Game).find({ where: { week_id: week.id }, order: { id: 'ASC' } });
      const picks: Partial<Pick>[] = [];
      for (const [m, entry] of drawn.entries.slice(0, league.members).entries()) {
        if (!entry.plays) continue;
        const order = stored.map((_, g) => g).sort((a, b) => entry.confidenceKeys[a] - entry.confidenceKeys[b] || a - b);
        stored.forEach((game, g) => {
          const drawnPick = entry.picks[g];
          if (!drawnPick.picked) return;
          picks.push({
            user_id: members[m].id,
            game_id: game.id,
            week_id: week.id,
            selected_team_id: drawnPick.away ? game.away_team_id : game.home_team_id,
            tiebreaker_home_score: game.is_tiebreaker ? (drawnPick.tiebreaker?.[0] ?? null) : null,
            tiebreaker_away_score: game.is_tiebreaker ? (drawnPick.tiebreaker?.[1] ?? null) : null,
            confidence: league.rules.confidence_points ? order.indexOf(g) + 1 : null,
            is_lock: league.rules.lock_of_week && entry.lock === g,
          });
        });
      }
      if (picks.length) await ds.getRepository(Pick).insert(picks);
    }
    return { seasonId, weekIds };
  }

  it('computes every week and the season exactly as the oracle does, on random leagues and rules', async () => {
    await fc.assert(
      fc.asyncProperty(leagueArb, async (league) => {
        const { rules } = league;
        const { seasonId, weekIds } = await write(league);
        const seasonWeeks: SeasonWeekRecord[] = [];
        const scored: number[] = [];
        for (const weekId of weekIds) {
          const dry = await weekly.calculate(weekId, { dryRun: true });
          await weekly.calculate(weekId);
          const games = await ds.getRepository(Game).findBy({ week_id: weekId });
          const picks = await ds.getRepository(Pick).findBy({ week_id: weekId });
          const expected = rankWeek(scoreWeek(games, picks, rules), rules);
          const stored = await weekly.findForWeek(weekId);
          const byUser = <T extends { user_id: number }>(rows: T[]) => [...rows].sort((a, b) => a.user_id - b.user_id);
          const actual = stored.map(({ user, wins, losses, total_games, pushes, points, win_percentage, tiebreaker_score, rank }) => ({
            user_id: user.id,
            wins,
            losses,
            total_games,
            pushes,
            points,
            win_percentage,
            tiebreaker_score,
            rank,
          }));
          expect(byUser(actual)).toEqual(byUser(expected));
          expect(dry.results!.map((result) => ({ ...result, id: null }))).toEqual(stored.map((result) => ({ ...result, id: null })));
          expect(JSON.parse(await weekly.findForWeekJson(weekId))).toEqual(stored);
          const gameOf = new Map(games.map((game) => [game.id, game]));
          expect(picks.map((pick) => [pick.id, pick.is_correct])).toEqual(picks.map((pick) => [pick.id, isCorrect(gameOf.get(pick.game_id)!, pick, rules)]));
          if (expected.length) scored.push(weekId);
          seasonWeeks.push(...expected.map((record) => ({ ...record, week_id: weekId })));
        }

        await seasons.calculate(seasonId);
        const { standings } = await seasons.standings(seasonId);
        const actual = standings.map(({ user, rank, ...totals }) => {
          const { id: _id, weeks_played: _weeksPlayed, ...figures } = totals;
          return { user_id: user.id, rank, ...figures };
        });
        const expected = rankSeason(scoreSeason(seasonWeeks, rules, scored), rules);
        const byUser = <T extends { user_id: number }>(rows: T[]) => [...rows].sort((a, b) => a.user_id - b.user_id);
        expect(byUser(actual)).toEqual(byUser(expected));
        expect(JSON.parse((await seasons.standingsJson(seasonId)).standings)).toEqual(standings);
      }),
      { numRuns: Number(process.env.POOL_FORMAT_RUNS ?? 50) },
    );
  });
});
