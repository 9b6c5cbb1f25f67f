import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { session } from '../session/session';
import { ADMIN, fakeToken, MEMBER, outsideActEnvironment, renderAt, signIn, stubApi } from '../test/helpers';
import ForgotPasswordPage from './ForgotPasswordPage';
import { landingAfterLogin } from '../session/login';
import LoginPage from './LoginPage';
import RegisterPage, { REGISTER_TEXTS } from './RegisterPage';
import ResetPasswordPage from './ResetPasswordPage';

/** Where a page navigated to, and with which state. */
function Landing({ name }: { name: string }) {
  const location = useLocation();
  return (
    <p>
      {name} {JSON.stringify(location.state ?? null)}
    </p>
  );
}

const routes = (
  <Routes>
    <Route path="/login" element={<LoginPage />} />
    <Route path="/register" element={<RegisterPage />} />
    <Route path="/forgot-password" element={<ForgotPasswordPage />} />
    <Route path="/reset-password/:token" element={<ResetPasswordPage />} />
    <Route path="/dashboard" element={<Landing name="Dashboard page" />} />
    <Route path="/admin" element={<Landing name="Admin page" />} />
    <Route path="/results" element={<Landing name="Results page" />} />
    <Route path="/admin/games" element={<Landing name="Admin games page" />} />
  </Routes>
);

/** A field by its label; a required field's label ends in an asterisk hidden from screen readers. */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}( \\*)?$`));
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe('the account screens', () => {
  outsideActEnvironment();
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  describe('login', () => {
    it('clears stored auth on opening', () => {
      signIn(MEMBER);
      stubApi({});
      renderAt(routes, '/login');
      expect(session.token()).toBeNull();
      expect(localStorage.getItem('user')).toBeNull();
    });

    it('signs a member in ("Signing In..." while busy) and goes to /dashboard', async () => {
      const token = fakeToken();
      let answer: (value: Response) => void = () => {};
      const fetchStub = vi.fn((_input: RequestInfo | URL, _init?: RequestInit): Promise<Response> => new Promise<Response>((resolve) => (answer = resolve)));
      vi.stubGlobal('fetch', fetchStub);
      renderAt(routes, '/login');
      expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
      expect(screen.getByRole('textbox', { name: 'Email' })).toBeRequired();
      expect(field('Password')).toBeRequired();
      type('Email', 'fan@pool.test');
      type('Password', 'secret1');
      fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
      expect(await screen.findByRole('button', { name: 'Signing In...' })).toBeDisabled();
      expect(JSON.parse(String(fetchStub.mock.calls[0][1]?.body))).toEqual({ email: 'fan@pool.test', password: 'secret1', remember: false });
      answer(new Response(JSON.stringify({ token, user: MEMBER }), { status: 200 }));
      expect(await screen.findByText(/Dashboard page/)).toBeInTheDocument();
      expect(session.token()).toBe(token);
      expect(session.user()?.email).toBe(MEMBER.email);
    });

    it('sends an admin to /admin', async () => {
      stubApi({ 'POST /api/users/login': { token: fakeToken(), user: ADMIN } });
      renderAt(routes, '/login');
      type('Email', ADMIN.email);
      type('Password', 'secret1');
      fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
      expect(await screen.findByText(/Admin page/)).toBeInTheDocument();
    });

    it('shows the server’s error, else "Login failed", and does not expire anything', async () => {
      stubApi({ 'POST /api/users/login': () => ({ status: 401, body: { errors: ['Invalid email or password'] } }) });
      renderAt(routes, '/login');
      type('Email', 'fan@pool.test');
      type('Password', 'wrong');
      fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
      expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();

      stubApi({ 'POST /api/users/login': () => ({ status: 500, body: {} }) });
      fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Login failed'));
    });

    it('after a session expired, returns the same member to the page they were on (and an admin to theirs)', async () => {
      stubApi({ 'POST /api/users/login': { token: fakeToken(), user: MEMBER } });
      renderAt(routes, { pathname: '/login', state: { sessionExpired: true, from: '/results?week=3', fromUserId: MEMBER.id } });
      type('Email', MEMBER.email);
      type('Password', 'secret1');
      fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
      expect(await screen.findByText(/Results page/)).toBeInTheDocument();
    });

    it('sends another account that signs in after an expired session to its usual landing page', async () => {
      stubApi({ 'POST /api/users/login': { token: fakeToken(), user: ADMIN } });
      renderAt(routes, { pathname: '/login', state: { sessionExpired: true, from: '/results', fromUserId: MEMBER.id } });
      type('Email', ADMIN.email);
      type('Password', 'secret1');
      fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
      expect(await screen.findByText(/Admin page/)).toBeInTheDocument();
    });

    it.each([
      [{ id: 7, role: 'user' as const }, null, '/dashboard'],
      [{ id: 1, role: 'admin' as const }, null, '/admin'],
      [{ id: 1, role: 'admin' as const }, { from: '/admin/games?week=2', fromUserId: 1 }, '/admin/games?week=2'],
      [{ id: 7, role: 'user' as const }, { from: '/profile' }, '/profile'],
      [{ id: 7, role: 'user' as const }, { from: '//evil.example' }, '/dashboard'],
      [{ id: 7, role: 'user' as const }, { from: '/login' }, '/dashboard'],
    ])('lands %o with state %o on %s', (user, state, expected) => {
      expect(landingAfterLogin(user, state)).toBe(expected);
    });

    it('shows a success message passed through navigation, and links to the password reset', () => {
      stubApi({});
      renderAt(routes, { pathname: '/login', state: { message: 'Your password has been reset.', email: 'fan@pool.test' } });
      expect(screen.getByText('Your password has been reset.')).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('fan@pool.test');
      expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password');
    });
  });

  describe('register', () => {
    const invited = (email = 'new@pool.test') => ({ 'GET /api/invitation_tokens/abc123': { email } });

    it('sends the invitation token, says "Registration successful! Redirecting..." and goes to /login after 1.5 s with the e-mail and a success message', async () => {
      const { calls } = stubApi({ ...invited(), 'POST /api/register': () => ({ status: 201, body: { message: 'Registration successful', user: MEMBER } }) });
      renderAt(routes, '/register?invitation_token=abc123');
      await waitFor(() => expect(field('Email')).toHaveValue('new@pool.test'));
      type('Name', 'New Fan');
      type('Password', 'kickoff-season1');
      fireEvent.click(screen.getByRole('button', { name: 'Register' }));
      expect(await screen.findByText('Registration successful! Redirecting...')).toBeInTheDocument();
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'New Fan', email: 'new@pool.test', password: 'kickoff-season1', invitation_token: 'abc123' });
      const started = Date.now();
      expect(await screen.findByRole('heading', { name: 'Sign In' }, { timeout: 3000 })).toBeInTheDocument();
      expect(Date.now() - started).toBeGreaterThanOrEqual(1300);
      expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('new@pool.test');
      expect(screen.getByText(REGISTER_TEXTS.signInNow)).toBeInTheDocument();
    });

    it('fills in the invited e-mail from the link and locks it', async () => {
      const { calls } = stubApi(invited('invited@pool.test'));
      renderAt(routes, '/register?invitation_token=abc123');
      await waitFor(() => expect(field('Email')).toHaveValue('invited@pool.test'));
      expect(field('Email')).toHaveAttribute('readonly');
      expect(calls[0].path).toBe('/api/invitation_tokens/abc123');
      type('Email', 'typo@pool.test');
      expect(field('Email')).toHaveValue('invited@pool.test');
      expect(screen.getByRole('button', { name: 'Register' })).toBeEnabled();
    });

    it.each([
      [404, 'This invitation link is not valid'],
      [410, 'This invitation has already been used'],
      [410, 'This invitation has expired'],
    ])("shows the server's reason for an unusable link (%d) and sends nothing", async (status, message) => {
      const { calls } = stubApi({ 'GET /api/invitation_tokens/bad': () => ({ status, body: { errors: [message] } }) });
      renderAt(routes, '/register?invitation_token=bad');
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(screen.getByRole('button', { name: 'Register' })).toBeDisabled();
      expect(field('Email')).toBeDisabled();
      expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    });

    it('requires name, e-mail and password, and shows the first error, else "Registration failed"', async () => {
      stubApi({ 'GET /api/invitation_tokens/used': { email: 'fan@pool.test' }, 'POST /api/register': () => ({ status: 422, body: { errors: ['This invitation has already been used', 'other'] } }) });
      renderAt(routes, '/register?invitation_token=used');
      for (const label of ['Name', 'Email', 'Password']) expect(field(label)).toBeRequired();
      await waitFor(() => expect(field('Email')).toHaveValue('fan@pool.test'));
      type('Name', 'Fan');
      type('Password', 'kickoff-season1');
      fireEvent.click(screen.getByRole('button', { name: 'Register' }));
      expect(await screen.findByText('This invitation has already been used')).toBeInTheDocument();
      stubApi({ 'POST /api/register': () => ({ status: 500, body: null }) });
      fireEvent.click(screen.getByRole('button', { name: 'Register' }));
      expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    });
  });

  describe('password reset', () => {
    it('asks for the e-mail, then says "Check Your Email" with the server’s message, the spam hint and a way back', async () => {
      const { calls } = stubApi({ 'POST /api/password_resets': { message: 'If that e-mail has an account, a link is on its way.' } });
      renderAt(routes, '/forgot-password');
      type('Email', 'fan@pool.test');
      fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
      expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
      expect(screen.getByText('If that e-mail has an account, a link is on its way.')).toBeInTheDocument();
      expect(screen.getByText(/spam folder/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
      expect(calls[0].body).toEqual({ email: 'fan@pool.test' });
    });

    it('falls back to "An error occurred. Please try again."', async () => {
      stubApi({ 'POST /api/password_resets': () => ({ status: 500, body: {} }) });
      renderAt(routes, '/forgot-password');
      type('Email', 'fan@pool.test');
      fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
      expect(await screen.findByText('An error occurred. Please try again.')).toBeInTheDocument();
    });

    it('validates the token, shows its e-mail, checks the new password and goes to /login with the success message', async () => {
      const { calls } = stubApi({
        'GET /api/password_resets/tok1': { email: 'fan@pool.test' },
        'PATCH /api/password_resets/tok1': { message: 'Your password has been reset. You can now log in with the new password.' },
      });
      renderAt(routes, '/reset-password/tok1');
      expect(screen.getByText('Validating reset token...')).toBeInTheDocument();
      expect(await screen.findByText('fan@pool.test')).toBeInTheDocument();

      type('New Password', 'short');
      type('Confirm New Password', 'short');
      fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
      expect(screen.getByText('Password must be at least 12 characters long.')).toBeInTheDocument();
      type('New Password', 'longer-password1');
      type('Confirm New Password', 'longer-password2');
      fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
      expect(screen.getByText('Passwords do not match.')).toBeInTheDocument();
      expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);

      type('Confirm New Password', 'longer-password1');
      fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
      expect(await screen.findByText('Your password has been reset. You can now log in with the new password.')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
      expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ password_reset: { password: 'longer-password1', password_confirmation: 'longer-password1' } });
    });

    it('shows "Invalid Reset Link" with ways to a new reset or to login', async () => {
      stubApi({ 'GET /api/password_resets/old': () => ({ status: 404, body: { errors: ['This reset link is not valid'] } }) });
      renderAt(routes, '/reset-password/old');
      expect(await screen.findByRole('heading', { name: 'Invalid Reset Link' })).toBeInTheDocument();
      expect(screen.getByText('Invalid or expired reset token.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/forgot-password');
      expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    });

    it('says "Failed to reset password. Please try again." when the reset fails without a reason', async () => {
      stubApi({ 'GET /api/password_resets/tok2': { email: 'fan@pool.test' }, 'PATCH /api/password_resets/tok2': () => ({ status: 500, body: {} }) });
      renderAt(routes, '/reset-password/tok2');
      await screen.findByText('fan@pool.test');
      type('New Password', 'longer-password1');
      type('Confirm New Password', 'longer-password1');
      fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
      expect(await screen.findByText('Failed to reset password. Please try again.')).toBeInTheDocument();
    });
  });
});
