import { screen, within } from '@testing-library/react';
import { ADMIN, renderAt, signIn } from '../test/helpers';
import { dashboardTestHooks, pool } from './dashboardTestSupport';
import DashboardPage from './DashboardPage';

describe('the dashboard', () => {
  dashboardTestHooks();

  it('gives admins the Admin Management button and links, no pick buttons, and never asks for their own picks', async () => {
    signIn(ADMIN);
    const { calls } = pool();
    renderAt(<DashboardPage />, '/dashboard');
    const tiebreaker = await screen.findByRole('article', { name: 'Away 3 @ Home 3' });
    expect(screen.getByRole('link', { name: 'Admin Management' })).toHaveAttribute('href', '/admin');
    const links = within(screen.getByRole('navigation', { name: 'Admin links' })).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/admin/conferences', '/admin/teams', '/admin/weeks', '/admin/games', '/admin/users']);
    expect(within(tiebreaker).queryByRole('button')).toBeNull();
    expect(within(tiebreaker).queryByLabelText(/score/)).toBeNull();
    expect(screen.queryByText('Pick Status Summary')).toBeNull();
    expect(calls.some((call) => call.path.startsWith('/api/picks'))).toBe(false);
  });
});
