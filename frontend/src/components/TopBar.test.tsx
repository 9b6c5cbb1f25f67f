import { fireEvent, screen, waitFor } from '@testing-library/react';
import { session } from '../session/session';
import { ADMIN, CURRENT_SEASON, DEFAULT_SEASON_RULES, MEMBER, renderAt, signIn, stubApi } from '../test/helpers';
import { themeOf } from '../theme/theme';
import { TopBar } from './TopBar';

describe('the top bar', () => {
  beforeEach(() => {
    localStorage.clear();
    stubApi({ 'GET /api/app_config': { app_name: 'Test Pool' } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('has a menu button that opens and closes the links (one row on a phone)', () => {
    signIn(MEMBER);
    renderAt(<TopBar />, '/dashboard');
    const menu = screen.getByRole('button', { name: 'Menu' });
    const nav = document.getElementById(menu.getAttribute('aria-controls')!)!;
    expect(nav).toHaveAttribute('aria-label', 'Main');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    // The link of the page in view is marked as current.
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the phone menu on Escape and gives the focus back to its button', () => {
    signIn(MEMBER);
    renderAt(<TopBar />, '/dashboard');
    const menu = screen.getByRole('button', { name: 'Menu' });
    fireEvent.click(menu);
    fireEvent.keyDown(screen.getByRole('link', { name: 'Results' }), { key: 'Escape' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });

  it("calls an admin's dashboard My picks when the current season lets the commissioner play", async () => {
    signIn(ADMIN);
    stubApi({
      'GET /api/app_config': { app_name: 'Test Pool' },
      'GET /api/football_seasons/current': { ...CURRENT_SEASON, rules: { ...DEFAULT_SEASON_RULES, commissioner_plays: true } },
    });
    renderAt(<TopBar />, '/admin');
    expect(await screen.findByRole('link', { name: 'My picks', hidden: true })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Dashboard', hidden: true })).toBeNull();
  });

  it("keeps an admin's Dashboard link otherwise, and a member's never asks for the current season", async () => {
    signIn(ADMIN);
    const { calls } = stubApi({ 'GET /api/app_config': { app_name: 'Test Pool' }, 'GET /api/football_seasons/current': { ...CURRENT_SEASON } });
    const { unmount } = renderAt(<TopBar />, '/admin');
    await waitFor(() => expect(calls.some((call) => call.path === '/api/football_seasons/current')).toBe(true));
    expect(screen.getByRole('link', { name: 'Dashboard', hidden: true })).toBeInTheDocument();
    unmount();
    session.clear();
    signIn(MEMBER);
    const member = stubApi({ 'GET /api/app_config': { app_name: 'Test Pool' } });
    renderAt(<TopBar />, '/dashboard');
    expect(screen.getByRole('link', { name: 'Dashboard', hidden: true })).toBeInTheDocument();
    expect(member.calls.some((call) => call.path === '/api/football_seasons/current')).toBe(false);
  });

  it('links the live board on game days only (GET /api/live/status), for signed-in members', async () => {
    signIn(MEMBER);
    const gameDay = stubApi({ 'GET /api/app_config': { app_name: 'Test Pool' }, 'GET /api/live/status': { game_day: true, week_id: 2 } });
    const { unmount } = renderAt(<TopBar />, '/live');
    const live = await screen.findByRole('link', { name: 'Live', hidden: true });
    expect(live).toHaveAttribute('href', '/live');
    expect(live).toHaveAttribute('aria-current', 'page');
    expect(gameDay.calls.filter((call) => call.path === '/api/live/status')).toHaveLength(1);
    unmount();

    const quiet = stubApi({ 'GET /api/app_config': { app_name: 'Test Pool' }, 'GET /api/live/status': { game_day: false, week_id: 2 } });
    const second = renderAt(<TopBar />, '/dashboard');
    await waitFor(() => expect(quiet.calls.some((call) => call.path === '/api/live/status')).toBe(true));
    expect(screen.queryByRole('link', { name: 'Live', hidden: true })).toBeNull();
    second.unmount();

    // Signed out: nothing to ask.
    session.clear();
    const visitor = stubApi({ 'GET /api/app_config': { app_name: 'Test Pool' } });
    renderAt(<TopBar />, '/');
    expect(screen.getByRole('link', { name: 'Login', hidden: true })).toBeInTheDocument();
    expect(visitor.calls.some((call) => call.path === '/api/live/status')).toBe(false);
  });

  it('links the survivor page when the current season has a survivor contest (GET /api/survivor)', async () => {
    signIn(MEMBER);
    stubApi({ 'GET /api/app_config': { app_name: 'Test Pool' }, 'GET /api/survivor': { contest: { id: 5, name: 'Survivor' } } });
    const { unmount } = renderAt(<TopBar />, '/survivor');
    const survivor = await screen.findByRole('link', { name: 'Survivor', hidden: true });
    expect(survivor).toHaveAttribute('href', '/survivor');
    expect(survivor).toHaveAttribute('aria-current', 'page');
    unmount();
    const none = stubApi({ 'GET /api/app_config': { app_name: 'Test Pool' }, 'GET /api/survivor': { contest: null } });
    renderAt(<TopBar />, '/dashboard');
    await waitFor(() => expect(none.calls.some((call) => call.path === '/api/survivor')).toBe(true));
    expect(screen.queryByRole('link', { name: 'Survivor', hidden: true })).toBeNull();
  });

  it('is the brand green in light mode and a dark surface in dark mode', () => {
    // TopBar.css paints the bar with the theme's --tg-bar-bg (jsdom reads no CSS files; the browser screen sweep checks
    // the drawn colours and their contrast).
    const barBackground = () => getComputedStyle(document.documentElement).getPropertyValue('--tg-bar-bg').toLowerCase();
    localStorage.setItem('themeMode', 'light');
    const { unmount } = renderAt(<TopBar />, '/');
    expect(screen.getByRole('banner')).toHaveClass('top-bar');
    expect(barBackground()).toBe(themeOf('light').palette.primary.main.toLowerCase());
    unmount();
    localStorage.setItem('themeMode', 'dark');
    renderAt(<TopBar />, '/');
    expect(barBackground()).not.toBe(themeOf('dark').palette.primary.main.toLowerCase());
    expect(barBackground()).toBe(themeOf('dark').palette.background.paper.toLowerCase());
  });
});

describe('the dark palette', () => {
  it('draws papers and dialogs without the grey elevation overlay', () => {
    const paper = themeOf('dark').components?.MuiPaper?.styleOverrides?.root as { backgroundImage?: string };
    expect(paper.backgroundImage).toBe('none');
    expect(themeOf('dark').components?.MuiAppBar?.defaultProps?.enableColorOnDark).toBe(false);
  });
});
