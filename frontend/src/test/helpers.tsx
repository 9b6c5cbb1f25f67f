import { QueryClientProvider } from '@tanstack/react-query';
import { DEFAULT_SEASON_RULES } from '../api/seasonRules';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient } from '../api/queryClient';
import type { Game, Season, SeasonWeek } from '../api/types';
import { session, type SessionUser } from '../session/session';
import { ThemeModeProvider } from '../theme/theme';

/** A JWT with the given expiry (the signature is not checked by the browser). */
export function fakeToken(expSeconds = Math.floor(Date.now() / 1000) + 3600): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 1, exp: expSeconds })}.signature`;
}

const account = {
  first_name: null,
  last_name: null,
  date_of_birth: null,
  phone: null,
  favorite_team_id: null,
  favorite_team: null,
  wins: 0,
  losses: 0,
  created_at: '2025-08-01T12:00:00.000Z',
};
export const MEMBER: SessionUser = { ...account, id: 7, email: 'fan@pool.test', name: 'Fan', role: 'user', admin: false };
export const ADMIN: SessionUser = { ...account, id: 1, email: 'admin@pool.test', name: 'Admin', role: 'admin', admin: true };

export function signIn(user: SessionUser = MEMBER): void {
  session.start(fakeToken(), user);
}

/** Renders inside the app's theme, a fresh query cache (as main.tsx provides) and a router at `path`. */
export function renderAt(element: ReactElement, path: string | { pathname: string; state?: unknown } = '/') {
  return render(
    <ThemeModeProvider>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
      </QueryClientProvider>
    </ThemeModeProvider>,
  );
}

export interface StubRequest {
  method: string;
  /** The address as requested ("/api/games?week_id=2"). */
  path: string;
  url: URL;
  body: unknown;
}

export interface StubAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * The fetch stub of the component tests: records every call and answers it as the API would, with JSON; a call
 * `answer` leaves unanswered gets the API's 404 (`{"errors": [...]}`).
 */
export function stubFetch(answer: (request: StubRequest) => StubAnswer | undefined) {
  const calls: StubRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const request = { method: init?.method ?? 'GET', path, url: new URL(path, 'http://localhost'), body: typeof init?.body === 'string' && init.body ? JSON.parse(init.body) : undefined };
    calls.push(request);
    const given = answer(request) ?? { status: 404, body: { errors: [`Cannot ${request.method} ${path}`] } };
    const status = given.status ?? 200;
    return new Response(given.body === undefined || status === 204 ? null : JSON.stringify(given.body), {
      status,
      headers: { 'Content-Type': 'application/json', ...given.headers },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { calls, fetch: fetchStub };
}

/** The member pages' stub: answers by "METHOD /path" (the query string ignored unless the key has one). */
export function stubApi(routes: Record<string, unknown | ((body: unknown) => { status: number; body: unknown })>) {
  return stubFetch(({ method, path, body }) => {
    const route = routes[`${method} ${path}`] ?? routes[`${method} ${path.split('?')[0]}`];
    if (route === undefined) return undefined;
    return typeof route === 'function' ? (route as (body: unknown) => { status: number; body: unknown })(body) : { body: route };
  });
}

/* Member-side API records for page tests (shapes of frontend/src/api/types.ts). */

const HOUR_MS = 3600 * 1000;

/** A game kicking off `hoursAhead` from now, between teams named after its id, with the server's pick window. */
export function gameFixture(id: number, fields: Partial<Game> & { hoursAhead?: number } = {}): Game {
  const { hoursAhead = 72, ...rest } = fields;
  const kickoff = Date.now() + hoursAhead * HOUR_MS;
  const deadline = kickoff - HOUR_MS;
  const left = deadline - Date.now();
  return {
    id,
    name: null,
    week_id: 2,
    week: { id: 2, number: 2 },
    football_season_id: 1,
    home_team_id: id * 10 + 1,
    away_team_id: id * 10 + 2,
    home_team: { id: id * 10 + 1, name: `Home ${id}`, nickname: null },
    away_team: { id: id * 10 + 2, name: `Away ${id}`, nickname: null },
    winner_team_id: null,
    winner_team: null,
    game_date: new Date(kickoff).toISOString(),
    status: 'scheduled',
    home_score: null,
    away_score: null,
    betting_line: 3.5,
    betting_line_team: 'home',
    cover: null,
    is_tiebreaker: false,
    forfeit: false,
    forfeit_reason: null,
    home_team_ranking: null,
    away_team_ranking: null,
    pick_deadline: new Date(deadline).toISOString(),
    deadline_status: left <= 0 ? 'closed' : left < 24 * HOUR_MS ? 'closing_soon' : 'open',
    minutes_until_deadline: Math.max(0, Math.floor(left / 60000)),
    picks_allowed: left > 0,
    picks_locked_at: null,
    provider: null,
    external_id: null,
    line_source: null,
    line_taken_at: null,
    sync_flag: null,
    sync_flagged_at: null,
    ...rest,
  };
}

export function weekFixture(id: number, number: number, status: SeasonWeek['status']): SeasonWeek {
  return { id, number, display_name: `Week ${number}`, is_current: false, status, start_date: '2025-09-01', end_date: '2025-09-07' };
}

export { DEFAULT_SEASON_RULES };

const seasonCounts = { weeks_count: 3, games_count: 30, picks_count: 0, rules: DEFAULT_SEASON_RULES, rules_locked: false, rules_summary: [], entry_fee_cents: 0, weekly_winner_cents: 0, payout_percentages: [] };

/** Two seasons: an old one and the current one with weeks 1 (past), 2 (current) and 3 (upcoming). */
export const SEASONS: Season[] = [
  { ...seasonCounts, id: 1, name: '2025-2026', year: 2025, start_date: '2025-08-30', end_date: '2026-01-10', current: true, is_current: true },
  { ...seasonCounts, id: 9, name: '2024-2025', year: 2024, start_date: '2024-08-31', end_date: '2025-01-11', current: false, is_current: false },
];
export const CURRENT_SEASON: Season = { ...SEASONS[0], weeks: [weekFixture(1, 1, 'past'), weekFixture(2, 2, 'current'), weekFixture(3, 3, 'upcoming')] };

/**
 * For page tests whose data arrives from the stubbed fetch as it does in the browser: React stops asking for
 * act() around those updates. Every assertion still waits for what the user sees (findBy…, waitFor).
 */
export function outsideActEnvironment(): void {
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  let previous: boolean | undefined;
  beforeAll(() => {
    previous = scope.IS_REACT_ACT_ENVIRONMENT;
    scope.IS_REACT_ACT_ENVIRONMENT = false;
  });
  afterAll(() => {
    scope.IS_REACT_ACT_ENVIRONMENT = previous;
  });
}
