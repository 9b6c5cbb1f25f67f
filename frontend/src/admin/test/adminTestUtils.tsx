import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { ADMIN, renderAt, signIn, stubFetch } from '../../test/helpers';
import { fakeMatchMedia } from '../../test/matchMedia';
import AdminApp from '../AdminApp';

// react-admin debounces filters (500 ms) and renders a lot: give the console's screens time to settle.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 20_000 });

export interface Answer {
  status?: number;
  body?: unknown;
  /** The list's total for Content-Range (react-admin's lists); the body's length when left out. */
  total?: number;
}

type Route = unknown | ((request: { url: URL; body: unknown; filter: Record<string, unknown> }) => Answer);

/**
 * A fetch stub for the admin console: routes by "METHOD /api/path" (the query string is passed to functions), and
 * answers react-admin's list calls (those with `range`) with the Content-Range header the API sends.
 */
export function stubAdminApi(routes: Record<string, Route>) {
  return stubFetch(({ method, url, body }) => {
    const route = routes[`${method} ${url.pathname}`];
    if (route === undefined) return undefined;
    const filter = url.searchParams.get('filter') ? (JSON.parse(url.searchParams.get('filter')!) as Record<string, unknown>) : {};
    const answer: Answer = typeof route === 'function' ? (route as (request: { url: URL; body: unknown; filter: Record<string, unknown> }) => Answer)({ url, body, filter }) : { body: route };
    const range = url.searchParams.get('range');
    if (!range || !Array.isArray(answer.body)) return answer;
    const [start] = JSON.parse(range) as [number, number];
    const total = answer.total ?? answer.body.length;
    return { ...answer, headers: { 'Content-Range': `${url.pathname.split('/')[2]} ${start}-${Math.max(start, start + answer.body.length - 1)}/${total}` } };
  });
}

/** The console as the app mounts it (under /admin/* and at /invites), for a signed-in admin. */
export function renderAdmin(path: string) {
  signIn(ADMIN);
  return renderAt(
    <Routes>
      <Route path="/admin/*" element={<AdminApp />} />
      <Route path="/invites" element={<AdminApp />} />
      <Route path="/login" element={<p>Login page</p>} />
    </Routes>,
    path,
  );
}

export const SEASON = { id: 1, name: '2026 Season', year: 2026, start_date: '2026-08-01', end_date: '2027-01-15', current: true, is_current: true, weeks_count: 1, games_count: 2, picks_count: 0 };
export const WEEK = {
  id: 3,
  number: 1,
  display_name: 'Week 1',
  start_date: '2026-09-01',
  end_date: '2026-09-07',
  football_season_id: 1,
  football_season: { id: 1, name: '2026 Season' },
  is_current: true,
  status: 'current',
  games_count: 2,
};

export function game(id: number, fields: Record<string, unknown> = {}) {
  const home = { id: id * 10, name: `Home ${id}`, nickname: null };
  const away = { id: id * 10 + 1, name: `Away ${id}`, nickname: null };
  return {
    id,
    name: null,
    week_id: WEEK.id,
    week: { id: WEEK.id, number: 1 },
    football_season_id: 1,
    home_team_id: home.id,
    away_team_id: away.id,
    home_team: home,
    away_team: away,
    winner_team_id: null,
    winner_team: null,
    game_date: '2026-09-05T19:30:00.000Z',
    status: 'scheduled',
    home_score: null,
    away_score: null,
    betting_line: null,
    betting_line_team: null,
    is_tiebreaker: false,
    home_team_ranking: null,
    away_team_ranking: null,
    pick_deadline: '2026-09-05T18:30:00.000Z',
    deadline_status: 'open',
    picks_locked_at: null,
    ...fields,
  };
}

/** The current season and week every season/week picker starts from. */
export const CURRENT_ROUTES = {
  'GET /api/football_seasons/current': SEASON,
  'GET /api/weeks/current': WEEK,
  'GET /api/football_seasons': [SEASON],
  'GET /api/weeks': [WEEK],
};

export function typeInto(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

/** Opens a MUI select (it opens on mouse down) and picks an option. */
export async function chooseOption(combobox: HTMLElement, option: string | RegExp) {
  fireEvent.mouseDown(combobox);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

/** Save buttons wait while react-admin validates asynchronously, as a person would. */
export async function clickWhenEnabled(button: HTMLElement) {
  await waitFor(() => expect(button).toBeEnabled());
  fireEvent.click(button);
}

/**
 * A phone-sized window for MUI's useMediaQuery: every `max-width` query matches (below `sm` and `md`), every
 * `min-width` one fails. Returns the undo.
 */
export function asPhone() {
  const original = window.matchMedia;
  window.matchMedia = fakeMatchMedia((query) => query.includes('max-width'));
  return () => {
    window.matchMedia = original;
  };
}
