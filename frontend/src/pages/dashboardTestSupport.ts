import { screen } from '@testing-library/react';
import type { Game, Pick } from '../api/types';
import { session } from '../session/session';
import { CURRENT_SEASON, gameFixture, outsideActEnvironment, SEASONS, stubApi } from '../test/helpers';

/**
 * The set-up the DashboardPage.<subject>.test.tsx files share: a stubbed pool, the hooks each describe registers, and
 * the page's game cards and summary by their accessible names.
 */

type Answer = { status: number; body: unknown };

/** A small pool: the current season, week 2's games, and the member's picks kept like the server keeps them. */
export function pool(options: { games?: Game[]; picks?: Pick[]; seasonWeeks?: typeof CURRENT_SEASON.weeks; refuse?: string; standings?: unknown } = {}) {
  const games = options.games ?? [gameFixture(1, { hoursAhead: 50 }), gameFixture(2, { hoursAhead: 26 }), gameFixture(3, { hoursAhead: 75, is_tiebreaker: true })];
  const picks: Pick[] = [...(options.picks ?? [])];
  let nextId = 100;
  const save = (body: Pick, id?: number): Answer => {
    if (options.refuse) return { status: 422, body: { errors: [options.refuse] } };
    const existing = picks.find((pick) => pick.game_id === body.game_id || pick.id === id);
    const saved: Pick = {
      id: existing?.id ?? nextId++,
      game_id: body.game_id ?? existing!.game_id,
      week_id: 2,
      selected_winner: body.selected_winner,
      tiebreaker_home_score: body.tiebreaker_home_score ?? existing?.tiebreaker_home_score ?? null,
      tiebreaker_away_score: body.tiebreaker_away_score ?? existing?.tiebreaker_away_score ?? null,
    };
    picks.splice(0, picks.length, ...picks.filter((pick) => pick.game_id !== saved.game_id), saved);
    return { status: existing ? 200 : 201, body: saved };
  };
  const routes: Record<string, unknown> = {
    'GET /api/app_config': { app_name: 'Test Pool' },
    'GET /api/football_seasons': SEASONS,
    'GET /api/football_seasons/1': { ...CURRENT_SEASON, weeks: options.seasonWeeks ?? CURRENT_SEASON.weeks },
    'GET /api/football_seasons/9': { ...SEASONS[1], weeks: [] },
    'GET /api/games': () => ({ status: 200, body: games }),
    'GET /api/picks': () => ({ status: 200, body: [...picks] }),
    'POST /api/picks': (body: unknown) => save(body as Pick),
    'GET /api/standings': options.standings ?? [],
  };
  for (const id of [...picks.map((pick) => pick.id!), 100, 101, 102]) routes[`PUT /api/picks/${id}`] = (body: unknown) => save(body as Pick, id);
  const stub = stubApi(routes as Parameters<typeof stubApi>[0]);
  return { ...stub, picks, routes };
}


export const card = (title: RegExp | string) => screen.getByRole('article', { name: title });
export const summary = () => screen.getByRole('region', { name: 'Pick Status Summary' });

/** Call inside a describe: renders outside act, starts each test with empty storage, and undoes stubs, fake timers and the session after. */
export function dashboardTestHooks() {
  outsideActEnvironment();
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    session.clear();
  });
}
