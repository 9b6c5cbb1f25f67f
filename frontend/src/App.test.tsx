import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, ApiError } from './api/client';
import App from './App';
import { SERVER_UNREACHABLE_MESSAGE } from './components/ServerUnreachableNotice';
import { SESSION_EXPIRED_MESSAGE } from './constants';
import { session, SESSION_EXPIRED_EVENT } from './session/session';
import { ADMIN, fakeToken, MEMBER, renderAt, signIn, stubApi, stubFetch } from './test/helpers';

describe('the app shell', () => {
  beforeEach(() => {
    localStorage.clear();
    stubApi({ 'GET /api/app_config': { app_name: 'Test Pool' } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('greets with the pool name the server gives, and offers Login and Register', async () => {
    renderAt(<App />, '/');
    expect(await screen.findByRole('heading', { name: 'Welcome to Test Pool' })).toBeInTheDocument();
    expect(screen.getByText('The modern college football contest platform')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).toHaveTextContent('Login');
    expect(nav).toHaveTextContent('Register');
  });

  it('sends any unknown path to /', async () => {
    renderAt(<App />, '/no/such/page');
    expect(await screen.findByRole('heading', { name: /Welcome to/ })).toBeInTheDocument();
  });

  it('shows members Dashboard, Profile, Results and Logout, and admins Admin and Invites too', async () => {
    signIn(MEMBER);
    const { unmount } = renderAt(<App />, '/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect([...nav.querySelectorAll('a,button')].map((link) => link.textContent)).toEqual(['Dashboard', 'Profile', 'Results', 'Logout']);
    unmount();
    signIn(ADMIN);
    renderAt(<App />, '/');
    const adminNav = await screen.findByRole('navigation', { name: 'Main' });
    expect([...adminNav.querySelectorAll('a,button')].map((link) => link.textContent)).toEqual(['Dashboard', 'Profile', 'Results', 'Admin', 'Invites', 'Logout']);
  });

  it.each([
    ['ends the session on the server', { status: 204 }],
    ['still logs out here when the server refuses', { status: 500, body: { errors: ['Something went wrong'] } }],
    ['still logs out here when the session had ended already (no session-expired warning)', { status: 401, body: { errors: ['Your session is invalid or has expired'] } }],
  ])('Logout %s', async (_case, answer) => {
    signIn(MEMBER);
    const token = session.token();
    const raised = vi.fn();
    window.addEventListener(SESSION_EXPIRED_EVENT, raised);
    const { calls } = stubFetch(({ method, path }) => {
      if (path === '/api/app_config') return { body: { app_name: 'Test Pool' } };
      if (method === 'POST' && path === '/api/logout') return answer;
      return undefined;
    });
    renderAt(<App />, '/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    fireEvent.click(within(nav).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(session.token()).toBeNull();
    const logout = calls.find((call) => call.method === 'POST' && call.path === '/api/logout');
    expect(logout).toBeDefined();
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/logout', expect.objectContaining({ headers: expect.objectContaining({ Authorization: `Bearer ${token}` }) })));
    expect(raised).not.toHaveBeenCalled();
    expect(screen.queryByText(SESSION_EXPIRED_MESSAGE)).toBeNull();
    window.removeEventListener(SESSION_EXPIRED_EVENT, raised);
  });

  it('drops a stored token whose exp is past', () => {
    session.start(fakeToken(Math.floor(Date.now() / 1000) - 10), MEMBER);
    expect(session.token()).toBeNull();
    expect(session.user()).toBeNull();
  });

  it('on a 401 clears the session, raises the session-expired event and warns at the top', async () => {
    signIn(MEMBER);
    renderAt(<App />, '/');
    await screen.findByRole('navigation', { name: 'Main' });
    const raised = vi.fn();
    window.addEventListener(SESSION_EXPIRED_EVENT, raised);
    stubApi({ 'GET /api/me': () => ({ status: 401, body: { errors: ['Your session has ended'] } }) });
    await expect(api('/me')).rejects.toBeInstanceOf(ApiError);
    expect(raised).toHaveBeenCalledTimes(1);
    expect(session.token()).toBeNull();
    expect(await screen.findByText(SESSION_EXPIRED_MESSAGE)).toBeInTheDocument();
    window.removeEventListener(SESSION_EXPIRED_EVENT, raised);
  });

  it('does not treat a failed login (401) as an expired session', async () => {
    const raised = vi.fn();
    window.addEventListener(SESSION_EXPIRED_EVENT, raised);
    stubApi({ 'POST /api/users/login': () => ({ status: 401, body: { errors: ['Invalid email or password'] } }) });
    await expect(api('/users/login', { method: 'POST', body: {}, isLogin: true })).rejects.toThrow('Invalid email or password');
    expect(raised).not.toHaveBeenCalled();
    window.removeEventListener(SESSION_EXPIRED_EVENT, raised);
  });

  it('keeps the theme choice in localStorage as themeMode', async () => {
    renderAt(<App />, '/');
    const toggle = await screen.findByRole('button', { name: /Switch to (dark|light) mode/ });
    const before = toggle.getAttribute('aria-label');
    toggle.click();
    await waitFor(() => expect(screen.getByRole('button', { name: /Switch to (dark|light) mode/ }).getAttribute('aria-label')).not.toBe(before));
    expect(['light', 'dark']).toContain(localStorage.getItem('themeMode'));
  });
});

describe('the member pages in the app shell', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('sends visitors without a session from the member pages to /login', async () => {
    stubApi({ 'GET /api/app_config': { app_name: 'Test Pool' } });
    renderAt(<App />, '/results');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('ends the session when the dashboard’s calls answer 401: the warning at the top, then /login', async () => {
    signIn(MEMBER);
    stubApi({
      'GET /api/app_config': { app_name: 'Test Pool' },
      'GET /api/football_seasons': () => ({ status: 401, body: { errors: ['Your session has ended'] } }),
      'GET /api/standings': () => ({ status: 401, body: { errors: ['Your session has ended'] } }),
    });
    renderAt(<App />, '/dashboard');
    expect(await screen.findByText(SESSION_EXPIRED_MESSAGE)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(session.token()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    // A 401 is "signed out", never "can't reach the server".
    expect(screen.queryByText(SERVER_UNREACHABLE_MESSAGE)).not.toBeInTheDocument();
  });

  it('after the session expires on /results, logging in again returns the member to /results', async () => {
    signIn(MEMBER);
    const expired = () => ({ status: 401, body: { errors: ['Your session has ended'] } });
    stubApi({ 'GET /api/app_config': { app_name: 'Test Pool' }, 'GET /api/football_seasons': expired, 'GET /api/season_results/1/by_week': expired });
    renderAt(<App />, '/results');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    stubApi({
      'GET /api/app_config': { app_name: 'Test Pool' },
      'POST /api/users/login': { token: fakeToken(), user: MEMBER },
      'GET /api/football_seasons': [],
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: MEMBER.email } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Weekly Results' })).toBeInTheDocument();
  });
});
