/** Scenario 2 of `npm run bench:api`, the kickoff rush: the saves planned, sent, and checked against the database. */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FloorGame, FloorPickRow } from './api-floor';
import { GAMES, RUSH_IN_FLIGHT } from './api-bench-config';
import { Answer, call, fail, ms, percentile, perSecond, rows, Target, warn, yesNo } from './api-bench-results';
import { AppInstance, Environment, Member, Pool, startFloor, withDatabase } from './api-bench-app';

// ---------------------------------------------------------------------------------------------------------------
// 2. Kickoff rush.

export interface PickSave {
  member: Member;
  game: FloorGame;
  version: number; // 1: the first save of this (member, game); 2, 3: saved again
  team: { id: number; name: string };
  home: number | null;
  away: number | null;
  order: number;
}

/** A small seeded generator, so every run sends the same saves in the same order. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Every member saves each of the 10 games once, in an order of their own; a third of them then change two picks
 * (the other team, other tiebreaker scores) and one in seven changes the first of those back again. Each member's
 * saves are spread over a quarter of the run and the members overlap, as at a kickoff.
 */
export function planRush(members: Member[], pool: Pool): PickSave[] {
  const next = random(20_25);
  const saves: PickSave[] = [];
  members.forEach((member, i) => {
    const own: Omit<PickSave, 'order'>[] = [];
    const scores = (version: number): [number, number] =>
      version === 1 ? [(i * 7) % 60, (i * 11) % 60] : version === 2 ? [100 + (i % 100), 3 + (i % 50)] : [0, 199];
    const save = (g: number, version: number) => {
      const game = pool.games[g];
      const homeFirst = (i + g) % 2 === 0;
      const team = (version % 2 === 1) === homeFirst ? game.home : game.away;
      const [home, away] = game.id === pool.tiebreakerGameId ? scores(version) : [null, null];
      own.push({ member, game, version, team, home, away });
    };
    const games = Array.from({ length: GAMES }, (_, g) => g).sort(() => next() - 0.5);
    for (const g of games) save(g, 1);
    if (i % 3 === 0) {
      save(i % GAMES, 2);
      // Always the tiebreaker for some: new scores on a pick saved before.
      save(i % 2 === 0 ? GAMES - 1 : (i + 5) % GAMES, 2);
    }
    if (i % 7 === 0 && i % 3 === 0) save(i % GAMES, 3);
    const start = next();
    own.forEach((entry, k) => saves.push({ ...entry, order: start + k * 0.02 + next() * 0.005 }));
  });
  // A member's saves keep their order (k steps by 0.02, the jitter is smaller).
  return saves.sort((a, b) => a.order - b.order);
}

export const pickBody = (save: PickSave) => ({
  game_id: save.game.id,
  selected_winner: save.team.name,
  week_id: save.game.week_id,
  ...(save.home !== null ? { tiebreaker_home_score: save.home, tiebreaker_away_score: save.away } : {}),
});

export interface RushOutcome {
  seconds: number;
  latencies: number[];
  acknowledged: Map<string, PickSave>;
  refused: { save: PickSave; answer: Answer }[];
  serverErrors: number;
  noAnswer: number;
  wrongAnswer: number;
  wrongStatus: number;
}

export const keyOf = (userId: number, gameId: number) => `${userId}:${gameId}`;

/**
 * Sends the saves with RUSH_IN_FLIGHT in flight, spread over the targets in turn. Saves of the same (member, game)
 * never overlap: the next one leaves once the previous was answered, so "the last acknowledged save" is well defined.
 */
export async function rush(targets: Target[], saves: PickSave[], expectStatuses: boolean): Promise<RushOutcome> {
  const outcome: RushOutcome = { seconds: 0, latencies: [], acknowledged: new Map(), refused: [], serverErrors: 0, noAnswer: 0, wrongAnswer: 0, wrongStatus: 0 };
  const previous = new Map<string, Promise<void>>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: RUSH_IN_FLIGHT }, async () => {
      while (next < saves.length) {
        const n = next++;
        const save = saves[n];
        const key = keyOf(save.member.id, save.game.id);
        const before = previous.get(key);
        let done!: () => void;
        previous.set(key, new Promise((resolveDone) => (done = resolveDone)));
        if (before) await before;
        const answer = await call(targets[n % targets.length], 'POST', '/api/picks', { token: save.member.token, body: pickBody(save), timeoutMs: 60_000 });
        outcome.latencies.push(answer.ms);
        if (answer.status >= 200 && answer.status < 300) {
          outcome.acknowledged.set(key, save);
          try {
            const pick = JSON.parse(answer.body) as { selected_winner?: string; game_id?: number };
            if (pick.selected_winner !== save.team.name || pick.game_id !== save.game.id) outcome.wrongAnswer++;
          } catch {
            outcome.wrongAnswer++;
          }
          if (expectStatuses && answer.status !== (save.version === 1 ? 201 : 200)) outcome.wrongStatus++;
        } else {
          if (answer.status >= 500) outcome.serverErrors++;
          if (answer.status <= 0) outcome.noAnswer++;
          outcome.refused.push({ save, answer });
        }
        done();
      }
    }),
  );
  outcome.seconds = (performance.now() - started) / 1000;
  return outcome;
}

/** Lost, doubled, stale and unexpected picks: the stored rows against the last acknowledged save of each key. */
export function checkStored(label: string, outcome: RushOutcome, stored: FloorPickRow[], expectedKeys: number): string[] {
  const problems: string[] = [];
  const byKey = new Map<string, FloorPickRow[]>();
  for (const row of stored) {
    const key = keyOf(Number(row.user_id), Number(row.game_id));
    byKey.set(key, [...(byKey.get(key) ?? []), row]);
  }
  let lost = 0;
  let doubled = 0;
  let stale = 0;
  const examples: string[] = [];
  for (const [key, save] of outcome.acknowledged) {
    const found = byKey.get(key) ?? [];
    if (found.length === 0) {
      lost++;
      if (examples.length < 3) examples.push(`${key} lost`);
      continue;
    }
    if (found.length > 1) doubled++;
    const row = found[found.length - 1];
    const same =
      Number(row.selected_team_id) === save.team.id &&
      (row.tiebreaker_home_score === null ? null : Number(row.tiebreaker_home_score)) === save.home &&
      (row.tiebreaker_away_score === null ? null : Number(row.tiebreaker_away_score)) === save.away;
    if (!same) {
      stale++;
      if (examples.length < 3) {
        examples.push(`${key} stored team ${row.selected_team_id} ${row.tiebreaker_home_score}-${row.tiebreaker_away_score}, last acknowledged (save ${save.version}) team ${save.team.id} ${save.home}-${save.away}`);
      }
    }
  }
  const unexpected = [...byKey.keys()].filter((key) => !outcome.acknowledged.has(key)).length;
  if (lost) problems.push(`${label}: ${lost} acknowledged picks lost`);
  if (doubled) problems.push(`${label}: ${doubled} (member, game) pairs stored more than once`);
  if (stale) problems.push(`${label}: ${stale} stored picks differ from the last acknowledged save`);
  if (unexpected) problems.push(`${label}: ${unexpected} stored picks were never acknowledged`);
  if (outcome.acknowledged.size !== expectedKeys) problems.push(`${label}: ${outcome.acknowledged.size} of ${expectedKeys} (member, game) pairs acknowledged`);
  if (examples.length) problems.push(`${label}: e.g. ${examples.join('; ')}`);
  return problems;
}

export async function scenarioRush(env: Environment, apps: AppInstance[], pool: Pool, members: Member[]): Promise<void> {
  const saves = planRush(members, pool);
  const updates = saves.filter((save) => save.version > 1).length;
  const expectedKeys = members.length * GAMES;
  console.log(
    `\n== kickoff rush: ${members.length} members × ${GAMES} picks + ${updates} saved again = ${saves.length} POST /api/picks, ${RUSH_IN_FLIGHT} in flight, ` +
      `${apps.length} app instance${apps.length > 1 ? 's' : ''} (${env.engine})`,
  );

  const floor = await startFloor(
    env.floorUrl ? { mode: 'picks-mysql', url: env.floorUrl, games: pool.games } : { mode: 'picks-sqlite', file: join(env.work, 'floor.sqlite'), games: pool.games },
  );
  const floorOutcome = await rush([floor], saves, false);
  const floorProblems = checkStored('floor', floorOutcome, await floor.rows(), expectedKeys);
  await floor.stop();
  if (floorOutcome.refused.length || floorProblems.length) {
    // The floor answers 200 to every valid save; if it disagrees, the harness is wrong, not the app.
    fail(`rush floor: ${floorOutcome.refused.length} refused; ${floorProblems.join('; ') || 'stored picks as expected'}`);
  }

  const appOutcome = await rush(apps, saves, true);
  const stored = await withDatabase(env, (query) =>
    query('SELECT user_id, game_id, selected_team_id, tiebreaker_home_score, tiebreaker_away_score FROM picks'),
  ) as unknown as FloorPickRow[];
  const appProblems = checkStored('app', appOutcome, stored, expectedKeys);

  for (const [label, outcome] of [['floor', floorOutcome], ['app', appOutcome]] as const) {
    console.log(
      `  ${label.padEnd(5)}: ${perSecond(saves.length / outcome.seconds)} in ${outcome.seconds.toFixed(1)} s, p50 ${ms(percentile(outcome.latencies, 0.5))}, ` +
        `p99 ${ms(percentile(outcome.latencies, 0.99))}, max ${ms(Math.max(...outcome.latencies))}, ${outcome.acknowledged.size} pairs acknowledged, ` +
        `${outcome.refused.length} refused`,
    );
  }
  console.log(`  stored in the app's database: ${stored.length} picks for ${expectedKeys} (member, game) pairs`);
  if (appOutcome.refused.length) {
    const statuses = new Map<string, number>();
    for (const { answer } of appOutcome.refused) {
      const status = answer.status > 0 ? String(answer.status) : `${answer.status} ${answer.error}`;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    const example = appOutcome.refused[0];
    fail(
      `rush: ${appOutcome.refused.length} saves refused (${[...statuses].map(([status, n]) => `${n}× ${status}`).join(', ')}; ` +
        `${appOutcome.serverErrors} 5xx, ${appOutcome.noAnswer} without an answer), e.g. ${example.answer.status}: ${example.answer.body.slice(0, 200)}`,
    );
  }
  for (const problem of appProblems) fail(`rush ${problem}`);
  if (appOutcome.wrongAnswer) fail(`rush: ${appOutcome.wrongAnswer} acknowledgements named another team or game than the one saved`);
  if (appOutcome.wrongStatus) warn(`rush: ${appOutcome.wrongStatus} saves answered another status than 201 (first save) / 200 (saved again)`);
  if (!appOutcome.refused.length && !appProblems.length) console.log('  checked: nothing lost, doubled or refused; every stored pick is its last acknowledged save');

  const appRate = saves.length / appOutcome.seconds;
  const floorRate = saves.length / floorOutcome.seconds;
  const appP99 = percentile(appOutcome.latencies, 0.99);
  const label = apps.length > 1 ? `rush (${apps.length} instances)` : 'rush';
  rows.push({ scenario: `${label} picks/s`, figure: perSecond(appRate), floor: perSecond(floorRate), ratio: (appRate / floorRate).toFixed(3), goal: 'ratio ≥ 0.3', met: yesNo(appRate / floorRate >= 0.3) });
  rows.push({ scenario: `${label} p99`, figure: ms(appP99), floor: ms(percentile(floorOutcome.latencies, 0.99)), ratio: '', goal: 'p99 ≤ 250 ms', met: yesNo(appP99 <= 250) });
  rows.push({ scenario: `${label} correctness`, figure: appProblems.length || appOutcome.refused.length ? 'FAILED' : 'ok', floor: '', ratio: '', goal: 'no loss', met: yesNo(!appProblems.length && !appOutcome.refused.length) });
}
