import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { ActiveSession, Profile } from '../api/types';
import { session } from '../session/session';
import { fakeToken, MEMBER, outsideActEnvironment, renderAt, signIn, stubApi } from '../test/helpers';
import ProfilePage from './ProfilePage';

const PROFILE: Profile = {
  ...MEMBER,
  first_name: 'Pat',
  last_name: null,
  date_of_birth: '1990-04-21',
  phone: null,
  wins: 0,
  losses: 0,
  created_at: '2025-08-01T12:00:00.000Z',
  favorite_team_id: 2,
  favorite_team: { id: 2, name: 'Georgia' },
};
const TEAMS = [
  { id: 1, name: 'Alabama', nickname: 'Crimson Tide' },
  { id: 2, name: 'Georgia', nickname: 'Bulldogs' },
];

const card = (name: string) => screen.getByRole('region', { name });
const field = (scope: HTMLElement, label: string) => within(scope).getByLabelText(new RegExp(`^${label}( \\*)?$`));

describe('the profile', () => {
  outsideActEnvironment();
  beforeEach(() => {
    localStorage.clear();
    signIn(MEMBER);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('shows Profile Settings with its three cards, and the read-only account information', async () => {
    stubApi({ 'GET /api/me': PROFILE, 'GET /api/teams': TEAMS });
    renderAt(<ProfilePage />, '/profile');
    expect(screen.getByRole('heading', { level: 1, name: 'Profile Settings' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Personal Information' });
    expect(card('Change Password')).toBeInTheDocument();
    const account = card('Account Information');
    expect(account).toHaveTextContent('Emailfan@pool.test');
    expect(account).toHaveTextContent('Display NameFan');
    expect(account).toHaveTextContent('Account TypeMember');
    expect(account).toHaveTextContent('Favorite TeamGeorgia');
    expect(field(card('Personal Information'), 'First Name')).toHaveValue('Pat');
    expect(field(card('Personal Information'), 'Date of Birth')).toHaveValue('1990-04-21');
    await waitFor(() => expect(field(card('Personal Information'), 'Favorite Team')).toHaveValue('2'));
  });

  it('saves the personal information and says "Profile updated successfully!"', async () => {
    const { calls } = stubApi({
      'GET /api/me': PROFILE,
      'GET /api/teams': TEAMS,
      'PATCH /api/me/profile': (body: unknown) => ({ status: 200, body: { ...PROFILE, ...(body as object), favorite_team: { id: 1, name: 'Alabama' } } }),
    });
    renderAt(<ProfilePage />, '/profile');
    const personal = await screen.findByRole('region', { name: 'Personal Information' });
    await within(personal).findByRole('option', { name: 'Alabama' });
    fireEvent.change(field(personal, 'Last Name'), { target: { value: 'Jones' } });
    fireEvent.change(field(personal, 'Phone'), { target: { value: '555 0100' } });
    fireEvent.change(field(personal, 'Favorite Team'), { target: { value: '1' } });
    fireEvent.click(within(personal).getByRole('button', { name: 'Update Profile' }));
    expect(await within(personal).findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      first_name: 'Pat',
      last_name: 'Jones',
      date_of_birth: '1990-04-21',
      phone: '555 0100',
      favorite_team_id: 1,
    });
    expect(card('Account Information')).toHaveTextContent('Favorite TeamAlabama');
  });

  it('joins every profile error with ", ", else says "Failed to update profile"', async () => {
    const routes = {
      'GET /api/me': PROFILE,
      'GET /api/teams': TEAMS,
      'PATCH /api/me/profile': () => ({ status: 422, body: { errors: ['phone may contain only digits', 'date_of_birth must be a real calendar date'] } }),
    };
    stubApi(routes);
    renderAt(<ProfilePage />, '/profile');
    const personal = await screen.findByRole('region', { name: 'Personal Information' });
    fireEvent.click(within(personal).getByRole('button', { name: 'Update Profile' }));
    expect(await within(personal).findByText('phone may contain only digits, date_of_birth must be a real calendar date')).toBeInTheDocument();
    stubApi({ ...routes, 'PATCH /api/me/profile': () => ({ status: 500, body: {} }) });
    fireEvent.click(within(personal).getByRole('button', { name: 'Update Profile' }));
    expect(await within(personal).findByText('Failed to update profile')).toBeInTheDocument();
  });

  it('changes the password: all three required, confirmation must match, the fresh token is kept', async () => {
    const freshToken = fakeToken(Math.floor(Date.now() / 1000) + 7200);
    const { calls } = stubApi({
      'GET /api/me': PROFILE,
      'GET /api/teams': TEAMS,
      'PATCH /api/me/password': { message: 'Password updated successfully!', token: freshToken },
    });
    renderAt(<ProfilePage />, '/profile');
    const password = await screen.findByRole('region', { name: 'Change Password' });
    for (const label of ['Current Password', 'New Password', 'Confirm New Password']) expect(field(password, label)).toBeRequired();
    fireEvent.change(field(password, 'Current Password'), { target: { value: 'secret1' } });
    fireEvent.change(field(password, 'New Password'), { target: { value: 'better-password1' } });
    fireEvent.change(field(password, 'Confirm New Password'), { target: { value: 'better-password2' } });
    fireEvent.click(within(password).getByRole('button', { name: 'Change Password' }));
    expect(within(password).getByText('New password and confirmation do not match')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    fireEvent.change(field(password, 'Confirm New Password'), { target: { value: 'better-password1' } });
    fireEvent.click(within(password).getByRole('button', { name: 'Change Password' }));
    expect(await within(password).findByText('Password updated successfully!')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ current_password: 'secret1', new_password: 'better-password1', password_confirmation: 'better-password1' });
    expect(session.token()).toBe(freshToken);
    expect(field(password, 'Current Password')).toHaveValue('');
  });

  it('shows the password errors joined, else "Failed to update password"', async () => {
    stubApi({ 'GET /api/me': PROFILE, 'GET /api/teams': TEAMS, 'PATCH /api/me/password': () => ({ status: 422, body: { errors: ['Current password is incorrect'] } }) });
    renderAt(<ProfilePage />, '/profile');
    const password = await screen.findByRole('region', { name: 'Change Password' });
    for (const label of ['Current Password', 'New Password', 'Confirm New Password']) fireEvent.change(field(password, label), { target: { value: 'abcdef-ghijkl' } });
    fireEvent.click(within(password).getByRole('button', { name: 'Change Password' }));
    expect(await within(password).findByText('Current password is incorrect')).toBeInTheDocument();
    expect(session.token()).not.toBeNull();
  });

  describe('Active sessions', () => {
    const SESSIONS: ActiveSession[] = [
      { id: 'here', created_at: '2026-11-20T10:00:00.000Z', last_seen_at: '2026-11-25T09:00:00.000Z', ip: '203.0.113.7', user_agent: 'Firefox on Windows', current: true },
      { id: 'phone', created_at: '2026-11-18T08:00:00.000Z', last_seen_at: '2026-11-24T21:30:00.000Z', ip: '198.51.100.4', user_agent: 'Safari on iOS', current: false },
    ];
    const page = () =>
      renderAt(
        <Routes>
          <Route path="/profile" element={<ProfilePage />} />
          <Route path="/login" element={<p>The login page</p>} />
        </Routes>,
        '/profile',
      );

    it('lists the sessions with this device marked, and logs out another one', async () => {
      const { calls } = stubApi({
        'GET /api/me': PROFILE,
        'GET /api/teams': TEAMS,
        'GET /api/me/sessions': SESSIONS,
        'DELETE /api/me/sessions/phone': () => ({ status: 204, body: undefined }),
      });
      page();
      const sessions = await screen.findByRole('region', { name: 'Active sessions' });
      const items = await within(sessions).findAllByRole('listitem');
      expect(items.map((item) => item.textContent)).toEqual([
        expect.stringMatching(/^Firefox on WindowsThis deviceSigned in .*, last active .*, from 203\.0\.113\.7$/),
        expect.stringMatching(/^Safari on iOSSigned in .*from 198\.51\.100\.4Log out$/),
      ]);
      // This device is left to the top bar's Logout: only the other session has a button.
      expect(within(items[0]).queryByRole('button')).toBeNull();
      fireEvent.click(within(items[1]).getByRole('button', { name: /^Log out Safari on iOS/ }));
      expect(await within(sessions).findByText('That session was logged out.')).toBeInTheDocument();
      expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/api/me/sessions/phone']);
      expect(within(sessions).getAllByRole('listitem')).toHaveLength(1);
      expect(session.token()).not.toBeNull();
    });

    it('shows the server\'s error when a session cannot be logged out, and keeps it listed', async () => {
      stubApi({
        'GET /api/me': PROFILE,
        'GET /api/teams': TEAMS,
        'GET /api/me/sessions': SESSIONS,
        'DELETE /api/me/sessions/phone': () => ({ status: 404, body: { errors: ['Session not found'] } }),
      });
      page();
      const sessions = await screen.findByRole('region', { name: 'Active sessions' });
      fireEvent.click(await within(sessions).findByRole('button', { name: /^Log out Safari on iOS/ }));
      expect(await within(sessions).findByText('Session not found')).toBeInTheDocument();
      expect(within(sessions).getAllByRole('listitem')).toHaveLength(2);
    });

    it('"Log out everywhere" ends every session on the server, then this one here, and goes to the login page', async () => {
      const { calls } = stubApi({
        'GET /api/me': PROFILE,
        'GET /api/teams': TEAMS,
        'GET /api/me/sessions': SESSIONS,
        'POST /api/logout_everywhere': () => ({ status: 204, body: undefined }),
      });
      page();
      const sessions = await screen.findByRole('region', { name: 'Active sessions' });
      fireEvent.click(within(sessions).getByRole('button', { name: 'Log out everywhere' }));
      expect(await screen.findByText('The login page')).toBeInTheDocument();
      expect(calls.some((call) => call.method === 'POST' && call.path === '/api/logout_everywhere')).toBe(true);
      expect(session.token()).toBeNull();
    });

    it('"Log out everywhere" that the server refuses says so and stays signed in', async () => {
      stubApi({
        'GET /api/me': PROFILE,
        'GET /api/teams': TEAMS,
        'GET /api/me/sessions': SESSIONS,
        'POST /api/logout_everywhere': () => ({ status: 500, body: { errors: ['Something went wrong'] } }),
      });
      page();
      const sessions = await screen.findByRole('region', { name: 'Active sessions' });
      fireEvent.click(within(sessions).getByRole('button', { name: 'Log out everywhere' }));
      expect(await within(sessions).findByText('Something went wrong')).toBeInTheDocument();
      expect(session.token()).not.toBeNull();
      expect(screen.queryByText('The login page')).toBeNull();
    });
  });
});
