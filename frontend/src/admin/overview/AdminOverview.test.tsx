import { screen } from '@testing-library/react';
import { session } from '../../session/session';
import { renderAdmin, stubAdminApi } from '../test/adminTestUtils';

describe('Admin Overview', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    session.clear();
  });

  it('counts each resource, links each card to its screen, and shows "Error" for a count that fails', async () => {
    stubAdminApi({
      'GET /api/users': () => ({ body: [{ id: 1 }], total: 12 }),
      'GET /api/invitations': () => ({ body: [{ id: 1 }], total: 3 }),
      'GET /api/games': () => ({ status: 500, body: { errors: ['Internal server error'] } }),
      'GET /api/weeks': () => ({ body: [{ id: 1 }], total: 15 }),
      'GET /api/picks': () => ({ body: [{ id: 1 }], total: 240 }),
      'GET /api/conferences': () => ({ body: [{ id: 1 }], total: 11 }),
      'GET /api/football_seasons': () => ({ body: [{ id: 1 }], total: 2 }),
      'GET /api/teams': () => ({ body: [{ id: 1 }], total: 136 }),
    });
    renderAdmin('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Overview' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Users 12' })).toHaveAttribute('href', '/admin/users');
    expect(await screen.findByRole('link', { name: 'Invitations 3' })).toHaveAttribute('href', '/invites');
    expect(await screen.findByRole('link', { name: 'Games Error' })).toHaveAttribute('href', '/admin/games');
    expect(await screen.findByRole('link', { name: 'Teams 136' })).toHaveAttribute('href', '/admin/teams');
    expect(await screen.findByRole('link', { name: 'Seasons 2' })).toHaveAttribute('href', '/admin/seasons');
    expect(screen.getByRole('link', { name: 'Calculate Results' })).toHaveAttribute('href', '/admin/weekly-results');
    expect(screen.getByRole('link', { name: 'Send Notifications' })).toHaveAttribute('href', '/admin/notifications');
    expect(screen.getByRole('link', { name: 'Season Standings' })).toHaveAttribute('href', '/admin/season-results');
  });
});
