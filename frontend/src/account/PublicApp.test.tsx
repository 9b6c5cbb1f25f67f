import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { session } from '../session/session';
import { ADMIN, fakeToken, MEMBER, outsideActEnvironment, signIn, stubApi } from '../test/helpers';
import { fakeMatchMedia } from '../test/matchMedia';
import { PublicApp } from './PublicApp';
import { applyPublicTheme } from './publicTheme';

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}( \\*)?$`));
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe('the light shell of /login (account.html)', () => {
  outsideActEnvironment();
  const replace = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/login');
    vi.stubGlobal('location', { ...window.location, pathname: '/login', replace });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    replace.mockReset();
    delete document.documentElement.dataset.theme;
  });

  it("draws the visitor's top bar and the sign-in card with the app's words, and ends any stored session", async () => {
    signIn(MEMBER);
    stubApi({ 'GET /api/app_config': { app_name: 'Saturday Pool' } });
    render(<PublicApp />);
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Saturday Pool' });
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Have an invitation? Register' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(session.get().token).toBeNull();
  });

  it('signs in and loads the landing page: /admin for an admin', async () => {
    const { calls } = stubApi({ 'POST /api/users/login': { token: fakeToken(), user: ADMIN } });
    render(<PublicApp />);
    type('Email', 'admin@pool.test');
    type('Password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/admin'));
    expect(calls.find((call) => call.path === '/api/users/login')?.body).toEqual({ email: 'admin@pool.test', password: 'secret123', remember: false });
    expect(session.get().user?.id).toBe(ADMIN.id);
  });

  it('sends "Stay signed in": unchecked at first on a computer, checked on a touch-first device (a phone)', async () => {
    const { calls } = stubApi({ 'POST /api/users/login': { token: fakeToken(), user: MEMBER } });
    const { unmount } = render(<PublicApp />);
    expect(screen.getByRole('checkbox', { name: 'Stay signed in' })).not.toBeChecked();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Stay signed in' }));
    type('Email', MEMBER.email);
    type('Password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(calls.find((call) => call.path === '/api/users/login')?.body).toEqual({ email: MEMBER.email, password: 'secret123', remember: true }));
    unmount();
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation(fakeMatchMedia((query) => query === '(pointer: coarse)'));
    render(<PublicApp />);
    expect(screen.getByRole('checkbox', { name: 'Stay signed in' })).toBeChecked();
    matchMedia.mockRestore();
  });

  it("says why a login failed in the API's words and lets the member try again", async () => {
    stubApi({ 'POST /api/users/login': () => ({ status: 401, body: { errors: ['Invalid email or password'] } }) });
    render(<PublicApp />);
    type('Email', 'fan@pool.test');
    type('Password', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(replace).not.toHaveBeenCalled();
  });

  it('keeps what the app handed over across a reload (the e-mail, the message, where to return)', async () => {
    window.history.replaceState({ usr: { email: MEMBER.email, message: 'Your password has been reset.', from: '/results?week=3', fromUserId: MEMBER.id } }, '', '/login');
    stubApi({ 'POST /api/users/login': { token: fakeToken(), user: MEMBER } });
    render(<PublicApp />);
    expect(screen.getByRole('alert')).toHaveTextContent('Your password has been reset.');
    expect(field('Email')).toHaveValue(MEMBER.email);
    type('Password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/results?week=3'));
  });

  it('follows the stored theme, else the system, and the toggle stores the choice', () => {
    localStorage.setItem('themeMode', 'dark');
    expect(applyPublicTheme()).toBe('dark');
    render(<PublicApp />);
    fireEvent.click(screen.getByRole('button', { name: 'Switch to light mode' }));
    expect(localStorage.getItem('themeMode')).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(screen.getByRole('button', { name: 'Switch to dark mode' })).toBeInTheDocument();
  });
});
