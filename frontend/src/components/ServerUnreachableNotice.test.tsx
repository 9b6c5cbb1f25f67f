import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { reachability } from '../api/reachability';
import type { Pick } from '../api/types';
import App from '../App';
import { SESSION_EXPIRED_MESSAGE } from '../constants';
import { session } from '../session/session';
import { CURRENT_SEASON, gameFixture, MEMBER, outsideActEnvironment, renderAt, SEASONS, signIn, stubApi } from '../test/helpers';
import { SERVER_UNREACHABLE_MESSAGE } from './ServerUnreachableNotice';

const DB_DOWN = 'The database is not available right now; please try again in a moment.';
/** Retries here wait the shortest time the client allows (Retry-After: 0), so the tests stay quick. */
const SOON = { timeout: 5000 };

type Outage = 'none' | 'busy' | 'network failure';

/**
 * A pool server the test can take down: while `outage` is "busy" every API call answers 503 with the API's error body
 * and Retry-After (the database is unreachable), while it is "network failure" every fetch rejects.
 */
function poolServer() {
  const games = [gameFixture(1, { hoursAhead: 50 }), gameFixture(2, { hoursAhead: 30 })];
  const picks: Pick[] = [];
  const state = { outage: 'none' as Outage, posts: 0 };
  /** Every call the app makes, answered or not. */
  const calls: string[] = [];
  stubApi({
    'GET /api/app_config': { app_name: 'Test Pool' },
    'GET /api/health': { status: 'ok' },
    'GET /api/football_seasons': SEASONS,
    'GET /api/football_seasons/1': CURRENT_SEASON,
    'GET /api/games': games,
    'GET /api/picks': () => ({ status: 200, body: [...picks] }),
    'GET /api/standings': [],
    'POST /api/picks': (body: unknown) => {
      const pick = { ...(body as Pick), id: 100 + picks.length };
      picks.push(pick);
      return { status: 201, body: pick };
    },
  });
  const healthy = vi.mocked(fetch);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
      if (init?.method === 'POST' && String(input) === '/api/picks') state.posts += 1;
      if (state.outage === 'network failure') throw new TypeError('Failed to fetch');
      if (state.outage === 'busy') {
        return new Response(JSON.stringify({ errors: [DB_DOWN] }), { status: 503, headers: { 'Content-Type': 'application/json', 'Retry-After': '0' } });
      }
      return healthy(input, init);
    }),
  );
  return { state, calls };
}

/** The notice, inside the page's polite live region. */
const notice = () => screen.queryByText(SERVER_UNREACHABLE_MESSAGE);
const card = (title: string) => screen.getByRole('article', { name: title });
/** A field by its label; a required field's label ends in an asterisk hidden from screen readers. */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}( \\*)?$`));

describe('the "can\'t reach the server" notice', () => {
  outsideActEnvironment();
  // Outages last a few retries here.
  vi.setConfig({ testTimeout: 20_000 });
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    reachability.reset();
    session.clear();
  });

  /** Still the member's dashboard and still signed in: no session-expired warning, no login page. */
  async function expectStillSignedIn(token: string | null) {
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, fan@pool.test' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(screen.queryByText(SESSION_EXPIRED_MESSAGE)).not.toBeInTheDocument();
    expect(session.token()).toBe(token);
    expect(localStorage.getItem('token')).toBe(token);
  }

  it('shows while the API answers 503, keeps the member signed in, and goes once the reads get through', async () => {
    signIn(MEMBER);
    const token = session.token();
    const server = poolServer();
    server.state.outage = 'busy';
    renderAt(<App />, '/dashboard');

    const shown = await screen.findByText(SERVER_UNREACHABLE_MESSAGE, undefined, SOON);
    expect(shown.closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
    // The reads keep being retried by themselves, and the member stays where they were.
    const tries = server.calls.filter((call) => call === 'GET /api/football_seasons').length;
    await waitFor(() => expect(server.calls.filter((call) => call === 'GET /api/football_seasons').length).toBeGreaterThan(tries), SOON);
    await expectStillSignedIn(token);

    server.state.outage = 'none';
    expect(await screen.findByRole('article', { name: 'Away 1 @ Home 1' }, SOON)).toBeInTheDocument();
    await waitFor(() => expect(notice()).not.toBeInTheDocument());
    await expectStillSignedIn(token);
  });

  it('shows on a network failure (the server restarting) and goes after the next answer', async () => {
    signIn(MEMBER);
    const token = session.token();
    const server = poolServer();
    renderAt(<App />, '/dashboard');
    await screen.findByRole('article', { name: 'Away 1 @ Home 1' });
    expect(notice()).not.toBeInTheDocument();

    server.state.outage = 'network failure';
    // Any later read (here the member changes week) cannot get through.
    fireEvent.change(screen.getByLabelText('Week'), { target: { value: '3' } });
    expect(await screen.findByText(SERVER_UNREACHABLE_MESSAGE, undefined, SOON)).toBeInTheDocument();
    await expectStillSignedIn(token);

    server.state.outage = 'none';
    await waitFor(() => expect(notice()).not.toBeInTheDocument(), SOON);
    await waitFor(() => expect(server.calls.includes('GET /api/games?week_id=3')).toBe(true));
    await expectStillSignedIn(token);
  });

  it('does not retry a pick save behind the member’s back: the save shows as failed and can be made again', async () => {
    signIn(MEMBER);
    const token = session.token();
    const server = poolServer();
    renderAt(<App />, '/dashboard');
    await screen.findByRole('article', { name: 'Away 1 @ Home 1' });

    server.state.outage = 'busy';
    fireEvent.click(within(card('Away 1 @ Home 1')).getByRole('button', { name: 'Home 1' }));
    expect(await screen.findByText(`Pick submission failed: ${DB_DOWN}`)).toBeInTheDocument();
    expect(await screen.findByText(SERVER_UNREACHABLE_MESSAGE)).toBeInTheDocument();
    expect(within(card('Away 1 @ Home 1')).getByRole('button', { name: 'Home 1' })).toHaveAttribute('aria-pressed', 'false');
    // Reads go on retrying (the picks are read again after a failed save); the save itself was sent once.
    const reads = server.calls.length;
    await waitFor(() => expect(server.calls.length).toBeGreaterThan(reads + 1), SOON);
    expect(server.state.posts).toBe(1);
    await expectStillSignedIn(token);

    server.state.outage = 'none';
    await waitFor(() => expect(notice()).not.toBeInTheDocument(), SOON);
    expect(server.state.posts).toBe(1);
    fireEvent.click(within(card('Away 1 @ Home 1')).getByRole('button', { name: 'Home 1' }));
    expect(await screen.findByText('Pick saved for Away 1 @ Home 1: Home 1')).toBeInTheDocument();
    expect(server.state.posts).toBe(2);
  });

  it('goes on the login page once the health check answers, with no other call made', async () => {
    const server = poolServer();
    renderAt(<App />, '/login');
    await screen.findByRole('heading', { name: 'Sign In' });
    server.state.outage = 'busy';
    fireEvent.change(field('Email'), { target: { value: 'fan@pool.test' } });
    fireEvent.change(field('Password'), { target: { value: 'kickoff1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(DB_DOWN)).toBeInTheDocument();
    expect(screen.getByText(SERVER_UNREACHABLE_MESSAGE)).toBeInTheDocument();

    server.state.outage = 'none';
    await waitFor(() => expect(notice()).not.toBeInTheDocument(), SOON);
    expect(server.calls.includes('GET /api/health')).toBe(true);
  });
});
