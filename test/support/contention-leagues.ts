import fc from 'fast-check';
import { ContentionGame, ContentionPick, Landing, StoredWeekRecord } from '../../src/results/contention';
import type { ContentionDto, ContentionStatus } from '../../src/results/dto/contention.dto';
import { DEFAULT_RULES, MISSED_WEEK_RULES, PICK_MODES, PUSH_RULES, SeasonRules, WEEKLY_TIE_RULES } from '../../src/seasons/season-rules';
import { awayTeam, BruteGame, gamesAt, homeTeam, landingOf, landingsOf, outcomes, scoresFor } from './contention-brute-force';
import { scoreWeek, ScoredPick, SeasonWeekRecord, WeekRecord } from './scoring-oracle';

/**
 * Random small leagues under random rules (every rule field drawn) for the property tests of "Who can still win"
 * (src/results/contention/week.property.spec.ts, season.property.spec.ts), and the brute force's verdicts on them.
 * The brute force scans tiebreaker scores 0..SCAN each side: predictions lie in 0..10 and lines within ±5, so
 * beyond that every member's distance grows alike and no order changes (one property checks the full 0..199).
 */
const MAX_MEMBERS = 5;
const MAX_GAMES = 10;
const PREDICTION = 10;
export const WEEK_SCAN = 24;
/** Stored tiebreaker totals (up to 8) stand beside the predictions in a season, so its scan reaches further. */
export const SEASON_SCAN = 44;
export const RUNS = Number(process.env.CONTENTION_RUNS ?? 100);

const rulesArb: fc.Arbitrary<SeasonRules> = fc
  .record({
    pick_mode: fc.constantFrom(...PICK_MODES),
    push_rule: fc.constantFrom(...PUSH_RULES),
    half_point_lines: fc.boolean(),
    confidence_points: fc.boolean(),
    lock_of_week: fc.boolean(),
    drop_worst_weeks: fc.integer({ min: 0, max: 3 }),
    missed_weeks: fc.constantFrom(...MISSED_WEEK_RULES),
    weekly_ties: fc.constantFrom(...WEEKLY_TIE_RULES),
    games_per_week: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
    commissioner_plays: fc.boolean(),
  })
  .map((rules) => ({ ...DEFAULT_RULES, ...rules, half_point_lines: rules.half_point_lines && rules.pick_mode === 'spread' }));

const gameArb = fc.record({
  line: fc.option(fc.record({ team: fc.constantFrom('home' as const, 'away' as const), halves: fc.integer({ min: 0, max: 9 }) }), { nil: null }),
  home: fc.integer({ min: 0, max: 20 }),
  away: fc.integer({ min: 0, max: 20 }),
  awardAway: fc.boolean(),
  forfeit: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
});
type DrawnGame = typeof gameArb extends fc.Arbitrary<infer T> ? T : never;

const predictionArb = fc.tuple(fc.integer({ min: 0, max: PREDICTION }), fc.integer({ min: 0, max: PREDICTION }));
const entryArb = fc.record({
  picks: fc.array(
    fc.record({
      picked: fc.integer({ min: 0, max: 5 }).map((n) => n > 0),
      away: fc.boolean(),
      /** No prediction, the league's common one (identical predictions), or one of their own. */
      prediction: fc.oneof(fc.constant(null), fc.constant('common' as const), predictionArb),
    }),
    { minLength: MAX_GAMES, maxLength: MAX_GAMES },
  ),
  confidenceKeys: fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: MAX_GAMES, maxLength: MAX_GAMES }),
  lock: fc.integer({ min: -1, max: MAX_GAMES - 1 }),
});

export const weekArb = (counts: { members: [number, number]; decided: [number, number]; undecided: [number, number]; open: [number, number] }) =>
  fc.record({
    rules: rulesArb,
    members: fc.integer({ min: counts.members[0], max: counts.members[1] }),
    decided: fc.array(gameArb, { minLength: counts.decided[0], maxLength: counts.decided[1] }),
    cancelled: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
    undecided: fc.array(gameArb, { minLength: counts.undecided[0], maxLength: counts.undecided[1] }),
    open: fc.array(gameArb, { minLength: counts.open[0], maxLength: counts.open[1] }),
    /** Which game is the tiebreaker (by position among all; beyond the last: none). */
    tiebreaker: fc.integer({ min: 0, max: MAX_GAMES }),
    common: predictionArb,
    entries: fc.array(entryArb, { minLength: MAX_MEMBERS, maxLength: MAX_MEMBERS }),
  });
type DrawnWeek = typeof weekArb extends (...args: never[]) => fc.Arbitrary<infer T> ? T : never;

/** A drawn week as the brute force's games and picks and as the engine's input. */
export function buildWeek(drawn: DrawnWeek) {
  const { rules } = drawn;
  const drawnGames: [DrawnGame, BruteGame['state']][] = [
    ...drawn.decided.map((game): [DrawnGame, BruteGame['state']] => [game, game.forfeit ? 'forfeit' : 'decided']),
    ...(drawn.cancelled ? [[drawn.decided[0] ?? drawn.undecided[0] ?? drawn.open[0], 'cancelled'] as [DrawnGame, BruteGame['state']]] : []),
    ...drawn.undecided.map((game): [DrawnGame, BruteGame['state']] => [game, 'undecided']),
    ...drawn.open.map((game): [DrawnGame, BruteGame['state']] => [game, 'open']),
  ];
  const games: BruteGame[] = drawnGames.map(([game, state], i) => {
    let value = game.line ? game.line.halves / 2 : 0;
    if (rules.half_point_lines && value > 0 && Number.isInteger(value)) value += 0.5;
    return {
      id: i + 1,
      state,
      is_tiebreaker: i === drawn.tiebreaker,
      line: game.line ? { team: game.line.team, value } : null,
      home: game.home,
      away: game.away,
      awardAway: game.awardAway,
    };
  });
  const members = Array.from({ length: drawn.members }, (_, i) => ({ id: i + 1, name: `Member ${i + 1}` }));
  const N = games.length;
  /** Every member's pick of every game as drawn; open games' picks are not public (the brute force redraws them). */
  const all: (ScoredPick & { side: 'home' | 'away' })[] = [];
  members.forEach((member, m) => {
    const entry = drawn.entries[m];
    const order = games.map((_, i) => i).sort((a, b) => entry.confidenceKeys[a] - entry.confidenceKeys[b] || a - b);
    games.forEach((game, i) => {
      const drawnPick = entry.picks[i];
      if (!drawnPick.picked) return;
      const prediction = game.is_tiebreaker ? (drawnPick.prediction === 'common' ? drawn.common : drawnPick.prediction) : null;
      const side = drawnPick.away ? ('away' as const) : ('home' as const);
      all.push({
        user_id: member.id,
        game_id: game.id,
        side,
        selected_team_id: side === 'home' ? homeTeam(game) : awayTeam(game),
        confidence: rules.confidence_points ? order.indexOf(i) + 1 : null,
        is_lock: rules.lock_of_week && entry.lock === i,
        tiebreaker_home_score: prediction?.[0] ?? null,
        tiebreaker_away_score: prediction?.[1] ?? null,
      });
    });
    void N;
  });
  const isOpen = (gameId: number) => games.find((game) => game.id === gameId)!.state === 'open';
  const publicPicks = all.filter((pick) => !isOpen(pick.game_id));
  const contentionGames: ContentionGame[] = games.map((game) => {
    const landing = landingOf(rules, game);
    const scored = gamesAt(rules, [game], new Map(), null)[0];
    const undecided = game.state === 'undecided' || game.state === 'open';
    return {
      id: game.id,
      home_team_id: homeTeam(game),
      away_team_id: awayTeam(game),
      home_name: `Home ${game.id}`,
      away_name: `Away ${game.id}`,
      status: game.state === 'cancelled' ? 'cancelled' : undecided ? 'in_progress' : 'completed',
      landing,
      can_push: undecided && landingsOf(rules, game).includes('push'),
      is_tiebreaker: game.is_tiebreaker,
      home_score: undecided ? null : scored.home_score,
      away_score: undecided ? null : scored.away_score,
      locked: game.state !== 'open',
      game_date: new Date(Date.UTC(2026, 8, 5, 16 + game.id)),
      betting_line: game.line?.value ?? null,
      betting_line_team: game.line?.team ?? null,
    };
  });
  const contentionPicks: ContentionPick[] = publicPicks.map((pick) => ({
    user_id: pick.user_id,
    game_id: pick.game_id,
    side: pick.side,
    confidence: pick.confidence,
    is_lock: pick.is_lock,
    tiebreaker_home_score: pick.tiebreaker_home_score,
    tiebreaker_away_score: pick.tiebreaker_away_score,
  }));
  return { rules, games, members, publicPicks, contentionGames, contentionPicks };
}

/** Brute-force statuses from the scenarios each member wins. */
export function tally(members: { id: number }[]) {
  const won = new Map(members.map((member) => [member.id, 0]));
  let scenarios = 0;
  return {
    add(winners: Set<number>) {
      scenarios += 1;
      for (const id of winners) won.set(id, won.get(id)! + 1);
    },
    status(id: number): ContentionStatus {
      const count = won.get(id)!;
      return scenarios > 0 && count === scenarios ? 'clinched' : count > 0 ? 'can_win' : 'eliminated';
    },
  };
}

export const statuses = (answer: ContentionDto) => new Map(answer.contenders.map((contender) => [contender.user.id, contender.status]));

/** Every path's promise: each outcome its conditions allow wins the member (for every score unless it needs the tiebreaker). */
export function checkPaths(answer: ContentionDto, scenarios: { outcome: Map<number, Landing>; winners: Set<number> }[]) {
  for (const contender of answer.contenders) {
    for (const path of contender.paths ?? []) {
      const within = scenarios.filter((scenario) => path.conditions.every((condition) => scenario.outcome.get(condition.game_id) === condition.outcome));
      const byOutcome = new Map<string, boolean[]>();
      for (const scenario of within) {
        const key = [...scenario.outcome].join(';');
        byOutcome.set(key, [...(byOutcome.get(key) ?? []), scenario.winners.has(contender.user.id)]);
      }
      for (const [, wins] of byOutcome) {
        expect(wins.some(Boolean)).toBe(true);
        if (!path.needs_tiebreaker) expect(wins.every(Boolean)).toBe(true);
      }
    }
  }
}

/** Stored weeks: each member's record or none. */
export const storedArb = fc.array(
  fc.array(
    fc.option(
      fc.record({
        wins: fc.integer({ min: 0, max: 5 }),
        pushes: fc.integer({ min: 0, max: 1 }),
        points: fc.integer({ min: 0, max: 12 }),
        half: fc.boolean(),
        tiebreaker: fc.option(fc.integer({ min: 0, max: 4 }), { nil: null }),
      }),
      { nil: null },
    ),
    { minLength: MAX_MEMBERS, maxLength: MAX_MEMBERS },
  ),
  { minLength: 0, maxLength: 2 },
);

/** The drawn stored weeks as the engine's scored weeks (a week without records was never scored). */
export function storedWeeks(rules: SeasonRules, members: { id: number }[], drawnStored: (typeof storedArb extends fc.Arbitrary<infer T> ? T : never)) {
  const halfRule = rules.pick_mode === 'spread' && rules.push_rule === 'half';
  const scored_weeks = drawnStored
    .map((week, w) => ({
      week_id: w + 1,
      records: members.flatMap((member, m): StoredWeekRecord[] => {
        const record = week[m];
        if (!record) return [];
        const total_games = 6;
        const pushes = Math.min(record.pushes, total_games - record.wins);
        return [
          {
            user_id: member.id,
            wins: record.wins,
            losses: total_games - record.wins - (halfRule ? pushes : 0),
            total_games,
            pushes,
            points: record.points + (halfRule && record.half ? 0.5 : 0),
            tiebreaker_score: record.tiebreaker,
          },
        ];
      }),
    }))
    .filter((week) => week.records.length > 0);
  const stored: SeasonWeekRecord[] = scored_weeks.flatMap((week) => week.records.map((record) => ({ ...record, week_id: week.week_id, win_percentage: 0 })));
  return { scored_weeks, stored };
}

/**
 * Every world of a week with open games: each outcome (two tiebreaker scores per landing) and every combination of
 * the records each member could end with, however they pick the open games (their own picks score alone).
 */
export function everyWorld(
  rules: SeasonRules,
  games: BruteGame[],
  members: { id: number }[],
  publicPicks: ScoredPick[],
  winners: (records: WeekRecord[]) => Set<number>,
) {
  const open = games.filter((game) => game.state === 'open');
  const plans = members.map((member) => openPlans(rules, games, open, publicPicks.filter((pick) => pick.user_id === member.id), member.id));
  const undecided = games.filter((game) => game.state === 'undecided' || game.state === 'open');
  const tiebreaker = undecided.find((game) => game.is_tiebreaker);
  const result = { tally: tally(members), points: new Map<number, number[]>() };
  for (const outcome of outcomes(rules, undecided)) {
    const cells = tiebreaker ? scoresFor(rules, tiebreaker, outcome.get(tiebreaker.id)!, PREDICTION) : [null];
    for (const score of new Set([cells[0], cells[cells.length - 1]])) {
      const scoredGames = gamesAt(rules, games, outcome, score);
      const possible = members.map((member, m) => {
        const own = publicPicks.filter((pick) => pick.user_id === member.id);
        const records = new Map<string, WeekRecord | null>();
        for (const plan of plans[m]) {
          const record = scoreWeek(scoredGames, [...own, ...plan], rules)[0] ?? null;
          records.set(JSON.stringify(record), record);
        }
        return [...records.values()];
      });
      for (const world of product(possible)) {
        const records = world.filter((record): record is WeekRecord => record !== null);
        result.tally.add(winners(records));
        for (const record of records) result.points.set(record.user_id, [...(result.points.get(record.user_id) ?? []), record.points]);
      }
    }
  }
  return result;
}

/** Every combination taking one item of each list. */
function* product<T>(lists: T[][]): Generator<T[]> {
  if (lists.length === 0) {
    yield [];
    return;
  }
  for (const head of lists[0]) for (const rest of product(lists.slice(1))) yield [head, ...rest];
}

/**
 * The ways a member may still pick the open games: each game left, home or away; in a confidence season distinct
 * numbers their locked picks don't hold (the two largest and the smallest free ones: enough to reach the most and the least); the lock on one of them unless it sits on a locked pick; a tiebreaker prediction when the tiebreaker is open.
 */
function openPlans(rules: SeasonRules, games: BruteGame[], open: BruteGame[], own: ScoredPick[], userId: number): ScoredPick[][] {
  const used = new Set(own.map((pick) => pick.confidence));
  const free = games.map((_, i) => games.length - i).filter((n) => !used.has(n));
  const numbers = rules.confidence_points ? [...new Set([...free.slice(0, 2), ...free.slice(-1)])] : [null];
  const lockFree = rules.lock_of_week && !own.some((pick) => pick.is_lock);
  let plans: ScoredPick[][] = [[]];
  for (const game of open) {
    const next: ScoredPick[][] = [];
    for (const plan of plans) {
      next.push(plan);
      for (const side of ['home', 'away'] as const) {
        for (const confidence of numbers) {
          if (confidence !== null && plan.some((pick) => pick.confidence === confidence)) continue;
          for (const prediction of game.is_tiebreaker ? [null, [3, 3]] : [null]) {
            next.push([
              ...plan,
              {
                user_id: userId,
                game_id: game.id,
                selected_team_id: side === 'home' ? homeTeam(game) : awayTeam(game),
                confidence,
                is_lock: false,
                tiebreaker_home_score: prediction?.[0] ?? null,
                tiebreaker_away_score: prediction?.[1] ?? null,
              },
            ]);
          }
        }
      }
    }
    plans = next;
  }
  if (!lockFree) return plans;
  return plans.flatMap((plan) => [plan, ...plan.map((_, i) => plan.map((pick, j) => ({ ...pick, is_lock: i === j })))]);
}

/**
 * Counts a property file's leagues and how often each status came up, per property, logged after its tests: a
 * property that never sees a clinched member proves little.
 */
export function leagueLog(label: string) {
  const started = Date.now();
  const log = {
    cases: 0,
    seen: {} as Record<string, Record<ContentionStatus, number>>,
    count(property: string, answer: ContentionDto) {
      log.seen[property] ??= { clinched: 0, can_win: 0, eliminated: 0 };
      for (const contender of answer.contenders) log.seen[property][contender.status] += 1;
    },
  };
  afterAll(() => console.log(`${label}: ${log.cases} leagues in ${Date.now() - started} ms`, JSON.stringify(log.seen)));
  return log;
}
